/**
 * A body nested deeper than a small limit is refused
 * (docs/decisions/0008-threat-model.md, control 7) with 400 and a message
 * saying so, before it is parsed, on every route that reads JSON; a NUL at any
 * depth that is kept is refused too. Before, a NUL deeper than 20 levels
 * reached PostgreSQL ("unsupported Unicode escape sequence", a 500) and 5,000
 * nested arrays overflowed the stack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findBadText, MAX_JSON_DEPTH, nestsDeeperThan, parseJson } from '../../server/platform/http/text-rules';
import type { Logger } from '../../server/platform/logger';
import { getJson, newAddress, testApp } from '../fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../fixtures/bookings';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { makeStaff } from '../fixtures/staff';
import { postAuth, signUp, withToken } from '../fixtures/members';

const NOW = new Date('2026-05-04T09:00:00Z');
const EVENT = '7d4f1c7e-2f7e-4b8a-9d55-3c1d2a9e8b10';
const APPOINTMENT = '0b8e4a55-8f0d-4c2e-9a51-6f2d7c1e3a42';

/** `{ "a": { "a": ... { "a": leaf } } }`, `levels` objects deep. */
function nestedObject(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
}
const nulAt = (levels: number) => nestedObject(levels, 'x\u0000y');
const arrays = (count: number) => `${'['.repeat(count)}${']'.repeat(count)}`;

