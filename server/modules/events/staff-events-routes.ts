/**
 * /api/staff/events: the staff console's events
 * (docs/decisions/0010-staff-console.md).
 * - GET /?before=|from= -> {events, earlier, later}: a page of events by date,
 *   private, past and cancelled too (src/domain/staff-events-query.ts); 422
 *   for a date that is not one
 * - GET /:id         -> {event}
 * - POST /           {event fields, access_code?} -> 201 {event, access_code}
 * - PUT /:id         {event fields, access_code?} -> {event, access_code}
 * - POST /:id/cancel -> {event, members_emailed, refunds_due}: the emails
 *   and full refunds are jobs queued with the cancellation; a refund PayPal
 *   does not take is retried (/staff/failures), and one it leaves pending
 *   or fails is listed at GET /api/staff/payments
 * - POST /:id/access-code {access_code?} -> {event, access_code}
 * access_code in an answer is the plain code, present only when one was
 * just set: it is shown once and stored hashed.
 */
import { Hono } from 'hono';
import { accessCodeBodySchema, staffEventSchema } from '../../../src/domain/staff-event';
import {
  accessCodeSetSchema,
  eventCancelledSchema,
  savedEventSchema,
  staffEventAnswerSchema,
  staffEventsPageSchema,
  type AccessCodeSet,
  type EventCancelled,
  type SavedEvent,
} from '../../../src/domain/staff-event-answers';
import { staffEventsQuerySchema } from '../../../src/domain/staff-events-query';
import { responds } from '../../platform/http/contract';
import { eventNotFound } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { parseOr422, validBody } from '../../platform/http/valid-body';
import type { StaffVariables } from '../auth';
import type { StaffActor } from '../staff';
import type { StaffEventsService } from './staff-events-service';

export const actorOf = (c: { get(key: 'member'): { userId: string; email: string } }): StaffActor => {
  const member = c.get('member');
  return { userId: member.userId, email: member.email };
};

export function staffEventsRoutes(events: StaffEventsService): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.get('/', responds(staffEventsPageSchema), async (c) => c.json(await events.list(parseOr422(staffEventsQuerySchema, c.req.queries()))));

  app.get('/:id', responds(staffEventAnswerSchema), async (c) => {
    const event = await events.get(c.req.param('id'));
    if (!event) throw eventNotFound();
    return c.json({ event });
  });

  app.post('/', formBodyLimit(), validBody(staffEventSchema), responds(savedEventSchema, { status: 201 }), async (c) => {
    const { event: input, accessCode } = c.req.valid('json');
    const created = await events.create(actorOf(c), input, accessCode);
    return c.json({ event: created.event, access_code: created.accessCode } satisfies SavedEvent, 201);
  });

  app.put('/:id', formBodyLimit(), validBody(staffEventSchema), responds(savedEventSchema), async (c) => {
    const { event: input, accessCode } = c.req.valid('json');
    const updated = await events.update(actorOf(c), c.req.param('id'), input, accessCode);
    return c.json({ event: updated.event, access_code: updated.accessCode } satisfies SavedEvent);
  });

  app.post('/:id/cancel', responds(eventCancelledSchema), async (c) => {
    // The emails and refunds are queued with the cancellation; the jobs send and refund after this answer.
    const { event, bookings, refundsDue } = await events.cancel(actorOf(c), c.req.param('id'));
    return c.json({ event, members_emailed: bookings.length, refunds_due: refundsDue.length } satisfies EventCancelled);
  });

  app.post('/:id/access-code', formBodyLimit(), validBody(accessCodeBodySchema), responds(accessCodeSetSchema), async (c) => {
    const set = await events.setAccessCode(actorOf(c), c.req.param('id'), c.req.valid('json').access_code ?? undefined);
    return c.json({ event: set.event, access_code: set.accessCode } satisfies AccessCodeSet);
  });

  return app;
}
