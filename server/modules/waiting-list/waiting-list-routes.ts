/**
 * A full event's waiting list, for the signed-in member
 * (docs/decisions/0019-waiting-list.md). No body is read: who joins or leaves
 * is the session's member, and the event is the path's.
 * - GET    /api/waiting-list/events -> {lists: [{event, place}]}: every list he is on, soonest first
 * - GET    /api/waiting-list/events/{id} -> {joined, position, offer}
 * - POST   /api/waiting-list/events/{id} -> 201 {joined, position, offer}; a private
 *   event needs the tab's access grant (X-Access-Grant)
 * - DELETE /api/waiting-list/events/{id} -> {joined: false, ...}
 * - GET    /api/waiting-list/offer?t=TOKEN -> {event_id, slot, expires_at, slots}:
 *   the offer an emailed link names, only for the member it was made to
 */
import { Hono } from 'hono';
import { ACCESS_GRANT_HEADER } from '../../../src/domain/booking';
import { myWaitingListsSchema, myWaitingPlaceSchema, waitingOfferSchema, type MyWaitingLists } from '../../../src/domain/waiting-list-answers';
import { responds } from '../../platform/http/contract';
import type { MemberVerifier } from '../auth';
import { requireMember, type MemberVariables } from '../auth';
import type { WaitingListService } from './waiting-list-service';

export function waitingListRoutes(list: WaitingListService, verify: MemberVerifier) {
  const app = new Hono<{ Variables: MemberVariables }>();
  app.use('*', requireMember(verify));
  app.get('/events', responds(myWaitingListsSchema), async (c) => c.json({ lists: await list.lists(c.get('member').userId) } satisfies MyWaitingLists));
  app.get('/events/:id', responds(myWaitingPlaceSchema), async (c) => c.json(await list.mine(c.get('member').userId, c.req.param('id'))));
  app.post('/events/:id', responds(myWaitingPlaceSchema, { status: 201 }), async (c) =>
    c.json(await list.join(c.get('member').userId, c.req.param('id'), c.req.header(ACCESS_GRANT_HEADER)), 201),
  );
  app.delete('/events/:id', responds(myWaitingPlaceSchema), async (c) => c.json(await list.leave(c.get('member').userId, c.req.param('id'))));
  app.get('/offer', responds(waitingOfferSchema), async (c) => c.json(await list.offer(c.get('member').userId, c.req.query('t') ?? '')));
  return app;
}
