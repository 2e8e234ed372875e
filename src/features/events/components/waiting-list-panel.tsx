/**
 * A fully booked event's waiting list on its page
 * (docs/decisions/0019-waiting-list.md): a visitor is asked to sign in; a
 * member can join, sees his position and can leave; a member offered a freed
 * place sees until when it is held and books it, first of all on the page
 * (HeldPlaceNotice, under the event's name); a member whose held place passed
 * on unbooked is told so and where he stands. What changes is said in a live
 * region, and a refusal as an alert.
 */
import { Link } from 'react-router-dom';
import type { ScreeningEvent } from '@/domain/event';
import { formatLongDate, formatTime } from '@/domain/format';
import { londonDate, londonTime } from '@/domain/london-time';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { standingText } from '@/domain/waiting-list';
import { useChangeWaitingPlace, useMyWaitingPlace } from '@/lib/waiting-list';

/** "21:00 on Tuesday, 1 December 2026": an instant read on UK wall-clock. */
export const heldUntil = (iso: string) => `${londonTime(new Date(iso))} on ${formatLongDate(londonDate(new Date(iso)))}`;

function MemberPlace({ event, userId }: { event: ScreeningEvent; userId: string }) {
  const place = useMyWaitingPlace(userId, event.event_id);
  const change = useChangeWaitingPlace(userId, event.event_id);
  const data = place.data;
  const busy = change.isPending || place.isFetching;

  let body;
  if (place.isPending) body = <p>Checking the waiting list…</p>;
  else if (place.isError) body = <p role="alert">{place.error.message}</p>;
  else if (data?.booked) {
    body = (
      <p>
        You already have a place at this event. <Link to={paths.myBookings}>See it in My bookings</Link>.
      </p>
    );
  } else if (data?.offer) {
    body = (
      <>
        <p>
          <strong>A place is held for you</strong> at {formatTime(data.offer.slot)} until {heldUntil(data.offer.expires_at)} (UK time).
        </p>
        <div className="waiting-list-actions">
          <Link className="button button-primary" to={paths.bookEventOffer(event.event_id, data.offer.token)}>
            Book the place held for you
          </Link>
          <button type="button" className="button" disabled={busy} onClick={() => change.mutate('leave')}>
            I don’t want this place
          </button>
        </div>
        <p className="waiting-list-note">The place then goes to the next man waiting, and you leave the waiting list.</p>
      </>
    );
  } else if (data?.joined) {
    body = (
      <>
        <p>
          {data.position ? `You are number ${data.position} on the waiting list.` : 'You are on the waiting list.'}{' '}
          {data.emails_off ? null : 'We will email you if a place frees, and hold it for you for a while.'}
        </p>
        {data.emails_off && (
          <p className="waiting-list-note">
            You have turned off waiting-list emails, so a place that frees goes to the next man waiting instead of you. To be
            offered one, turn them on under <Link to={paths.portal}>Emails you get in your portal</Link>.
          </p>
        )}
        <button type="button" className="button" disabled={busy} onClick={() => change.mutate('leave')}>
          Leave the waiting list
        </button>
      </>
    );
  } else {
    body = (
      <>
        {data?.lapsed && (
          <p className="waiting-list-lapsed">
            <strong>The place held for you has passed on.</strong> It was held for you until {heldUntil(data.lapsed.expired_at)} (UK
            time) and was not booked by then. {standingText(data.lapsed.standing)}
          </p>
        )}
        <p>Join the waiting list and we will email you if a place frees. It is then held for you for a while.</p>
        <button type="button" className="button button-primary" disabled={busy} onClick={() => change.mutate('join')}>
          Join the waiting list
        </button>
      </>
    );
  }
  return (
    <>
      <div aria-live="polite">{body}</div>
      {change.isError && (
        <p className="form-failure" role="alert">
          {change.error.message}
        </p>
      )}
    </>
  );
}

/** What a member holding an offer reads first on the event's page: the place is his, until when, and the way to book it. */
function HeldPlace({ event, userId }: { event: ScreeningEvent; userId: string }) {
  const offer = useMyWaitingPlace(userId, event.event_id).data?.offer;
  if (!offer) return null;
  return (
    <div className="notice notice-success held-place">
      <p>
        <strong>A place is held for you</strong> at {formatTime(offer.slot)} until {heldUntil(offer.expires_at)} (UK time). No one else can
        take it before then.
      </p>
      <Link className="button button-primary button-large" to={paths.bookEventOffer(event.event_id, offer.token)}>
        Book the place held for you
      </Link>
    </div>
  );
}

export function HeldPlaceNotice({ event }: { event: ScreeningEvent }) {
  const session = useSession();
  return <div role="status">{session.status === 'signed-in' && <HeldPlace event={event} userId={session.member.userId} />}</div>;
}

export default function WaitingListPanel({ event }: { event: ScreeningEvent }) {
  const session = useSession();
  const from = paths.event(event.event_id);
  return (
    <section className="waiting-list notice" aria-labelledby="waiting-list-title">
      <h2 id="waiting-list-title">Waiting list</h2>
      {session.status === 'signed-in' ? (
        <MemberPlace event={event} userId={session.member.userId} />
      ) : (
        <p>
          This event is fully booked.{' '}
          <Link to={paths.loginThen(from)} state={{ from }}>
            Sign in
          </Link>{' '}
          to join its waiting list.
        </p>
      )}
    </section>
  );
}
