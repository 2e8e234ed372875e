/**
 * The role matrix (docs/rules.md#staff-roles): every /api/staff route, read
 * from the app itself and cross-checked against the route table
 * (server/modules/staff/staff-route-policy.ts) so a route added without a
 * policy fails here, is called by every role (and by a volunteer assigned to
 * the event, one assigned to another event, and one on the wrong day). Each
 * answer is either the route's own (not 401/403, not a 5xx), or a 403 whose
 * body is the error alone. Then what the answers mix: the attendee list
 * carries no result for the roles that do not see results, though a
 * volunteer keeps the name, date of birth and NHS number he identifies a man
 * by at the door.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeList } from '../../src/domain/attendee-list';
import { STAFF_ROLES, type StaffRole } from '../../src/domain/staff-roles';
import { STAFF_ROUTE_POLICY, staffRoutePolicy, type RoutePolicy } from '../../server/modules/staff/staff-route-policy';
import type { StaffVariables } from '../../server/modules/auth';
import { handleError } from '../../server/platform/http/errors';
import { getJson, stubDatabase, testApp } from '../fixtures/app';
import { sendJson, type FastMember } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { bookedMembers, makeStaff } from '../fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
/** The event's day, 10:30 in London (BST). */
const ON_THE_DAY = new Date('2026-06-20T09:30:00Z');
/** The evening before, in London. */
const DAY_BEFORE = new Date('2026-06-19T19:00:00Z');
const EVENT = makeEvent({ event_name: 'Matrix Screening', event_date: '2026-06-20' });
const OTHER = makeEvent({ event_name: 'Another Screening The Same Day', event_date: '2026-06-20' });
/** Routes that change an event (cancel it, set its code, assign volunteers) act on this one, so the others stay as they are. */
const SPARE = makeEvent({ event_name: 'Spare Screening', event_date: '2026-06-20' });
const STAFF_PREFIX = '/api/staff';
const FORBIDDEN = { error: 'forbidden', message: 'Your staff role does not open this.' };

/** Who calls: a role, and for a volunteer which assignment he has and on which day the call is made. */
interface Caller {
  name: string;
  role: StaffRole;
  volunteer?: 'assigned' | 'other_event' | 'wrong_day';
}

const CALLERS: Caller[] = [
  ...STAFF_ROLES.filter((r) => r !== 'volunteer').map((role) => ({ name: role, role })),
  { name: 'volunteer assigned to the event, on its day', role: 'volunteer', volunteer: 'assigned' },
  { name: 'volunteer assigned to another event that day', role: 'volunteer', volunteer: 'other_event' },
  { name: 'volunteer assigned to the event, the day before', role: 'volunteer', volunteer: 'wrong_day' },
];

/** Whether the table opens `policy` to `caller`: what the answers are checked against. */
function opens(policy: RoutePolicy, caller: Caller): boolean {
  if (!policy.roles.includes(caller.role)) return false;
  if (caller.role !== 'volunteer' || policy.volunteer === 'himself') return true;
  if (caller.volunteer === 'wrong_day') return false;
  if (policy.volunteer === 'today') return true;
  return policy.volunteer !== undefined && caller.volunteer === 'assigned';
}

const registeredStaffRoutes = (): string[] => {
  const keys = new Set<string>();
  for (const route of testApp().routes) {
    if (route.method === 'ALL' || !route.path.startsWith(`${STAFF_PREFIX}/`)) continue;
    keys.add(`${route.method} ${route.path.slice(STAFF_PREFIX.length)}`);
  }
  return [...keys].sort();
};

