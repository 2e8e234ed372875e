/**
 * The events API (docs/rules.md#api-shapes): listing, one event, its free slots
 * (a private event's only with a valid access grant in X-Access-Grant),
 * and the access-code check that gives such a grant.
 */
import { Hono } from 'hono';
import { ACCESS_GRANT_HEADER, BOOKING_REFUSAL_MESSAGES } from '../../../src/domain/booking';
import { accessCodeAttemptSchema, accessCodeGrantSchema, type AccessCodeGrant } from '../../../src/domain/booking-request';
import { eventAnswerSchema, eventListSchema, type EventAnswer, type EventList } from '../../../src/domain/screening-event';
import { slotsByDateSchema } from '../../../src/domain/slots-answer';
import { responds } from '../../platform/http/contract';
import { clientAddress, type TrustProxy } from '../../platform/http/client-address';
import { ApiError, eventNotFound } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { validBody } from '../../platform/http/valid-body';
import { refusal } from '../booking';
import type { AccessCodeService } from './access-code-service';
import type { AccessGrants } from './access-grants';
import type { EventsService } from './events-service';
import { parseEventListQuery } from './events-query';

export const INVALID_ACCESS_CODE = 'Invalid Access code';

export function eventsRoutes(
  events: EventsService,
  accessCodes: AccessCodeService,
  grants: AccessGrants,
  trustProxy: TrustProxy,
): Hono {
  const app = new Hono();

  app.get('/', responds(eventListSchema), async (c) => {
    const filters = parseEventListQuery(c.req.queries());
    return c.json({ events: await events.list(filters) } satisfies EventList);
  });

  /** The event, or 410 event_cancelled for one the charity cancelled (a link to it says so), or 404. */
  async function eventOrRefusal(id: string) {
    const event = await events.get(id);
    if (event) return event;
    if (await events.isCancelled(id)) throw refusal('event_cancelled');
    throw eventNotFound();
  }

  app.get('/:id', responds(eventAnswerSchema), async (c) => c.json({ event: await eventOrRefusal(c.req.param('id')) } satisfies EventAnswer));

  // A closed, passed, full or cancelled event offers no slot: the refusal says which, in words.
  app.get('/:id/slots', responds(slotsByDateSchema), async (c) => {
    const event = await eventOrRefusal(c.req.param('id'));
    if (event.is_private && !(await grants.isValid(c.req.header(ACCESS_GRANT_HEADER), event.event_id))) {
      throw new ApiError(403, 'access_code_required', BOOKING_REFUSAL_MESSAGES.access_code_required);
    }
    const slots = await events.slots(event);
    if ('refused' in slots) throw refusal(slots.refused);
    return c.json(slots.open);
  });

  // The original client reads `status` (docs/rules.md#api-shapes); the modal shows 'Invalid Access code' on any failure.
  app.post('/:id/check-access-code', formBodyLimit(), validBody(accessCodeAttemptSchema), responds(accessCodeGrantSchema), async (c) => {
    const outcome = await accessCodes.check(c.req.param('id'), c.req.valid('json').access_code, clientAddress(c, trustProxy));
    switch (outcome.kind) {
      case 'not_found':
        throw eventNotFound();
      case 'throttled':
        c.header('Retry-After', String(outcome.retryAfterSeconds));
        return c.json(
          { status: 'error', error: 'too_many_attempts', message: 'Too many access code attempts. Please try again later.' },
          429,
        );
      case 'wrong':
        return c.json({ status: 'error', error: 'invalid_access_code', message: INVALID_ACCESS_CODE }, 403);
      case 'granted':
        return c.json({ status: 'success', access_grant: outcome.accessGrant } satisfies AccessCodeGrant);
    }
  });

  return app;
}
