/**
 * Which staff roles may use each /api/staff route, in one table
 * (docs/rules.md#staff-roles, docs/decisions/0032-staff-route-policy.md),
 * and the middleware that enforces it after requireStaff:
 * - a role not listed for the route is refused with 403 `forbidden` and no
 *   data;
 * - a route missing from the table is refused to every role (fail closed),
 *   so a route added without a policy is never open; the role matrix test
 *   (tests/api/staff-role-matrix.test.ts) walks every registered route with
 *   every role and fails on one missing here;
 * - a volunteer reaches an event's route only when an admin assigned him to
 *   that event and it is the event's day (UK date); a route tied to no event
 *   but open to volunteers (registering a man at a venue) needs an
 *   assignment on that day to any event.
 * What one answer mixes (the attendee list's results) is stripped for the
 * roles that may not see it by the route, with seesResults below.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import { STAFF_ROLES, type StaffRole } from '../../../src/domain/staff-roles';
import type { Attendee } from '../../../src/domain/attendee-list';
import { londonDate } from '../../../src/domain/london-time';
import type { Queryable } from '../../platform/db/adapter';
import { ApiError } from '../../platform/http/errors';
import type { Logger } from '../../platform/logger';
import type { StaffVariables } from '../auth';
import { eventsAssignedOn } from './staff-accounts';

/** A route's policy: the roles it opens to and, for a volunteer, what ties it to his day. */
export interface RoutePolicy {
  roles: readonly StaffRole[];
  /**
   * For a volunteer (when listed in roles): the path parameter naming the
   * event he must be assigned to today, or 'today' for a route tied to no
   * event, open to him while he is assigned to any event today, or
   * 'himself' for a route answering only about himself. A route listing
   * volunteer without one of these is refused to him (fail closed).
   */
  volunteer?: { event: string } | 'today' | 'himself';
}

const EVERY_ROLE = STAFF_ROLES;
const ADMIN = ['admin'] as const;
const CLINICAL = ['admin', 'clinical'] as const;
const EVENTS = ['admin', 'events'] as const;
/** Who plans and views events: the clinical team reaches results through them. */
const EVENT_VIEWERS = ['admin', 'clinical', 'events'] as const;
/** Who works at the door: everyone, a volunteer on his assigned event's day. */
const AT_THE_DOOR = ['admin', 'clinical', 'events', 'volunteer'] as const;
const onHisEvent = (param: string) => ({ event: param });

/**
 * Every /api/staff route (method and Hono path below /api/staff) and the
 * roles it opens to. Keep it in the order of docs/rules.md#staff-roles.
 */
export const STAFF_ROUTE_POLICY: Readonly<Record<string, RoutePolicy>> = {
  // Himself: whether the console opens and with which role; a volunteer's events today.
  'GET /me': { roles: EVERY_ROLE, volunteer: 'himself' },
  'GET /me/events': { roles: EVERY_ROLE, volunteer: 'himself' },

  // Events, access codes, waiting lists.
  'GET /events': { roles: EVENT_VIEWERS },
  'GET /events/:id': { roles: AT_THE_DOOR, volunteer: onHisEvent('id') },
  'POST /events': { roles: EVENTS },
  'PUT /events/:id': { roles: EVENTS },
  'POST /events/:id/cancel': { roles: EVENTS },
  'POST /events/:id/access-code': { roles: EVENTS },
  'GET /events/:id/waiting-list': { roles: EVENTS },

  // The door: the attendee list (results only for admin and clinical), check-in, consent links, labels.
  'GET /events/:eventId/attendees': { roles: AT_THE_DOOR, volunteer: onHisEvent('eventId') },
  'POST /events/:eventId/check-ins': { roles: AT_THE_DOOR, volunteer: onHisEvent('eventId') },
  'POST /events/:eventId/attendees/:appointmentId/consent-link': { roles: AT_THE_DOOR, volunteer: onHisEvent('eventId') },
  'POST /events/:eventId/samples': { roles: AT_THE_DOOR, volunteer: onHisEvent('eventId') },
  // The lab's manifest: names, dates of birth and NHS numbers of an event's tubes, for whoever sends them.
  'GET /events/:eventId/manifest': { roles: EVENT_VIEWERS },
  'GET /events/:eventId/manifest.csv': { roles: EVENT_VIEWERS },

  // Medical data: consent answers, results, recall intervals, follow-up, held results.
  'GET /events/:eventId/attendees/:appointmentId/consent': { roles: CLINICAL },
  'PUT /events/:eventId/attendees/:appointmentId/result': { roles: CLINICAL },
  'PUT /events/:eventId/attendees/:appointmentId/recall': { roles: CLINICAL },
  'PUT /events/:eventId/attendees/:appointmentId/follow-up': { roles: CLINICAL },
  'POST /events/:eventId/results.csv': { roles: CLINICAL },
  'GET /result-holds': { roles: CLINICAL },
  'GET /events/:eventId/result-holds': { roles: CLINICAL },
  'POST /events/:eventId/result-holds/:holdId/resolve': { roles: CLINICAL },
  'GET /events/:eventId/samples/:sampleId': { roles: CLINICAL },
  'GET /statistics': { roles: CLINICAL },
  'GET /statistics/export.csv': { roles: CLINICAL },
  'POST /statistics/publish': { roles: CLINICAL },
  // The versioned clinical rule: read by result entry's band preview, changed by the clinical lead.
  'GET /clinical-rules': { roles: CLINICAL },
  'POST /clinical-rules': { roles: CLINICAL },

  // Money.
  'GET /payments': { roles: EVENTS },

  // Registering a man at a venue, or a walk-in booked onto the event on the day: whoever runs the day.
  'POST /members': { roles: ['admin', 'events', 'volunteer'], volunteer: 'today' },
  'POST /events/:id/walk-ins': { roles: ['admin', 'events', 'volunteer'], volunteer: onHisEvent('id') },

  // Failed emails and refunds name members' addresses: admin only.
  'GET /jobs/failures': { roles: ADMIN },
  'POST /jobs/:kind/:id/retry': { roles: ADMIN },

  // Staff accounts, their roles and volunteers' events.
  'GET /accounts': { roles: ADMIN },
  'PUT /accounts/role': { roles: ADMIN },
  'POST /accounts/second-factor/reset': { roles: ADMIN },
  'GET /events/:eventId/volunteers': { roles: ADMIN },
  'POST /events/:eventId/volunteers': { roles: ADMIN },
  'DELETE /events/:eventId/volunteers/:userId': { roles: ADMIN },
};

