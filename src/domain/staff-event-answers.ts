/**
 * /api/staff/events' answers, declared once (docs/architecture.md#contract):
 * an event as staff see it, and what saving, cancelling and setting its
 * access code answer. Apart from the editor's rules in ./staff-event, so the
 * pages import only the types.
 */
import { z } from './schema-kit';
import { screeningEventSchema } from './screening-event';

/** An event as the staff console sees it: private, past and cancelled ones too. */
export const staffEventViewSchema = z.extend(screeningEventSchema, {
  /** ISO instant, or null while the event stands. */
  cancelled_at: z.nullable(z.string()),
  /** Members checked in at the venue. */
  checked_in: z.int(),
});

/** GET /api/staff/events. */
export const staffEventsAnswerSchema = z.strictObject({ events: z.array(staffEventViewSchema) });

/** GET /api/staff/events/{id}. */
export const staffEventAnswerSchema = z.strictObject({ event: staffEventViewSchema });

/** POST /api/staff/events (201) and PUT /api/staff/events/{id}: the event saved, and its plain access code only when one was just set (shown once). */
export const savedEventSchema = z.strictObject({ event: staffEventViewSchema, access_code: z.nullable(z.string()) });

/** POST /api/staff/events/{id}/access-code: the new plain code, shown once. */
export const accessCodeSetSchema = z.strictObject({ event: staffEventViewSchema, access_code: z.string() });

/** POST /api/staff/events/{id}/cancel: the emails and refunds queued with the cancellation. */
export const eventCancelledSchema = z.strictObject({ event: staffEventViewSchema, members_emailed: z.int(), refunds_due: z.int() });

export type StaffEvent = z.output<typeof staffEventViewSchema>;
export type SavedEvent = z.output<typeof savedEventSchema>;
export type AccessCodeSet = z.output<typeof accessCodeSetSchema>;
export type EventCancelled = z.output<typeof eventCancelledSchema>;
