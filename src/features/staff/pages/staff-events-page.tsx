/**
 * /staff: every event, upcoming first (soonest first), then past and
 * cancelled ones (latest first), with places booked and arrivals, and the
 * way to each attendee list and editor; above them, any event whose
 * results file has lines needing checking. Each role sees only what it may
 * use (staff-permissions.ts); a volunteer lands on the events he is
 * assigned to today, and nothing else.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatLongDate } from '@/domain/format';
import { londonDate } from '@/domain/london-time';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { useNow } from '@/lib/use-now';
import { useResultHoldCounts } from '../api/result-holds';
import { useStaffEvents, type StaffEvent } from '../api/staff-events';
import { useMyEvents } from '../api/staff-accounts';
import { RequireStaff } from '../components/require-staff';
import { can } from '../staff-permissions';
import type { StaffRole } from '@/domain/staff-roles';
import '../staff.css';

function EventActions({ event, role }: { event: StaffEvent; role: StaffRole }) {
  return (
    <>
      <Link to={paths.staffEvent(event.event_id)}>
        Attendees<span className="visually-hidden">: {event.event_name}</span>
      </Link>
      {!event.cancelled_at && can(role, 'manageEvents') && (
        <>
          {' · '}
          <Link to={paths.staffEditEvent(event.event_id)}>
            Edit<span className="visually-hidden">: {event.event_name}</span>
          </Link>
        </>
      )}
    </>
  );
}

function EventTags({ event }: { event: StaffEvent }) {
  return (
    <>
      {event.is_private && <span className="staff-tag">Private</span>} {event.cancelled_at && <span className="staff-cancelled">Cancelled</span>}
    </>
  );
}

/** On a phone: one card per event, where the table was 707 px wide. */
function EventCards({ caption, events, role }: { caption: string; events: StaffEvent[]; role: StaffRole }) {
  const id = `staff-events-${caption.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="staff-list-title">
        {caption}
      </h2>
      <ul className="staff-cards">
        {events.map((event) => (
          <li key={event.event_id} className="staff-card">
            <h3 className="staff-card-title">
              {event.event_name} <EventTags event={event} />
            </h3>
            <p>
              {formatLongDate(event.event_date)}, {event.start_time} to {event.end_time}, {event.city}
            </p>
            <p>
              Booked {event.booked_spaces} of {event.total_spaces}; arrived {event.checked_in}
            </p>
            <p>
              <EventActions event={event} role={role} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EventsList({ caption, events, role }: { caption: string; events: StaffEvent[]; role: StaffRole }) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  if (events.length === 0) return null;
  return narrow ? <EventCards caption={caption} events={events} role={role} /> : <EventsTable caption={caption} events={events} role={role} />;
}

function EventsTable({ caption, events, role }: { caption: string; events: StaffEvent[]; role: StaffRole }) {
  return (
    <table className="staff-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Event</th>
          <th scope="col">Town</th>
          <th scope="col">Booked</th>
          <th scope="col">Arrived</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {events.map((event) => (
          <tr key={event.event_id}>
            <td>
              {formatLongDate(event.event_date)}, {event.start_time} to {event.end_time}
            </td>
            <td>
              {event.event_name} <EventTags event={event} />
            </td>
            <td>{event.city}</td>
            <td>
              {event.booked_spaces} of {event.total_spaces}
            </td>
            <td>{event.checked_in}</td>
            <td>
              <EventActions event={event} role={role} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Events whose results file left lines for a person to check: nobody is told his result until they are. */
function ResultsToCheck({ userId }: { userId: string }) {
  const counts = useResultHoldCounts(userId);
  const events = counts.data?.events ?? [];
  if (events.length === 0) return null;
  const total = events.reduce((sum, e) => sum + e.waiting, 0);
  return (
    <section className="results-to-check" aria-labelledby="results-to-check-title">
      <h2 id="results-to-check-title">Results needing checking ({total})</h2>
      <ul>
        {events.map((e) => (
          <li key={e.event_id}>
            <Link to={`${paths.staffEvent(e.event_id)}#needs-checking`}>
              {e.event_name}, {formatLongDate(e.event_date)}
            </Link>
            : {e.waiting === 1 ? '1 line' : `${e.waiting} lines`}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A volunteer's console: the events he is assigned to today, each leading to its door. */
function VolunteerEvents({ userId }: { userId: string }) {
  const events = useMyEvents(userId);
  return (
    <div className="page staff-page">
      <h1>Your events today</h1>
      <div className="staff-toolbar">
        <Link className="button" to={paths.staffRegisterMember}>
          Register a member
        </Link>
      </div>
      {events.data ? (
        events.data.length === 0 ? (
          <p>You are not assigned to an event today. An admin assigns volunteers to each event.</p>
        ) : (
          <EventsList caption="Your events today" events={events.data} role="volunteer" />
        )
      ) : events.error ? (
        <p className="form-failure" role="alert">
          {events.error.message}
        </p>
      ) : (
        <Spinner label="Loading your events" />
      )}
    </div>
  );
}

function StaffEvents({ userId, role }: { userId: string; role: StaffRole }) {
  const events = useStaffEvents(userId);
  const today = londonDate(useNow());
  const all = events.data ?? [];
  const upcoming = all.filter((e) => e.event_date >= today && !e.cancelled_at);
  const past = all.filter((e) => e.event_date < today || e.cancelled_at).reverse();
  return (
    <div className="page staff-page">
      <h1>Staff console: events</h1>
      <div className="staff-toolbar">
        {can(role, 'manageEvents') && (
          <Link className="button button-primary" to={paths.staffNewEvent}>
            New event
          </Link>
        )}
        {can(role, 'registerMember') && (
          <Link className="button" to={paths.staffRegisterMember}>
            Register a member
          </Link>
        )}
        {can(role, 'failures') && (
          <Link className="button" to={paths.staffFailures}>
            Emails and refunds not done
          </Link>
        )}
        {can(role, 'clinical') && (
          <Link className="button" to={paths.staffStatistics}>
            Screening statistics
          </Link>
        )}
        {can(role, 'staffAccounts') && (
          <Link className="button" to={paths.staffAccounts}>
            Staff and roles
          </Link>
        )}
        {can(role, 'clinical') && (
          <Link className="button" to={paths.staffClinicalRules}>
            Clinical rules
          </Link>
        )}
      </div>
      {can(role, 'clinical') && <ResultsToCheck userId={userId} />}
      {events.data ? (
        <>
          {upcoming.length === 0 && <p>No upcoming events.</p>}
          <EventsList caption="Upcoming events" events={upcoming} role={role} />
          <EventsList caption="Past and cancelled events" events={past} role={role} />
        </>
      ) : events.error ? (
        <p className="form-failure" role="alert">
          {events.error.message}
        </p>
      ) : (
        <Spinner label="Loading events" />
      )}
    </div>
  );
}

export default function StaffEventsPage() {
  useDocumentTitle('Staff console');
  return (
    <RequireStaff>
      {(member, role) => (can(role, 'allEvents') ? <StaffEvents userId={member.userId} role={role} /> : <VolunteerEvents userId={member.userId} />)}
    </RequireStaff>
  );
}
