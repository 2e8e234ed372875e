/**
 * /api/appointments, the signed-in member's bookings
 * (docs/decisions/0007-bookings-appointments-and-history.md):
 * - POST / {eventId, appointmentStartTime, consentId, accessGrant?} -> 201
 *   {status: 'success', appointment}; refusals as BOOKING_REFUSALS say. The
 *   confirmation email is queued with the booking.
 *   The access grant may also come in the X-Access-Grant header.
 * - GET / -> {appointments}: upcoming first, then past. Each carries its
 *   ticket (member-tickets.ts), signed as it is answered, or null.
 * - GET /:id -> {appointment} with its ticket; another member's or a malformed id -> 404
 *   (alike, so ids reveal nothing), and asking for another's is logged.
 * - GET /:id/cancellation -> {refund: 'full' | 'none' | null, outcome}: what
 *   cancelling now would refund (docs/rules.md#refund-policy), so the page can
 *   ask first; `outcome` (CancellationOutcome) carries the amount and by when.
 * - POST /:id/cancel {acceptNoRefund?} -> {status: 'success', appointment,
 *   refund, outcome}. A paid booking within 2 business days needs acceptNoRefund
 *   (409 no_refund_confirmation_required otherwise); one further ahead is
 *   refunded through PayPal by a job, and the member emailed (both queued
 *   with the cancellation).
 * - POST /:id/change {appointmentStartTime, fromStartTime} -> {status:
 *   'success', appointment}: Change time (change-time-service.ts), the
 *   booking moved to another free slot of its event, its payment kept, and
 *   the email with the updated calendar file and the new ticket queued; the
 *   answer carries the new ticket; refusals as
 *   CHANGE_REFUSALS say. Limited per member, as each change sends an email.
 * - GET /:id/change-slots -> {[date]: {availableTimeSlots}}: the times the
 *   booking could move to now, counted without its own place (so a full
 *   event still offers a time with room); refused as a change would be.
 * - GET /:id/calendar.ics -> the appointment as a calendar file.
 */
import { Hono } from 'hono';
import { ACCESS_GRANT_HEADER, type Appointment, type AppointmentAnswer, type AppointmentsAnswer, type BookingSuccess } from '../../../src/domain/booking';
import { appointmentAnswerSchema, appointmentsAnswerSchema, bookingSuccessSchema } from '../../../src/domain/booking-answers';
import { cancelAnswerSchema, cancellationQuoteSchema, type CancelAnswer, type CancellationQuote } from '../../../src/domain/cancellation';
import { slotsByDateSchema } from '../../../src/domain/slots-answer';
import { answers, responds } from '../../platform/http/contract';
import { bookingRequestSchema, changeTimeRequestSchema } from '../../../src/domain/booking-request';
import type { Context } from 'hono';
import type { MemberVerifier } from '../auth';
import type { Logger } from '../../platform/logger';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { parseOr422, validBody } from '../../platform/http/valid-body';
import { requireMember, type MemberVariables } from '../auth';
import { parseJson } from '../../platform/http/text-rules';
import { appointmentCalendar, calendarContentType, calendarFilename } from './appointment-calendar';
import { cancelRefusal, outcomeFor, refundFor, type AppointmentsService } from './appointments-service';
import type { BookingService } from './booking-service';
import type { ChangeTimeService } from './change-time-service';
import type { Database } from '../../platform/db/adapter';
import { takeAttempt } from '../../platform/throttle';
import { ApiError } from '../../platform/http/errors';
import type { Signer } from '../../platform/signing';
import { withTicket } from './member-tickets';

// A member changing his mind a few times is fine; a script sending email after email is not.
const CHANGE_LIMIT = { max: 10, windowMs: 60 * 60_000 };

