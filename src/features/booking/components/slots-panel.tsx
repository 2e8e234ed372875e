/**
 * The slot list's states (docs/rules.md#slots): waiting for a
 * connection (said at once, and the list follows by itself when it is
 * back), loading, failed (with Try again), private event without a valid
 * grant, none free, or the grid.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { BOOKING_REFUSAL_MESSAGES } from '@/domain/booking';
import type { SlotsByDate } from '@/domain/slots';
import { forgetAccessGrant } from '@/lib/access-grant';
import { errorCode } from '@/lib/api-client';
import { SlotPicker } from './slot-picker';
import { closedState } from './event-state-notice';

interface SlotsPanelProps {
  eventId: string;
  query: UseQueryResult<SlotsByDate>;
  allSlots: string[];
  available: ReadonlySet<string>;
  /** His own booked time, when changing it: marked as his, not as taken. */
  own?: string;
  chosen: string | null;
  onChoose: (slot: string) => void;
  /** The browser's online flag: false is reliable. */
  online: boolean;
}

export const NEEDS_CONNECTION = 'Booking needs an internet connection, and this phone is offline. Stay on this page: the free times will appear as soon as you are back online.';

export function SlotsPanel({ eventId, query, allSlots, available, own, chosen, onChoose, online }: SlotsPanelProps) {
  // Offline with no list yet (the query paused, or a page opened offline whose first try failed).
  if (!online && !query.data) {
    return (
      <div className="notice" role="status">
        <p>{NEEDS_CONNECTION}</p>
      </div>
    );
  }
  if (query.isPending) {
    return (
      <p role="status" className="loading">
        Loading available time slots...
      </p>
    );
  }
  if (query.isError) {
    if (errorCode(query.error) === 'access_code_required') {
      forgetAccessGrant(eventId);
      return (
        <div className="notice notice-error" role="alert">
          <p>{BOOKING_REFUSAL_MESSAGES.access_code_required}</p>
          <p>
            <Link to={paths.event(eventId)}>Enter the access code again</Link>
          </p>
        </div>
      );
    }
    // Full (or closed) since the page was opened: nothing to choose, which is not a failure.
    if (closedState(query.error)) return <p role="status">No time slots found for this event.</p>;
    return (
      <div className="notice notice-error" role="alert">
        <p>Failed to load available time slots. Please try again later.</p>
        <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    );
  }
  if (available.size === 0) {
    return <p role="status">No time slots found for this event.</p>;
  }
  return <SlotPicker slots={allSlots} available={available} own={own} chosen={chosen} onChoose={onChoose} disabled={query.isFetching} />;
}