describe('the edge’s JSON rules', () => {
  it('finds bad text at any depth, without recursion', () => {
    expect(findBadText(nulAt(25))).toBe(Array.from({ length: 25 }, () => 'a').join('.'));
    expect(findBadText(nulAt(100_000))).not.toBeNull();
    expect(findBadText(nestedObject(100_000, 'clean'))).toBeNull();
    expect(findBadText({ first: ['ok', { deep: 'bad\u0007' }], ['late\u0000']: 1 })).toBe('first.1.deep');
  });

  it('counts nesting without being fooled by brackets in strings', () => {
    expect(nestsDeeperThan(arrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(arrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[[[[[[[[[[[[["\\' }), 2)).toBe(false);
    expect(parseJson(arrays(5000))).toEqual({ ok: false, problem: 'too_deep' });
    expect(parseJson('{"a":')).toEqual({ ok: false, problem: 'syntax' });
    expect(parseJson('{"a":[1,{"b":"]"}]}')).toEqual({ ok: true, value: { a: [1, { b: ']' }] } });
  });
});

describe.each(ENGINES)('nested bodies on %s', (engine) => {
  let test: TestDatabase;
  let member: FastMember;
  let staff: FastMember;
  const errors: unknown[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: (...args: unknown[]) => errors.push(args) };
  const app = () => testApp({ db: test.db, now: NOW, logger });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    [member] = (await fastMembers(test.db, 1, NOW)) as [FastMember];
    staff = await makeStaff(test.db, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('the auth routes refuse a NUL 25 levels down and 5,000 nested arrays with 400', async () => {
    const session = await signUp(app());
    const bodies = [
      { email: 'deep@example.org', password: 'a-good-password-1', data: nulAt(25) },
      `{"email":"deep2@example.org","password":"a-good-password-1","data":{"list":${arrays(5000)}}}`,
    ];
    for (const body of bodies) {
      const signup = await postAuth<{ code: string; message: string }>(app(), '/signup', body, {}, newAddress());
      expect(signup).toMatchObject({ status: 400, body: { code: 'bad_json', message: expect.stringContaining('too deeply') } });
      const update = await getJson<{ code: string; message: string }>(
        app(),
        '/auth/v1/user',
        withToken(session.access_token, { method: 'PUT', body: typeof body === 'string' ? body : JSON.stringify({ data: body.data }) }),
      );
      expect(update).toMatchObject({ status: 400, body: { code: 'bad_json', message: expect.stringContaining('too deeply') } });
    }
    // Within the limit, the text rule still names the field.
    const shallow = await postAuth<{ message: string }>(app(), '/signup', { email: 'deep3@example.org', password: 'a-good-password-1', data: nulAt(8) }, {}, newAddress());
    expect(shallow.status).toBe(422);
    expect(shallow.body.message).toContain('data.a.a.a.a.a.a.a.a');
  });

  const memberRoutes: [string, string][] = [
    ['PUT', '/api/payments/transactions'],
    ['POST', '/api/payments/orders'],
    ['POST', '/api/appointments'],
    ['POST', `/api/appointments/${APPOINTMENT}/cancel`],
    ['POST', '/api/medical/consent'],
    ['POST', '/api/auth/profile'],
    ['PUT', '/api/auth/profile'],
  ];
  const openRoutes: [string, string][] = [
    ['POST', '/api/contact'],
    ['POST', '/api/subscriptions'],
    ['POST', '/api/medical/test-consent'],
    ['POST', `/api/events/${EVENT}/check-access-code`],
  ];
  const staffRoutes: [string, string][] = [
    ['POST', '/api/staff/events'],
    ['PUT', `/api/staff/events/${EVENT}`],
    ['POST', `/api/staff/events/${EVENT}/access-code`],
    ['POST', `/api/staff/events/${EVENT}/check-ins`],
    ['PUT', `/api/staff/events/${EVENT}/attendees/${APPOINTMENT}/result`],
  ];

  const send = async (method: string, path: string, token: string | null, body: string) =>
    getJson<{ error?: string; message?: string; details?: { issue: string; description: string }[] }>(app(), path, {
      ...sendJson(token, {}, method),
      body,
    });

  it.each([...memberRoutes, ...openRoutes, ...staffRoutes])('%s %s refuses deep nesting with 400 and stores nothing', async (method, path) => {
    const token = staffRoutes.some(([, p]) => p === path) ? staff.token : memberRoutes.some(([, p]) => p === path) ? member.token : null;
    for (const body of [JSON.stringify({ data: nulAt(25) }), `{"data":${arrays(5000)}}`]) {
      const res = await send(method, path, token, body);
      if (path.endsWith('/cancel')) {
        // The cancel body is optional and only its flag is read: a deep one counts as none, and the booking is unknown.
        expect(res.status).toBe(404);
        continue;
      }
      expect(res.status).toBe(400);
      expect(res.body.message ?? '').toContain('too deeply');
    }
    expect(errors).toEqual([]);
  });

  it('PUT /api/payments/transactions refuses a NUL within the limit with 422, and keeps the clean report', async () => {
    const bad = await send('PUT', '/api/payments/transactions', member.token, JSON.stringify({ data: { note: nulAt(5) } }));
    expect(bad.status).toBe(422);
    const good = await send('PUT', '/api/payments/transactions', member.token, JSON.stringify({ data: { note: 'fine', status: 'COMPLETED' } }));
    expect(good.status).toBe(200);
  });

  it('PayPal’s webhook route refuses a deep or NUL-bearing notification with 400 before asking PayPal', async () => {
    for (const body of [`{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":${arrays(5000)}}`, JSON.stringify({ id: 'WH-2', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource_type: 'capture', resource: { id: 'x\u0000' } })]) {
      const res = await send('POST', '/api/payments/webhooks', null, body);
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.issue).toBe('INVALID_EVENT');
    }
    expect(errors).toEqual([]);
  });

  it('the page error log takes a deep or NUL-bearing report quietly (202) and keeps only clean text', async () => {
    const deep = await send('POST', '/api/logs/error', member.token, `{"errorMessage":"boom","description":${arrays(5000)}}`);
    expect(deep.status).toBe(202);
    const dirty = await send('POST', '/api/logs/error', member.token, JSON.stringify({ errorMessage: 'bad\u0000 \ud800card\u0085', description: { nested: 'x\u0007' } }));
    expect(dirty.status).toBe(202);
    const rows = await test.db.query<{ error_message: string; description: string }>('SELECT error_message, description FROM client_error_logs WHERE user_id = $1', [member.userId]);
    expect(rows).toEqual([{ error_message: 'bad card', description: JSON.stringify({ nested: 'x\u0007' }) }]);
    expect(errors).toEqual([]);
  });
});
