/**
 * A list of events as the staff console shows them: a table on a wide
 * screen, one card per event on a phone, each with its places booked,
 * arrivals, and the way to its attendee list and editor.
 */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatLongDate } from '@/domain/format';
import type { StaffRole } from '@/domain/staff-roles';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import type { StaffEvent } from '../api/staff-events';
import { can } from '../staff-permissions';

function EventActions({ event, role }: { event: StaffEvent; role: StaffRole }) {
  return (
    <>
      <Link className="staff-link" to={paths.staffEvent(event.event_id)}>
        Attendees<span className="visually-hidden"> at {event.event_name}</span>
      </Link>
      {!event.cancelled_at && can(role, 'manageEvents') && (
        <>
          {' · '}
          <Link className="staff-link" to={paths.staffEditEvent(event.event_id)}>
            Edit<span className="visually-hidden"> {event.event_name}</span>
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

export function EventsList({ caption, events, role }: { caption: string; events: StaffEvent[]; role: StaffRole }) {
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