describe('the staff route table', () => {
  it('names every staff route the app registers, and no route it does not', () => {
    const registered = registeredStaffRoutes();
    expect(registered.length).toBeGreaterThan(35);
    for (const key of registered) expect(STAFF_ROUTE_POLICY[key], `${key} has no entry in STAFF_ROUTE_POLICY`).toBeDefined();
    expect(Object.keys(STAFF_ROUTE_POLICY).sort()).toEqual(registered);
  });

  it('opens medical data (results, consent answers, follow-up, recall, held results, statistics) to admin and clinical only', () => {
    const medical = Object.keys(STAFF_ROUTE_POLICY).filter((key) =>
      /\/(consent|result|recall|follow-up|results\.csv|result-holds|statistics)(\/|$)|\/samples\/:sampleId/.test(key.split(' ')[1]!),
    );
    expect(medical.length).toBeGreaterThan(10);
    for (const key of medical) expect([...STAFF_ROUTE_POLICY[key]!.roles].sort(), key).toEqual(['admin', 'clinical']);
    for (const key of ['GET /jobs/failures', 'POST /jobs/:kind/:id/retry', 'GET /accounts', 'PUT /accounts/role']) expect(STAFF_ROUTE_POLICY[key]!.roles, key).toEqual(['admin']);
  });

  it('refuses a route missing from the table to every role, even admin, and logs it', async () => {
    const errors: string[] = [];
    const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: (m: string) => errors.push(m) };
    const staff = new Hono<{ Variables: StaffVariables }>();
    staff.use(async (c, next) => {
      c.set('member', { userId: randomUUID(), email: 'lead@example.org' } as StaffVariables['member']);
      c.set('staffRole', 'admin');
      await next();
    });
    staff.use(staffRoutePolicy(stubDatabase(), () => ON_THE_DAY, logger));
    staff.get('/me', (c) => c.json({ ok: true }));
    staff.get('/brand-new-report', (c) => c.json({ leaked: 'every member' }));
    const app = new Hono().route(STAFF_PREFIX, staff);
    app.onError(handleError(logger));
    expect((await app.request(`${STAFF_PREFIX}/me`)).status).toBe(200);
    const refused = await app.request(`${STAFF_PREFIX}/brand-new-report`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(FORBIDDEN);
    expect(errors).toEqual(['Staff route GET /brand-new-report has no entry in STAFF_ROUTE_POLICY: refused to every role']);
  });

  it('gives every route open to volunteers what ties it to his day', () => {
    for (const [key, policy] of Object.entries(STAFF_ROUTE_POLICY)) {
      if (policy.roles.includes('volunteer')) expect(policy.volunteer, key).toBeDefined();
      expect(policy.roles, key).toContain('admin');
    }
  });
});

