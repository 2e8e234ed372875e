/**
 * /api/staff/events: the staff console's events (issue 10).
 * - GET /            -> {events}: every event, private, past and cancelled too
 * - GET /:id         -> {event}
 * - POST /           {event fields, access_code?} -> 201 {event, access_code}
 * - PUT /:id         {event fields, access_code?} -> {event, access_code}
 * - POST /:id/cancel -> {event, members_emailed, refunds_due, refunded}:
 *   card payments are refunded in full after the commit; those PayPal did
 *   not take (refunds_due - refunded) are retried by the reconciler
 * - POST /:id/access-code {access_code?} -> {event, access_code}
 * access_code in an answer is the plain code, present only when one was
 * just set: it is shown once and stored hashed.
 */
import { Hono } from 'hono';
import { accessCodeProblem, checkStaffEvent } from '../../src/domain/staff-event';
import { ApiError, eventNotFound, fieldIssue } from '../http/errors';
import { formBodyLimit, readJsonObject } from '../http/json-body';
import type { StaffVariables } from '../http/require-staff';
import type { Logger } from '../logger';
import type { PaymentOrderRow } from '../payments/settle';
import type { StaffActor } from '../services/staff-audit';
import type { StaffEventsService } from '../services/staff-events-service';
import type { StaffMail } from '../services/staff-mail';

const REFUNDS_AT_ONCE = 4;

export const actorOf = (c: { get(key: 'member'): { userId: string; email: string } }): StaffActor => {
  const member = c.get('member');
  return { userId: member.userId, email: member.email };
};

function readAccessCode(body: Record<string, unknown>): string | undefined {
  const code = body.access_code;
  if (code === undefined || code === null || code === '') return undefined;
  const problem = typeof code === 'string' ? accessCodeProblem(code) : 'The access code must be text.';
  if (problem) throw new ApiError(422, 'validation_failed', problem, [fieldIssue('access_code', problem)]);
  return (code as string).trim();
}

function readEvent(body: Record<string, unknown>) {
  const checked = checkStaffEvent(body);
  if (checked.event === null) {
    throw new ApiError(422, 'validation_failed', checked.issues[0]!.message, checked.issues.map((i) => fieldIssue(i.field, i.message)));
  }
  return checked.event;
}

export function staffEventsRoutes(
  events: StaffEventsService,
  mail: StaffMail,
  refund: (order: PaymentOrderRow) => Promise<boolean>,
  logger: Logger,
): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.get('/', async (c) => c.json({ events: await events.list() }));

  app.get('/:id', async (c) => {
    const event = await events.get(c.req.param('id'));
    if (!event) throw eventNotFound();
    return c.json({ event });
  });

  app.post('/', formBodyLimit(), async (c) => {
    const body = await readJsonObject(c);
    const input = readEvent(body);
    const created = await events.create(actorOf(c), input, readAccessCode(body));
    return c.json({ event: created.event, access_code: created.accessCode }, 201);
  });

  app.put('/:id', formBodyLimit(), async (c) => {
    const body = await readJsonObject(c);
    const input = readEvent(body);
    const updated = await events.update(actorOf(c), c.req.param('id'), input, readAccessCode(body));
    return c.json({ event: updated.event, access_code: updated.accessCode });
  });

  app.post('/:id/cancel', async (c) => {
    const { event, bookings, refundsDue } = await events.cancel(actorOf(c), c.req.param('id'));
    for (const booking of bookings) await mail.eventCancelled(booking, { ...event, start_time: booking.start_time }, booking.refundPence);
    // Each is marked refund_due already: one PayPal cannot take now stays for the reconciler, and the rest go on.
    const refundOne = (order: PaymentOrderRow) =>
      refund(order).catch((error: unknown) => {
        logger.error(`Refunding card payment ${order.payment_id} of cancelled event ${event.event_id} failed; it will be retried`, error);
        return false;
      });
    let refunded = 0;
    // A few at a time, so a full event's refunds do not keep staff waiting one PayPal call after another.
    for (let i = 0; i < refundsDue.length; i += REFUNDS_AT_ONCE) {
      const done = await Promise.all(refundsDue.slice(i, i + REFUNDS_AT_ONCE).map(refundOne));
      refunded += done.filter(Boolean).length;
    }
    return c.json({ event, members_emailed: bookings.length, refunds_due: refundsDue.length, refunded });
  });

  app.post('/:id/access-code', formBodyLimit(), async (c) => {
    const body = await readJsonObject(c);
    const set = await events.setAccessCode(actorOf(c), c.req.param('id'), readAccessCode(body));
    return c.json({ event: set.event, access_code: set.accessCode });
  });

  return app;
}
