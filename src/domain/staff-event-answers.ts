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

/** GET /api/staff/me/events: a volunteer's events today. */
export const staffEventsAnswerSchema = z.strictObject({ events: z.array(staffEventViewSchema) });

/** A day as YYYY-MM-DD, or null. */
const dayOrNull = z.nullable(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)));

/**
 * GET /api/staff/events: a page of events by date (./staff-events-query.ts), earliest first, with where the
 * pages before and after it start: `earlier` is the `before=` day and `later` the `from=` day, null when no
 * event lies that way.
 */
export const staffEventsPageSchema = z.strictObject({ events: z.array(staffEventViewSchema), earlier: dayOrNull, later: dayOrNull });

/** GET /api/staff/events/{id}. */
export const staffEventAnswerSchema = z.strictObject({ event: staffEventViewSchema });

/** POST /api/staff/events (201) and PUT /api/staff/events/{id}: the event saved, and its plain access code only when one was just set (shown once). */
export const savedEventSchema = z.strictObject({ event: staffEventViewSchema, access_code: z.nullable(z.string()) });

/** POST /api/staff/events/{id}/access-code: the new plain code, shown once. */
export const accessCodeSetSchema = z.strictObject({ event: staffEventViewSchema, access_code: z.string() });

/** POST /api/staff/events/{id}/cancel: the emails and refunds queued with the cancellation. */
export const eventCancelledSchema = z.strictObject({ event: staffEventViewSchema, members_emailed: z.int(), refunds_due: z.int() });

export type StaffEvent = z.output<typeof staffEventViewSchema>;
export type StaffEventsPage = z.output<typeof staffEventsPageSchema>;
export type SavedEvent = z.output<typeof savedEventSchema>;
export type AccessCodeSet = z.output<typeof accessCodeSetSchema>;
export type EventCancelled = z.output<typeof eventCancelledSchema>;
