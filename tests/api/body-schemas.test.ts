/**
 * Every route that checks its body with a schema (found by walking the
 * app's routes for the validator hook, so a new one is covered as soon as
 * it is mounted) is sent, generated from its schema's keys: the valid body
 * with each key set to null, with each key removed, with each value of
 * another JSON type, and with each string far over any length a field may
 * hold. Nothing may answer 5xx. A key whose null is refused naming it is
 * required, and removing it must be refused the same way (a missing field
 * once reached the database's NOT NULL, a 500, or was stored as null); a
 * value of the wrong type or an over-long string is a 422 naming the key.
 * A route with a body schema and no fixture here fails.
 */
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FORM_BYTES } from '../../server/platform/http/json-body';
import { bodySchemaOf } from '../../server/platform/http/valid-body';
import type { z } from '../../src/domain/schema-kit';
import { getJson, newAddress, testApp } from '../fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../fixtures/db';
import { makeEvent } from '../fixtures/events';
import { profileFields } from '../fixtures/members';
import { bookedMembers, makeStaff } from '../fixtures/staff';

const NOW = new Date('2026-06-10T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Body Schema Screening', event_date: '2026-06-20' });
const STAFF_EVENT = makeEvent({ event_name: 'Staff Edited Screening', event_date: '2026-07-20' });

type Who = 'none' | 'member' | 'newMember' | 'staff';

interface Context {
  eventId: string;
  staffEventId: string;
  appointmentId: string;
  member: FastMember;
  newMember: FastMember;
  eraser: FastMember;
}

interface BodyFixture {
  who: Who | ((ctx: Context) => FastMember);
  /** The path's parameters; by default the booked event and appointment. */
  params?: (ctx: Context) => Record<string, string>;
  /** A valid body: a value for every key of the schema. */
  body: (ctx: Context) => Record<string, unknown>;
  /** Keys whose misfit the schema reads as absent and the service refuses: each misfit must be answered as null is; with why. */
  lenient?: Record<string, string>;
  /** Keys whose absence has a meaning of its own, with that meaning. */
  absentMeans?: Record<string, string>;
  /** Keys any value of which is read (and refused, if at all, by the service), with why. */
  anyValue?: Record<string, string>;
}

const staffEventBody = () => ({
  event_name: 'Ipswich Town Hall Screening',
  event_description: 'A PSA blood test for men aged 40 to 80.',
  category: 'corporate',
  product_id: 'psa-blood-test',
  product_name: 'PSA Blood Test',
  product_price: 2500,
  price: 0,
  event_date: '2026-07-20',
  start_time: '10:00',
  end_time: '12:00',
  session_duration: 15,
  email_template: 'psa-screening-confirmation',
  lab_name: 'ESNEFT',
  is_private: false,
  total_spaces: 40,
  places_per_slot: 1,
  payment_required: false,
  exclusive_for: 'CORPORATE',
  contact_email: 'events@chaps-charity.org.uk',
  address_line_1: 'Town Hall',
  address_line_2: 'Cornhill',
  city: 'Ipswich',
  state: 'Suffolk',
  postcode: 'IP1 1DH',
  country: 'United Kingdom',
  latitude: 52.0567,
  longitude: 1.1482,
  access_code: 'SPRING-2026',
});

/** The tests' valid profile (profileFields), with every other key the profile schema takes. */
const profileBody = (who: FastMember) => ({
  ...profileFields(),
  email: who.email,
  billing_address: '1 High Street, Colchester, CO1 1AA, United Kingdom',
  user_id: who.userId,
});

/** Only the shape of the keys is read from it. */
const NO_ONE = { userId: '', email: '' } as FastMember;

const USER_ID = { user_id: 'compared with the caller: anything else is 403' };
const PARTIAL = 'an update leaves a field it is not sent as it is';