export function appointmentsRoutes(
  booking: BookingService,
  appointments: AppointmentsService,
  verify: MemberVerifier,
  logger: Logger,
  now: () => Date,
  change: { db: Database; changeTime: ChangeTimeService },
  signer: Signer,
): Hono<{ Variables: MemberVariables }> {
  const app = new Hono<{ Variables: MemberVariables }>();
  app.use(requireMember(verify));
  // Signed as each answer leaves, from the booking as it is now: nothing about a ticket is stored.
  const ticketed = (appointment: Appointment) => withTicket(signer, appointment, now());

  // Another member's id answers like a missing one, but it is either a bug or someone trying ids: log it.
  const notFound = async (c: Context<{ Variables: MemberVariables }>) => {
    const userId = c.get('member').userId;
    const owner = await appointments.ownerOf(c.req.param('id') ?? '');
    if (owner && owner !== userId) logger.warn(`Member ${userId} asked for appointment ${c.req.param('id')}, which is not theirs`);
    return cancelRefusal('appointment_not_found');
  };

  app.post('/', formBodyLimit(), validBody(bookingRequestSchema), responds(bookingSuccessSchema, { status: 201 }), async (c) => {
    const body = c.req.valid('json');
    // Price, name, place and payment status in the body are ignored: the server derives them.
    const booked = await booking.book(c.get('member').userId, {
      eventId: body.eventId,
      appointmentStartTime: body.appointmentStartTime,
      consentId: body.consentId,
      accessGrant: body.accessGrant ?? c.req.header(ACCESS_GRANT_HEADER),
    });
    return c.json({ status: 'success', appointment: await ticketed(booked.appointment) } satisfies BookingSuccess, 201);
  });

  app.get('/', responds(appointmentsAnswerSchema), async (c) =>
    c.json({ appointments: await Promise.all((await appointments.list(c.get('member').userId)).map(ticketed)) } satisfies AppointmentsAnswer),
  );

  app.get('/:id', responds(appointmentAnswerSchema), async (c) => {
    const found = await appointments.get(c.get('member').userId, c.req.param('id'));
    if (!found) throw await notFound(c);
    return c.json({ appointment: await ticketed(found.appointment) } satisfies AppointmentAnswer);
  });

  app.get('/:id/cancellation', responds(cancellationQuoteSchema), async (c) => {
    const found = await appointments.get(c.get('member').userId, c.req.param('id'));
    if (!found) throw await notFound(c);
    const at = now();
    return c.json({ refund: refundFor(found.appointment, at), outcome: outcomeFor(found.appointment, at) } satisfies CancellationQuote);
  });

  app.post('/:id/cancel', formBodyLimit(), responds(cancelAnswerSchema), async (c) => {
    const userId = c.get('member').userId;
    if (!(await appointments.get(userId, c.req.param('id')))) throw await notFound(c);
    // The body is optional: a free booking's cancel sends none.
    const parsed = parseJson(await c.req.text());
    const body = parsed.ok ? parsed.value : null;
    const acceptNoRefund = typeof body === 'object' && body !== null && (body as Record<string, unknown>).acceptNoRefund === true;
    const cancelled = await appointments.cancel(userId, c.req.param('id'), acceptNoRefund);
    const appointment = (await appointments.get(userId, c.req.param('id')))?.appointment ?? cancelled.appointment;
    return c.json({ status: 'success', appointment, refund: cancelled.refund, outcome: cancelled.outcome } satisfies CancelAnswer);
  });

  app.post('/:id/change', formBodyLimit(), responds(bookingSuccessSchema), async (c) => {
    const userId = c.get('member').userId;
    if (!(await appointments.get(userId, c.req.param('id')))) throw await notFound(c);
    const throttle = await takeAttempt(change.db, `change-time:${userId}`, now(), CHANGE_LIMIT);
    if (!throttle.allowed) {
      c.header('Retry-After', String(Math.ceil(throttle.retryAfterSeconds)));
      throw new ApiError(429, 'rate_limited', 'You have changed this booking many times in the last hour. Please wait a while and try again.');
    }
    // Read after the throttle, which answers first.
    const body = parseOr422(changeTimeRequestSchema, await readJsonObject(c));
    const changed = await change.changeTime.change(userId, c.req.param('id'), {
      appointmentStartTime: body.appointmentStartTime,
      fromStartTime: body.fromStartTime,
    });
    return c.json({ status: 'success', appointment: await ticketed(changed.appointment) } satisfies BookingSuccess);
  });

  app.get('/:id/change-slots', responds(slotsByDateSchema), async (c) => {
    const userId = c.get('member').userId;
    if (!(await appointments.get(userId, c.req.param('id')))) throw await notFound(c);
    return c.json(await change.changeTime.slots(userId, c.req.param('id')));
  });

  app.get('/:id/calendar.ics', answers('text/calendar', 'The booking as a calendar file'), async (c) => {
    const found = await appointments.get(c.get('member').userId, c.req.param('id'));
    if (!found) throw await notFound(c);
    c.header('Content-Type', calendarContentType(found.appointment));
    c.header('Content-Disposition', `attachment; filename="${calendarFilename(found.appointment)}"`);
    return c.body(appointmentCalendar(found.appointment));
  });

  return app;
}
