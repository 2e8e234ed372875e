/**
 * The slot step opened from a waiting-list offer's link
 * (docs/decisions/0019-waiting-list.md): until when the place is held for him,
 * or, when the server refused the link (another member's, ended, altered), its
 * reason and the way back.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { formatLongDate, formatTime } from '@/domain/format';
import { londonDate, londonTime } from '@/domain/london-time';
import { paths } from '@/lib/paths';
import { offerQueryOptions } from '@/lib/waiting-list';

export function OfferNotice({ eventId, token }: { eventId: string; token: string }) {
  const offer = useQuery(offerQueryOptions(token));
  if (offer.isError) {
    return (
      <div className="notice notice-error" role="alert">
        <p>{offer.error.message}</p>
        <p>
          <Link to={paths.event(eventId)}>Back to the event</Link>
        </p>
      </div>
    );
  }
  if (!offer.data) return null;
  const until = new Date(offer.data.expires_at);
  return (
    <div className="notice notice-info" role="status">
      <p>
        <strong>A place is held for you</strong> at {formatTime(offer.data.slot)} until {londonTime(until)} on{' '}
        {formatLongDate(londonDate(until))} (UK time). Choose a time and complete your booking before then.
      </p>
    </div>
  );
}
