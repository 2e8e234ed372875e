/**
 * GET /api/staff/events/{id}/waiting-list, declared once
 * (docs/architecture.md#contract): the event's waiting list and its offers
 * (docs/decisions/0019) as the server answers and the staff console reads
 * them. Apart from waiting-list.ts, which the member's pages load, so they
 * carry no zod; it re-exports the entry's type.
 */
import { z } from './schema-kit';
import { WAITING_ENTRY_STATUSES } from './waiting-list';

/** One entry as staff see it. */
export const staffWaitingEntrySchema = z.strictObject({
  entry_id: z.string(),
  /** Order among those still waiting; null once offered or ended. */
  position: z.nullable(z.number()),
  name: z.string(),
  email: z.string(),
  status: z.enum(WAITING_ENTRY_STATUSES),
  /** ISO instants. */
  joined_at: z.string(),
  /** HH:mm, the slot a place is (or was) held in; null when none was offered. */
  offer_slot: z.nullable(z.string()),
  offered_at: z.nullable(z.string()),
  offer_expires_at: z.nullable(z.string()),
});

/** Offers first, then those waiting in order, then those whose entry ended. */
export const staffWaitingListSchema = z.strictObject({ entries: z.array(staffWaitingEntrySchema) });

export type StaffWaitingEntry = z.output<typeof staffWaitingEntrySchema>;
export type StaffWaitingList = z.output<typeof staffWaitingListSchema>;
