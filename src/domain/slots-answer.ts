/**
 * GET /api/events/{id}/slots, declared once (docs/architecture.md#contract),
 * apart from the slot rules in ./slots that the booking page runs, so the
 * page does not load zod for it.
 */
import { z } from './schema-kit';

/** The free slot starts (HH:mm, UK wall-clock), keyed by the event's date (YYYY-MM-DD); one key, the event's date. */
export const slotsByDateSchema = z.record(z.string(), z.strictObject({ availableTimeSlots: z.array(z.string()) }));
