/**
 * The event's waiting list for staff (docs/decisions/0019-waiting-list.md): who
 * waits, in order, and each offer made: the place held, until when, and what
 * became of it. A list of short entries rather than a table, so a 360 px phone
 * shows it whole without scrolling sideways.
 */
import { formatLongDate } from '@/domain/format';
import { londonDate, londonTime } from '@/domain/london-time';
import { WAITING_STATUS_LABELS, type StaffWaitingEntry } from '@/domain/waiting-list';
import { Spinner } from '@/lib/ui/spinner';
import { useStaffWaitingList } from '../api/waiting-list';

const when = (iso: string) => `${londonTime(new Date(iso))}, ${formatLongDate(londonDate(new Date(iso)))}`;

function Entry({ entry }: { entry: StaffWaitingEntry }) {
  return (
    <li className="waiting-entry">
      <p className="waiting-entry-who">
        {entry.position !== null && <span className="waiting-entry-position">{entry.position}. </span>}
        <strong>{entry.name}</strong> <span className="waiting-entry-email">{entry.email}</span>
      </p>
      <p>
        <strong className="waiting-status">{WAITING_STATUS_LABELS[entry.status]}</strong> · Joined {when(entry.joined_at)}
      </p>
      {entry.offered_at && entry.offer_expires_at && (
        <p>
          Offered {entry.offer_slot} at {when(entry.offered_at)}; held until {when(entry.offer_expires_at)}
        </p>
      )}
    </li>
  );
}

export function WaitingListSection({ userId, eventId }: { userId: string; eventId: string }) {
  const list = useStaffWaitingList(userId, eventId);
  let body;
  if (list.isPending) body = <Spinner label="Loading the waiting list" />;
  else if (list.isError) {
    body = (
      <p className="form-failure" role="alert">
        {list.error.message}
      </p>
    );
  } else if (list.data.length === 0) body = <p>Nobody is on this event’s waiting list.</p>;
  else {
    const waiting = list.data.filter((e) => e.status === 'waiting').length;
    const offered = list.data.filter((e) => e.status === 'offered').length;
    body = (
      <>
        <p>
          {waiting} waiting, {offered} {offered === 1 ? 'place' : 'places'} held for an offer.
        </p>
        <ol className="waiting-list-entries">
          {list.data.map((entry) => (
            <Entry key={entry.entry_id} entry={entry} />
          ))}
        </ol>
      </>
    );
  }
  return (
    <section className="staff-waiting-list no-print" aria-labelledby="waiting-list-title">
      <h2 id="waiting-list-title">Waiting list</h2>
      {body}
    </section>
  );
}
