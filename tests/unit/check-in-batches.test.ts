import { describe, expect, it } from 'vitest';
import { checkInBatches as batchesOf } from '../../src/domain/staff-attendees';

type QueuedCheckIn = { event_id: string; appointment_id: string; checked_in_at: string };

const q = (event_id: string, appointment_id: string): QueuedCheckIn => ({ event_id, appointment_id, checked_in_at: '2026-06-20T09:00:00Z' });

describe('checkInBatches', () => {
  it('keeps the tap order, one batch per run of the same event', () => {
    const batches = batchesOf([q('A', '1'), q('A', '2'), q('B', '3'), q('A', '4')]);
    expect(batches.map((b) => [b.eventId, b.items.map((i) => i.appointment_id)])).toEqual([
      ['A', ['1', '2']],
      ['B', ['3']],
      ['A', ['4']],
    ]);
  });

  it('splits a long run at the batch limit', () => {
    const queue = Array.from({ length: 501 }, (_, i) => q('A', String(i)));
    expect(batchesOf(queue).map((b) => b.items.length)).toEqual([500, 1]);
  });

  it('has nothing to send for an empty queue', () => {
    expect(batchesOf([])).toEqual([]);
  });
});