/** Whether a role sees results (and their bands, recall and follow-up) where an answer carries them. */
export const seesResults = (role: StaffRole): boolean => (CLINICAL as readonly StaffRole[]).includes(role);

/** Whether a role sees card payments' problems. */
export const seesPayments = (role: StaffRole): boolean => (EVENTS as readonly StaffRole[]).includes(role);

/**
 * The attendee list as `role` may see it: the same men, with their name,
 * date of birth and NHS number for positive identification at the door,
 * but no result for a role that does not see results and no payment
 * problem for one that does not handle money.
 */
export function attendeesForRole(attendees: Attendee[], role: StaffRole): Attendee[] {
  const results = seesResults(role);
  const payments = seesPayments(role);
  if (results && payments) return attendees;
  return attendees.map((a) => ({ ...a, result: results ? a.result : null, payment_problem: payments ? a.payment_problem : null }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The value of `param` in `path` where `pattern` (a Hono path of plain segments) names it. */
function paramOf(pattern: string, path: string, param: string): string | null {
  const at = pattern.split('/').indexOf(`:${param}`);
  const segment = at < 0 ? undefined : path.split('/')[at];
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const forbidden = () => new ApiError(403, 'forbidden', 'Your staff role does not open this.');

/** Whether `userId` is assigned to `eventId` (or, with null, to any event) held on `today` and not cancelled. */
async function assignedToday(db: Queryable, userId: string, eventId: string | null, today: string): Promise<boolean> {
  const events = await eventsAssignedOn(db, userId, today);
  return eventId === null ? events.size > 0 : events.has(eventId.toLowerCase());
}

/** The policy key ('GET /events/:id') of each route matched below this middleware's mount point. */
function matchedKeys(c: Context): string[] {
  const prefix = routePath(c).replace(/\/\*$/, '');
  const method = c.req.method === 'HEAD' ? 'GET' : c.req.method;
  const keys = new Set<string>();
  for (const route of matchedRoutes(c)) {
    if (route.method === 'ALL' || route.method !== method || !route.path.startsWith(`${prefix}/`)) continue;
    keys.add(`${method} ${route.path.slice(prefix.length)}`);
  }
  return [...keys];
}

/** Middleware enforcing STAFF_ROUTE_POLICY; after requireStaff, which set the role. */
export function staffRoutePolicy(db: Queryable, now: () => Date, logger: Logger): MiddlewareHandler<{ Variables: StaffVariables }> {
  return async (c, next) => {
    const role = c.get('staffRole');
    const userId = c.get('member').userId;
    const prefix = routePath(c).replace(/\/\*$/, '');
    for (const key of matchedKeys(c)) {
      const policy = STAFF_ROUTE_POLICY[key];
      if (!policy) {
        logger.error(`Staff route ${key} has no entry in STAFF_ROUTE_POLICY: refused to every role`);
        throw forbidden();
      }
      if (!policy.roles.includes(role)) throw forbidden();
      if (role !== 'volunteer' || policy.volunteer === 'himself') continue;
      const today = londonDate(now());
      if (policy.volunteer === 'today') {
        if (!(await assignedToday(db, userId, null, today))) throw forbidden();
        continue;
      }
      const eventId = policy.volunteer ? paramOf(`${prefix}${key.slice(key.indexOf(' ') + 1)}`, c.req.path, policy.volunteer.event) : null;
      if (!eventId || !UUID.test(eventId) || !(await assignedToday(db, userId, eventId, today))) throw forbidden();
    }
    await next();
  };
}