describe.each(ENGINES)('the role matrix on %s', (engine) => {
  let test: TestDatabase;
  const tokens = new Map<string, { onTheDay: string; dayBefore: string }>();
  let appointmentId: string;
  let spareAccount: FastMember;
  const app = (now: Date) => testApp({ db: test.db, now });

  /** A sample value for each path parameter: the event a volunteer is tied to, or the spare one for routes that change an event. */
  const pathOf = (key: string): string => {
    const [method, pattern] = key.split(' ') as [string, string];
    const changesEvent = method !== 'GET' && /^\/events\/:id(\/(cancel|access-code))?$|\/volunteers/.test(pattern);
    const values: Record<string, string> = {
      id: changesEvent ? SPARE.event_id : EVENT.event_id,
      eventId: changesEvent ? SPARE.event_id : EVENT.event_id,
      appointmentId,
      holdId: randomUUID(),
      sampleId: '7KQ2M9PT',
      kind: 'email',
      userId: randomUUID(),
    };
    return STAFF_PREFIX + pattern.replace(/:(\w+)/g, (_, name: string) => {
      expect(values[name], `no sample value for :${name} in ${key}`).toBeDefined();
      return values[name]!;
    });
  };
  const bodyOf = (key: string): unknown =>
    key === 'PUT /accounts/role' ? { email: spareAccount.email, role: 'events' } : key.endsWith('results.csv') ? 'sample_id,psa_ng_ml\n' : {};

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, OTHER, SPARE]);
    const [booked] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00'], { nhsNumber: '9434765919', dateOfBirth: '1966-03-02' });
    appointmentId = booked!.appointment.appointment_id;
    for (const caller of CALLERS) {
      const staff = await makeStaff(test.db, ON_THE_DAY, caller.role);
      tokens.set(caller.name, { onTheDay: staff.token, dayBefore: await staff.tokenAt(DAY_BEFORE) });
      const assignedTo = caller.volunteer === 'other_event' ? OTHER : caller.volunteer ? EVENT : null;
      if (assignedTo) {
        await test.db.query('INSERT INTO volunteer_assignments (event_id, user_id, assigned_at, assigned_by) VALUES ($1::uuid, $2::uuid, $3, $2::uuid)', [
          assignedTo.event_id,
          staff.userId,
          BOOKED_AT,
        ]);
      }
    }
    spareAccount = await makeStaff(test.db, ON_THE_DAY, 'volunteer');
    // A result on the list, entered by the clinical team.
    const saved = await getJson(
      app(ON_THE_DAY),
      `/api/staff/events/${EVENT.event_id}/attendees/${appointmentId}/result`,
      sendJson(tokens.get('clinical')!.onTheDay, { test_result: '2.4' }, 'PUT'),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const cases = Object.keys(STAFF_ROUTE_POLICY).flatMap((key) => CALLERS.map((caller) => [key, caller.name, caller] as const));

  it.each(cases)('%s as %s', async (key, _name, caller) => {
    const method = key.split(' ')[0]!;
    const wrongDay = caller.volunteer === 'wrong_day';
    const token = tokens.get(caller.name)![wrongDay ? 'dayBefore' : 'onTheDay'];
    const body = method === 'GET' || method === 'DELETE' ? undefined : bodyOf(key);
    const init: RequestInit =
      body === undefined
        ? { method, headers: { Authorization: `Bearer ${token}` } }
        : typeof body === 'string'
          ? { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' }, body }
          : sendJson(token, body, method);
    const res = await getJson(app(wrongDay ? DAY_BEFORE : ON_THE_DAY), pathOf(key) + (key.startsWith('GET /statistics') ? '?year=2026' : ''), init);
    if (opens(STAFF_ROUTE_POLICY[key]!, caller)) {
      expect([401, 403], JSON.stringify(res.body)).not.toContain(res.status);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    } else {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
  });

  const attendees = async (caller: string) => {
    const res = await getJson<AttendeeList>(app(ON_THE_DAY), `/api/staff/events/${EVENT.event_id}/attendees`, {
      headers: { Authorization: `Bearer ${tokens.get(caller)!.onTheDay}` },
    });
    expect(res.status).toBe(200);
    return res.body.attendees.find((a) => a.appointment_id === appointmentId)!;
  };

  it('shows the result on the attendee list to admin and clinical only', async () => {
    expect((await attendees('admin')).result).toMatchObject({ test_result: 2.4 });
    expect((await attendees('clinical')).result).toMatchObject({ test_result: 2.4 });
    expect((await attendees('events')).result).toBeNull();
  });

  it('gives an assigned volunteer on the day what identifies a man at the door, and no result', async () => {
    const seen = await attendees('volunteer assigned to the event, on its day');
    expect(seen).toMatchObject({ nhs_number: '9434765919', date_of_birth: '1966-03-02', result: null, payment_problem: null });
    expect(JSON.stringify(seen)).not.toContain('2.4');
  });

  it('lists a volunteer his events of the day only', async () => {
    const mine = async (caller: string, now = ON_THE_DAY, token = tokens.get(caller)!.onTheDay) =>
      (await getJson<{ events: { event_id: string }[] }>(app(now), '/api/staff/me/events', { headers: { Authorization: `Bearer ${token}` } })).body.events.map(
        (e) => e.event_id,
      );
    expect(await mine('volunteer assigned to the event, on its day')).toEqual([EVENT.event_id]);
    expect(await mine('volunteer assigned to another event that day')).toEqual([OTHER.event_id]);
    expect(await mine('volunteer assigned to the event, the day before', DAY_BEFORE, tokens.get('volunteer assigned to the event, the day before')!.dayBefore)).toEqual([]);
  });

  it('answers /me with the role', async () => {
    for (const caller of CALLERS) {
      const me = await getJson<{ role: string }>(app(ON_THE_DAY), '/api/staff/me', { headers: { Authorization: `Bearer ${tokens.get(caller.name)!.onTheDay}` } });
      expect(me.body.role).toBe(caller.role);
    }
  });
});