/** A valid body for each route with a body schema, keyed `METHOD path` as the app registers it. */
const FIXTURES: Record<string, BodyFixture> = {
  'POST /api/events/:id/check-access-code': {
    who: 'none',
    body: () => ({ access_code: 'ABC-123-XYZ' }),
    lenient: { access_code: 'any misfit is an attempt that fails, as a wrong code does' },
  },
  'POST /api/contact': {
    who: 'none',
    body: () => ({ 'first-name': 'Alan', 'last-name': 'Carter', email: 'alan@example.org', 'phone-number': '07700900123', message: 'When is the next screening in Ipswich?' }),
  },
  'POST /api/subscriptions': {
    who: 'none',
    body: () => ({ name: 'Alan Carter', email: 'alan@example.org', hear_about_event: true }),
    absentMeans: { hear_about_event: 'yes: the form’s box starts ticked' },
  },
  'POST /api/auth/profile': { who: 'newMember', body: (ctx) => profileBody(ctx.newMember), anyValue: USER_ID },
  'PATCH /api/auth/profile': { who: 'member', body: (ctx) => profileBody(ctx.member), anyValue: USER_ID, absentMeans: Object.fromEntries(Object.keys(profileBody(NO_ONE)).map((k) => [k, PARTIAL])) },
  'PUT /api/auth/profile': { who: 'member', body: (ctx) => profileBody(ctx.member), anyValue: USER_ID, absentMeans: Object.fromEntries(Object.keys(profileBody(NO_ONE)).map((k) => [k, PARTIAL])) },
  'POST /api/me/delete': { who: (ctx) => ctx.eraser, body: () => ({ password: 'not-the-password-1' }) },
  'POST /api/appointments': {
    who: 'member',
    body: (ctx) => ({ eventId: ctx.eventId, appointmentStartTime: '11:00', consentId: randomUUID(), accessGrant: 'no-grant' }),
    // eventId and appointmentStartTime are required text: a missing or misfit one is a 422 naming it.
    lenient: {
      consentId: 'the booking service refuses a booking with no consent filed for the event in its own order',
      accessGrant: 'or the X-Access-Grant header; a private event without a valid grant is refused in the booking’s order',
    },
  },
  'POST /api/staff/events': { who: 'staff', body: staffEventBody },
  'PUT /api/staff/events/:id': { who: 'staff', params: (ctx) => ({ id: ctx.staffEventId }), body: staffEventBody },
  'POST /api/staff/events/:id/access-code': { who: 'staff', params: (ctx) => ({ id: ctx.staffEventId }), body: () => ({ access_code: 'SPRING-2026' }) },
  'POST /api/staff/events/:eventId/check-ins': {
    who: 'staff',
    body: (ctx) => ({ check_ins: [{ appointment_id: ctx.appointmentId, checked_in_at: '2026-06-20T10:02:00Z' }] }),
  },
  'PUT /api/staff/events/:eventId/attendees/:appointmentId/result': {
    who: 'staff',
    body: () => ({ test_result: 3.47, comments: 'Repeat in 3 months.', sample_date: '2026-06-20', sample_id: null, replaces: null }),
    absentMeans: { sample_id: 'no tube named: taken only for a man with no labelled tube, as null is', replaces: 'his first result, as null is' },
    // Its misfits (text, a negative value) are refused by staff-results.test.ts.
    anyValue: { replaces: 'the generated misfit of null is a number, the value a correction names: whether it is his result is the service’s to say (409)' },
  },
  'POST /api/staff/events/:eventId/samples': {
    who: 'staff',
    body: (ctx) => ({ appointment_ids: [ctx.appointmentId] }),
    absentMeans: { appointment_ids: 'labels for every confirmed booking of the event' },
  },
  'POST /api/staff/events/:eventId/result-holds/:holdId/resolve': {
    who: 'staff',
    params: () => ({ holdId: randomUUID() }),
    body: () => ({ action: 'attach', sample_id: '7KQ2-M9PT', confirm: true, reason: 'Not one of ours.' }),
    anyValue: { reason: 'read only when a line is discarded; this body attaches' },
  },
  'PUT /api/staff/events/:eventId/attendees/:appointmentId/follow-up': { who: 'staff', body: () => ({ outcome: 'seen_gp' }) },
};

/** The keys of an object schema, through the pipes around it. */
function keysOf(schema: z.ZodMiniType): string[] | undefined {
  const def = schema._zod.def as { type: string; shape?: Record<string, unknown>; in?: z.ZodMiniType };
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  if (def.type === 'pipe' && def.in) return keysOf(def.in);
  return undefined;
}

/** Every route whose handlers include the validator hook, with its schema. */
function schemaRoutes(app: Hono): { route: string; method: string; path: string; keys: string[] | undefined }[] {
  const found = new Map<string, { route: string; method: string; path: string; keys: string[] | undefined }>();
  for (const { method, path, handler } of app.routes) {
    const schema = bodySchemaOf(handler);
    if (schema) found.set(`${method} ${path}`, { route: `${method} ${path}`, method, path, keys: keysOf(schema) });
  }
  return [...found.values()];
}

const ROUTES = schemaRoutes(testApp());

/** Values of another JSON type than `value`'s. */
function wrongTypes(value: unknown): unknown[] {
  if (typeof value === 'string') return [42, true, {}, []];
  if (typeof value === 'number') return ['forty-two', true, {}, []];
  if (typeof value === 'boolean') return ['yes', 1, {}, []];
  if (Array.isArray(value)) return ['list', 1, true, {}];
  return ['text', 1, true, []];
}

