/**
 * The waiting lists he is on, in My bookings: each event, his number on
 * its list or the place held for him (until when, and the way to book it),
 * and Leave. Shown only when he is on one; the server answers each place,
 * as on the event's page.
 */
import { Link } from 'react-router-dom';
import { formatLongDate, formatTime } from '@/domain/format';
import { londonDate, londonTime } from '@/domain/london-time';
import type { MyWaitingList } from '@/domain/waiting-list';
import { paths } from '@/lib/paths';
import { OnlineOnlyNote, useFailedForSignal } from '@/lib/ui/online-only-note';
import { useChangeWaitingPlace, useMyWaitingLists } from '@/lib/waiting-list';

const heldUntil = (iso: string) => `${londonTime(new Date(iso))} on ${formatLongDate(londonDate(new Date(iso)))}`;

function WaitingListCard({ userId, list: { event, place } }: { userId: string; list: MyWaitingList }) {
  const change = useChangeWaitingPlace(userId, event.event_id);
  const titleId = `waiting-${event.event_id}`;
  return (
    <li className="card booking-card" aria-labelledby={titleId}>
      <h3 id={titleId}>
        <Link to={paths.event(event.event_id)}>{event.event_name}</Link>
      </h3>
      <p className="booking-status">
        {place.offer ? (
          <>
            <strong>A place is held for you</strong> at {formatTime(place.offer.slot)} until {heldUntil(place.offer.expires_at)} (UK time).
          </>
        ) : place.position ? (
          `You are number ${place.position} on the waiting list.`
        ) : (
          'You are on the waiting list.'
        )}
      </p>
      <dl>
        <div>
          <dt>Date</dt>
          <dd>{formatLongDate(event.event_date)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {formatTime(event.start_time)} to {formatTime(event.end_time)}
          </dd>
        </div>
        {event.city && (
          <div>
            <dt>Town</dt>
            <dd>{event.city}</dd>
          </div>
        )}
      </dl>
      <div className="booking-actions">
        {place.offer && (
          <Link to={paths.bookEventOffer(event.event_id, place.offer.token)} className="button button-primary">
            Book the place held for you<span className="visually-hidden"> at {event.event_name}</span>
          </Link>
        )}
        <button type="button" className="button" disabled={change.isPending} onClick={() => change.mutate('leave')}>
          Leave the waiting list<span className="visually-hidden"> for {event.event_name}</span>
        </button>
      </div>
      {change.isError && (
        <p className="form-failure" role="alert">
          {change.error.message}
        </p>
      )}
    </li>
  );
}

export function WaitingListsSection({ userId }: { userId: string }) {
  const lists = useMyWaitingLists(userId);
  // Never saved on the phone (a place moves as others leave): offline, a plain line.
  const noSignal = useFailedForSignal(lists.error);
  if (lists.isError && noSignal) return <OnlineOnlyNote>Your places on waiting lists show when you are online.</OnlineOnlyNote>;
  if (lists.isError) {
    return (
      <p className="form-failure" role="alert">
        Your waiting lists could not be loaded: {lists.error.message}
      </p>
    );
  }
  if (!lists.data?.length) return null;
  return (
    <section aria-labelledby="waiting-lists-title">
      <h2 id="waiting-lists-title">Waiting lists</h2>
      <ul className="booking-list">
        {lists.data.map((list) => (
          <WaitingListCard key={list.event.event_id} userId={userId} list={list} />
        ))}
      </ul>
    </section>
  );
}
