/**
 * POST /api/events/{id}/check-access-code and the grant it gives: right
 * and wrong codes, hostile bodies, the throttle per address and event
 * (counted in the database, 429 with Retry-After), and a private event's
 * slots served only with a valid grant (not another event's, not expired,
 * not tampered with).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_GRANT_HEADER } from '../../../../src/domain/booking';
import type { SlotsByDate } from '../../../../src/domain/slots';
import { hashAccessCode } from '../access-code';
import { ACCESS_CODE_LIMIT } from '../access-code-service';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent, type EventFixture } from '../../../../tests/fixtures/events';

const NOW = new Date('2026-06-10T09:00:00Z');
const CODE = 'K7QM-3XPA';
const HOUR_MS = 3_600_000;

describe.each(ENGINES)('access codes on %s', (engine) => {
  let test: TestDatabase;
  let lodge: EventFixture;
  let otherLodge: EventFixture;
  const open = makeEvent({ event_name: 'Open' });
  const app = (now = NOW) => testApp({ db: test.db, now });
  const check = (eventId: string, body: unknown, now = NOW) =>
    getJson<{ status: string; message?: string; access_grant?: string }>(app(now), `/api/events/${eventId}/check-access-code`, sendJson(null, body));
  const slots = (eventId: string, grant?: string, now = NOW) =>
    getJson<SlotsByDate & { error?: string }>(app(now), `/api/events/${eventId}/slots`, grant ? { headers: { [ACCESS_GRANT_HEADER]: grant } } : {});

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    const hash = await hashAccessCode(CODE);
    lodge = makeEvent({ event_name: 'Lodge', is_private: true, access_code_hash: hash });
    otherLodge = makeEvent({ event_name: 'Other lodge', is_private: true, access_code_hash: hash });
    await replaceEvents(test.db, [lodge, otherLodge, open]);
  });
  beforeEach(async () => {
    await test.db.query('DELETE FROM request_throttles');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers a right code (any case, spaces or dashes) with a grant, and a wrong one with 403', async () => {
    for (const code of [CODE, 'k7qm 3xpa', 'K7QM3XPA']) {
      const res = await check(lodge.event_id, { access_code: code });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('success');
      expect(res.body.access_grant).toMatch(/^[\w-]+\.[\w-]+$/);
    }
    for (const access_code of ['WRONG-CODE', '', 42, null, ['K7QM-3XPA'], 'K'.repeat(10_000)]) {
      const res = await check(lodge.event_id, { access_code });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 'error', message: 'Invalid Access code' });
    }
  });

  it('answers 404 for an unknown event, 400 for a body that is not JSON and 413 for a huge one', async () => {
    expect((await check('6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', { access_code: CODE })).status).toBe(404);
    expect((await check('nope', { access_code: CODE })).status).toBe(404);
    expect((await check(lodge.event_id, '{"access_code":')).status).toBe(400);
    expect((await check(lodge.event_id, { access_code: 'x'.repeat(50_000) })).status).toBe(413);
  });

  it(`throttles after ${ACCESS_CODE_LIMIT.max} attempts per address and event, even in parallel, with Retry-After`, async () => {
    const guesses = await Promise.all(Array.from({ length: 30 }, (_, i) => check(lodge.event_id, { access_code: `GUESS-${i}` })));
    expect(guesses.filter((g) => g.status === 403)).toHaveLength(ACCESS_CODE_LIMIT.max);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(30 - ACCESS_CODE_LIMIT.max);
    // Even the right code waits now: the count is taken before the code is checked.
    const blocked = await check(lodge.event_id, { access_code: CODE });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(Number(blocked.headers.get('Retry-After'))).toBeLessThanOrEqual(ACCESS_CODE_LIMIT.windowMs / 1000);
    // Another event is counted on its own; the window passing lets the right code in.
    expect((await check(otherLodge.event_id, { access_code: CODE })).status).toBe(200);
    expect((await check(lodge.event_id, { access_code: CODE }, new Date(NOW.getTime() + ACCESS_CODE_LIMIT.windowMs + 1000))).status).toBe(200);
  });

  it("serves a private event's slots only with a valid grant for that event", async () => {
    const refused = await slots(lodge.event_id);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'access_code_required' });
    const grant = (await check(lodge.event_id, { access_code: CODE })).body.access_grant!;
    const allowed = await slots(lodge.event_id, grant);
    expect(allowed.status).toBe(200);
    expect(allowed.body['2026-06-20']!.availableTimeSlots).toHaveLength(8);
    // Another event's grant, an expired one, a tampered one, rubbish.
    const otherGrant = (await check(otherLodge.event_id, { access_code: CODE })).body.access_grant!;
    expect((await slots(lodge.event_id, otherGrant)).status).toBe(403);
    expect((await slots(lodge.event_id, grant, new Date(NOW.getTime() + 2 * HOUR_MS - 60_000))).status).toBe(200);
    expect((await slots(lodge.event_id, grant, new Date(NOW.getTime() + 2 * HOUR_MS + 1000))).status).toBe(403);
    const [payload, signature] = grant.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { e: string; x: number };
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, e: lodge.event_id, x: claims.x + 86_400 })).toString('base64url');
    for (const bad of [`${forgedPayload}.${signature}`, `${payload}.${signature.slice(0, -2)}AA`, `${payload}.${signature}.x`, 'rubbish', '.']) {
      expect((await slots(lodge.event_id, bad)).status).toBe(403);
    }
  });

  it('serves a public event to anyone, and a grant made under another secret is refused', async () => {
    expect((await slots(open.event_id)).status).toBe(200);
    const grant = (await check(lodge.event_id, { access_code: CODE })).body.access_grant!;
    const otherServer = testApp({ db: test.db, now: NOW, env: { LINK_SIGNING_SECRET: 'another-secret-of-at-least-32-characters' } });
    const res = await getJson(otherServer, `/api/events/${lodge.event_id}/slots`, { headers: { [ACCESS_GRANT_HEADER]: grant } });
    expect(res.status).toBe(403);
  });
});
