/**
 * /staff: the events around today, upcoming first (soonest first), then
 * past and cancelled ones (latest first), with places booked and arrivals,
 * and the way to each attendee list and editor; "Show later events" and
 * "Show earlier events" read the next page each way
 * (src/domain/staff-events-query.ts), and the pages shown are kept in this
 * page's history entry, so coming back from an event finds them as they
 * were. Above them, any event whose results file has lines needing
 * checking. Each role sees only what it may use (staff-permissions.ts); a
 * volunteer lands on the events he is assigned to today, and nothing else.
 */
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatLongDate } from '@/domain/format';
import { isIsoDate, londonDate } from '@/domain/london-time';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { useResultHoldCounts } from '../api/result-holds';
import { useStaffEventPages, type MorePages } from '../api/staff-events';
import { useMyEvents } from '../api/staff-accounts';
import { RequireStaff } from '../components/require-staff';
import { EventsList } from '../components/staff-events-list';
import { can } from '../staff-permissions';
import type { StaffRole } from '@/domain/staff-roles';
import '../staff.css';

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

/** The pages asked for beyond the one around today: the `before=` days and the `from=` days, in the order asked. */
interface ShownPages {
  earlier: string[];
  later: string[];
}

const days = (value: unknown): string[] => (Array.isArray(value) ? value.filter((day): day is string => typeof day === 'string' && isIsoDate(day)) : []);

/** The pages shown, kept in this page's history entry (a Back from an attendee list comes back to them). */
function useShownPages(): [ShownPages, (pages: ShownPages) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const kept = (location.state as { staffEventPages?: { earlier?: unknown; later?: unknown } } | null)?.staffEventPages;
  const shown = { earlier: days(kept?.earlier), later: days(kept?.later) };
  const show = (pages: ShownPages) =>
    navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: { ...(location.state as object | null), staffEventPages: pages } });
  return [shown, show];
}

/** The button to read the next page one way, while there is one; a page that did not come says why and offers it again. */
function ShowMore({ label, pages, onShow }: { label: string; pages: MorePages; onShow: (day: string) => void }) {
  if (pages.error) {
    return (
      <p className="form-failure" role="alert">
        {pages.error.message}{' '}
        <button type="button" className="button" onClick={pages.retry}>
          Try again
        </button>
      </p>
    );
  }
  if (!pages.next && !pages.loading) return null;
  return (
    <p className="staff-more">
      <button type="button" className="button" disabled={pages.loading} onClick={() => pages.next && onShow(pages.next)}>
        {pages.loading ? 'Loading…' : label}
      </button>
    </p>
  );
}

function StaffEvents({ userId, role }: { userId: string; role: StaffRole }) {
  const [shown, show] = useShownPages();
  const { around, events, back, ahead } = useStaffEventPages(userId, shown.earlier, shown.later);
  const today = londonDate(useNow());
  const upcoming = events.filter((e) => e.event_date >= today && !e.cancelled_at);
  const past = events.filter((e) => e.event_date < today || e.cancelled_at).reverse();
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
      {around.data ? (
        <>
          {upcoming.length === 0 && <p>No upcoming events.</p>}
          <EventsList caption="Upcoming events" events={upcoming} role={role} />
          <ShowMore label="Show later events" pages={ahead} onShow={(day) => show({ ...shown, later: [...shown.later, day] })} />
          <EventsList caption="Past and cancelled events" events={past} role={role} />
          <ShowMore label="Show earlier events" pages={back} onShow={(day) => show({ ...shown, earlier: [...shown.earlier, day] })} />
        </>
      ) : around.error ? (
        <p className="form-failure" role="alert">
          {around.error.message}
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