describe('the routes with a body schema', () => {
  it('are found by walking the app, each with an object schema and a fixture here', () => {
    expect(ROUTES.map((r) => r.route)).toEqual(expect.arrayContaining(['POST /api/staff/events', 'PUT /api/staff/events/:id', 'POST /api/auth/profile']));
    for (const { route, keys } of ROUTES) {
      expect(keys, `${route}: its schema is not an object`).toBeDefined();
      expect(FIXTURES[route], `${route} has a body schema and no fixture in this file`).toBeDefined();
    }
    // A fixture for a route that is gone (or no longer checks a body) is a gap too.
    expect(Object.keys(FIXTURES).filter((route) => !ROUTES.some((r) => r.route === route))).toEqual([]);
  });
});

describe.each(ENGINES)('bodies generated from each schema on %s', (engine) => {
  let test: TestDatabase;
  let ctx: Context;
  let staff: FastMember;
  const app = () => testApp({ db: test.db, now: NOW });

  // A fresh database and a booked member: a generous limit, as the machine running the suite may be busy.
  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, STAFF_EVENT]);
    const [booked] = await bookedMembers(app(), test.db, NOW, EVENT, ['10:00']);
    staff = await makeStaff(test.db, NOW);
    const [member, newMember, eraser] = (await fastMembers(test.db, 3, NOW)) as [FastMember, FastMember, FastMember];
    await test.db.query('DELETE FROM member_profiles WHERE user_id = $1', [newMember.userId]);
    ctx = { eventId: EVENT.event_id, staffEventId: STAFF_EVENT.event_id, appointmentId: booked!.appointment.appointment_id, member, newMember, eraser };
  }, 180_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it.each(ROUTES.map((r) => [r.route, r] as const))('%s: a missing, mistyped or over-long field is a 422 naming it, never 5xx', async (route, { method, path, keys }) => {
    const fixture = FIXTURES[route];
    if (!fixture || !keys) throw new Error(`${route} has no fixture or no object schema`);
    const params: Record<string, string> = { id: ctx.eventId, eventId: ctx.eventId, appointmentId: ctx.appointmentId, ...fixture.params?.(ctx) };
    const url = path.replace(/:(\w+)/g, (_, name: string) => {
      if (!params[name]) throw new Error(`${route}: no value for the path parameter ${name}`);
      return params[name];
    });
    const who = typeof fixture.who === 'function' ? fixture.who(ctx) : fixture.who === 'staff' ? staff : fixture.who === 'none' ? null : ctx[fixture.who];
    const valid = fixture.body(ctx);
    expect(Object.keys(valid).sort(), `${route}: the fixture must give every key of the schema`).toEqual([...keys].sort());

    const failures: string[] = [];
    const server = app();
    const send = async (label: string, body: Record<string, unknown>) => {
      const res = await getJson<{ issues?: { path?: string; field?: string }[] }>(server, url, sendJson(who?.token ?? null, body, method), newAddress());
      const named = (res.body?.issues ?? []).map((i) => i.path ?? i.field);
      if (res.status >= 500) failures.push(`${label}: ${res.status}`);
      return { status: res.status, named };
    };
    const refusedNaming = (answer: { status: number; named: unknown[] }, key: string) => answer.status === 422 && answer.named.includes(key);

    const baseline = await send('the valid body', valid);
    const misnamed = keys.filter((key) => baseline.named.includes(key));
    if (misnamed.length > 0) failures.push(`the valid body: ${baseline.status} naming ${misnamed.join(', ')}`);

    for (const key of keys) {
      const { [key]: _left, ...without } = valid;
      const asNull = await send(`${key}: null`, { ...valid, [key]: null });
      const removed = await send(`${key} removed`, without);
      const misfits = [
        ...wrongTypes(valid[key]).map((value) => [`${key}: ${JSON.stringify(value)}`, value] as const),
        ...(typeof valid[key] === 'string'
          ? [[`${key}: too long`, `${valid[key]}${'a'.repeat(MAX_FORM_BYTES - JSON.stringify(valid).length - 64)}`] as const]
          : []),
      ];
      const required = refusedNaming(asNull, key);
      const lenient = fixture.lenient?.[key];
      if (lenient) {
        if (removed.status !== asNull.status) failures.push(`${key} removed: ${removed.status}, but null is ${asNull.status}`);
      } else if (required && !fixture.absentMeans?.[key] && !refusedNaming(removed, key)) {
        failures.push(`${key} removed: ${removed.status} naming [${removed.named.join(', ')}], but null is refused naming it`);
      } else if (fixture.absentMeans?.[key] && removed.named.includes(key)) {
        failures.push(`${key} removed: refused, but absent means ${fixture.absentMeans[key]}`);
      }
      for (const [label, value] of misfits) {
        const answer = await send(label, { ...valid, [key]: value });
        if (fixture.anyValue?.[key]) continue;
        if (lenient ? answer.status !== asNull.status : !refusedNaming(answer, key)) {
          failures.push(`${label}: ${answer.status} naming [${answer.named.join(', ')}]`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);
});
