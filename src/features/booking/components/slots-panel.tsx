/**
 * The slot list's states (SPEC.md sections 2 and 8): loading, failed (with
 * Try again), private event without a valid grant, none free, or the grid.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { BOOKING_REFUSAL_MESSAGES } from '../../../domain/booking';
import type { SlotsByDate } from '../../../domain/slots';
import { forgetAccessGrant } from '../../../lib/access-grant';
import { errorCode } from '../../../lib/api-client';
import { SlotPicker } from './slot-picker';

interface SlotsPanelProps {
  eventId: string;
  query: UseQueryResult<SlotsByDate>;
  allSlots: string[];
  available: ReadonlySet<string>;
  chosen: string | null;
  onChoose: (slot: string) => void;
}

export function SlotsPanel({ eventId, query, allSlots, available, chosen, onChoose }: SlotsPanelProps) {
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
  return <SlotPicker slots={allSlots} available={available} chosen={chosen} onChoose={onChoose} disabled={query.isFetching} />;
}
