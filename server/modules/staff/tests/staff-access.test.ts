/**
 * /api/staff is for staff only: every route answers 401 without a token
 * and 403 to a member (logged), whatever the body claims; the role comes
 * from the auth user's app_metadata, reaches the stand-in's tokens and
 * /auth/v1/user, and is read fresh on each call (removing it works at once).
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostedStaffCheck, setStandInRole } from '../../auth/staff-role';
import type { Logger } from '../../../platform/logger';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { signIn, signUp } from '../../../../tests/fixtures/members';
import { makeStaff } from '../../../../tests/fixtures/staff';

const NOW = new Date('2026-06-10T09:00:00Z');
const EVENT = makeEvent();
const APPOINTMENT = '00000000-0000-4000-8000-000000000000';

// Every staff route, with a body a real call would send.
const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/staff/me'],
  ['GET', '/api/staff/events'],
  ['GET', `/api/staff/events/${EVENT.event_id}`],
  ['POST', '/api/staff/events', { ...EVENT, role: 'staff' }],
  ['PUT', `/api/staff/events/${EVENT.event_id}`, EVENT],
  ['POST', `/api/staff/events/${EVENT.event_id}/cancel`],
  ['POST', `/api/staff/events/${EVENT.event_id}/access-code`, {}],
  ['GET', `/api/staff/events/${EVENT.event_id}/attendees`],
  ['POST', `/api/staff/events/${EVENT.event_id}/check-ins`, { check_ins: [{ appointment_id: APPOINTMENT, checked_in_at: NOW.toISOString() }] }],
  ['PUT', `/api/staff/events/${EVENT.event_id}/attendees/${APPOINTMENT}/result`, { test_result: '1.2' }],
  ['POST', `/api/staff/events/${EVENT.event_id}/results.csv`, 'profile_id,psa_ng_ml\n1001,1.2\n'],
  ['POST', `/api/staff/events/${EVENT.event_id}/results.csv`, 'sample_id,psa_ng_ml\n7KQ2-M9PT,1.2\n'],
  ['GET', '/api/staff/result-holds'],
  ['GET', `/api/staff/events/${EVENT.event_id}/result-holds`],
  ['POST', `/api/staff/events/${EVENT.event_id}/result-holds/${APPOINTMENT}/resolve`, { action: 'discard', reason: 'Broken tube.' }],
  ['GET', `/api/staff/events/${EVENT.event_id}/samples/7KQ2M9PT`],
  ['GET', `/api/staff/events/${EVENT.event_id}/attendees/${APPOINTMENT}/consent`],
  ['POST', `/api/staff/events/${EVENT.event_id}/attendees/${APPOINTMENT}/consent-link`],
  ['POST', `/api/staff/events/${EVENT.event_id}/samples`, {}],
  ['GET', `/api/staff/events/${EVENT.event_id}/manifest`],
  ['GET', `/api/staff/events/${EVENT.event_id}/manifest.csv`],
  ['POST', '/api/staff/members', { first_name: 'Walter', last_name: 'Green', email: 'walter.green@example.org' }],
  ['PUT', `/api/staff/events/${EVENT.event_id}/attendees/${APPOINTMENT}/follow-up`, { outcome: 'seen_gp' }],
  ['GET', '/api/staff/statistics?year=2026'],
  ['GET', '/api/staff/statistics/export.csv?year=2026'],
  ['POST', '/api/staff/statistics/publish', { year: 2026 }],
];

describe.each(ENGINES)('staff access on %s', (engine) => {
  let test: TestDatabase;
  let member: FastMember;
  let staff: FastMember;
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (m) => warnings.push(m) };
  const app = () => testApp({ db: test.db, now: NOW, logger });
  const call = (token: string | null, [method, path, body]: [string, string, unknown?]) =>
    getJson(app(), path, body === undefined ? { method, headers: token ? { Authorization: `Bearer ${token}` } : {} } : sendJson(token, body, method));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    [member] = (await fastMembers(test.db, 1, NOW)) as [FastMember];
    staff = await makeStaff(test.db, NOW);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it.each(ROUTES)('%s %s: 401 without a token, 403 for a member (logged), and not 401/403 for staff', async (...route) => {
    expect((await call(null, route)).status).toBe(401);
    warnings.length = 0;
    const refused = await call(member.token, route);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'forbidden', message: 'This page is for charity staff only.' });
    expect(warnings.join('\n')).toContain(`Member ${member.userId} tried staff route`);
    expect([401, 403]).not.toContain((await call(staff.token, route)).status);
  });

  it('wrote nothing for the refused member', async () => {
    const [audit] = await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM staff_audit WHERE staff_user_id = $1::uuid', [member.userId]);
    expect(audit!.n).toBe(0);
  });

  it('puts the role in the stand-in token and /auth/v1/user, and reads it fresh on every call', async () => {
    const session = await signUp(app(), 'new.staff@example.org');
    expect((await call(session.access_token, ROUTES[0]!)).status).toBe(403);
    await setStandInRole(test.db, 'NEW.staff@example.org ', 'staff', NOW);
    // The old token (no role claim) now works: the server reads the role from the user, not the token.
    expect((await call(session.access_token, ROUTES[0]!)).status).toBe(200);
    const fresh = await signIn(app(), 'new.staff@example.org', 'correct-horse-1');
    const claims = JSON.parse(Buffer.from(fresh.body.access_token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(claims.app_metadata).toEqual({ role: 'staff', provider: 'email', providers: ['email'] });
    const user = await getJson<{ app_metadata: unknown }>(app(), '/auth/v1/user', { headers: { Authorization: `Bearer ${fresh.body.access_token}`, apikey: 'x' } });
    expect(user.body.app_metadata).toEqual({ role: 'staff', provider: 'email', providers: ['email'] });
    await setStandInRole(test.db, 'new.staff@example.org', null, NOW);
    expect((await call(fresh.body.access_token, ROUTES[0]!)).status).toBe(403);
  });
});

describe('a hosted project', () => {
  const token = (appMetadata: unknown) =>
    new SignJWT({ app_metadata: appMetadata }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').sign(new TextEncoder().encode('x'.repeat(32)));

  it.each([
    [{ role: 'staff', provider: 'email' }, 'admin'],
    [{ role: 'clinical', provider: 'email' }, 'clinical'],
    [{ role: 'volunteer' }, 'volunteer'],
    [{ provider: 'email' }, null],
    [{ role: 'Staff' }, null],
    [{ role: 'member' }, null],
    ['staff', null],
    [null, null],
  ])('reads app_metadata %j from the verified token as the role %s', async (appMetadata, expected) => {
    expect(await hostedStaffCheck()({ userId: 'u', email: '', aal: 'aal1' }, await token(appMetadata))).toBe(expected);
  });
});
