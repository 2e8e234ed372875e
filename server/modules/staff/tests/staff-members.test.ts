/**
 * Staff registering members at a screening venue: the
 * sign-up limit per address does not apply, since staff are signed in and
 * the venue's one address is the reason; each man is emailed a link that
 * signs him in where he chooses his own password; until then no password
 * opens the account. A taken address and a bad body are refused per field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PASSWORD_YET } from '../../auth/venue-registration';
import { getJson, newAddress, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { waitForMail } from '../../../../tests/fixtures/mail';
import { postAuth, signIn, signUp, uniqueEmail, withToken } from '../../../../tests/fixtures/members';
import { auditCount, makeStaff } from '../../../../tests/fixtures/staff';

describe.each(ENGINES)('registering a member at a venue on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const now = new Date();
  const app = () => testApp({ db: test.db, now });
  const register = (body: unknown, token = staff.token) => getJson<Record<string, unknown>>(app(), '/api/staff/members', sendJson(token, body));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    staff = await makeStaff(test.db, now);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('registers more men than one address may sign up in an hour, each emailed a link to choose a password', async () => {
    const venue = newAddress();
    const emails = Array.from({ length: 12 }, () => uniqueEmail('venue'));
    for (const email of emails) {
      const res = await getJson(app(), '/api/staff/members', sendJson(staff.token, { first_name: 'Arthur', last_name: "O'Neill", email }, 'POST', { 'X-Forwarded-For': venue }));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body).toEqual({ email, emailed: true });
    }
    // A member's own sign-up from the same venue is still held to the limit of its address.
    const own = await postAuth(app(), '/signup', { email: uniqueEmail('own'), password: 'own-password-1' }, {}, venue);
    expect(own.status).toBe(200);
    expect(await auditCount(test.db, 'register_member')).toBeGreaterThanOrEqual(12);
  });

  it("opens no account with any password until he chooses one from his link, which signs him in where he does", async () => {
    const email = uniqueEmail('arrival');
    expect((await register({ first_name: 'Dennis', last_name: 'Okafor', email })).status).toBe(201);
    expect((await signIn(app(), email, NO_PASSWORD_YET)).status).toBe(400);
    expect((await signIn(app(), email, '')).status).toBe(400);

    const mail = await waitForMail(test.db, email, /choose a password/i);
    expect(mail.text).toContain('Hello Dennis Okafor,');
    const link = /(http:\/\/localhost\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1]!;
    const landed = await app().request(link.replace('http://localhost', ''), { redirect: 'manual' });
    expect(landed.status).toBe(303);
    const target = new URL(landed.headers.get('Location')!);
    expect(`${target.pathname}${target.search}`).toBe('/reset-password?welcome=1');
    const token = new URLSearchParams(target.hash.slice(1)).get('access_token')!;
    expect(token).toBeTruthy();

    const chose = await getJson(app(), '/auth/v1/user', withToken(token, { method: 'PUT', body: JSON.stringify({ password: 'his-own-password-7' }), headers: { 'Content-Type': 'application/json' } }));
    expect(chose.status, JSON.stringify(chose.body)).toBe(200);
    expect((await signIn(app(), email, 'his-own-password-7')).status).toBe(200);
    // The link works once.
    expect((await app().request(link.replace('http://localhost', ''), { redirect: 'manual' })).headers.get('Location')).toContain('error');
  });

  it('refuses an address that already has an account, naming the field', async () => {
    const email = uniqueEmail('taken');
    await signUp(app(), email);
    const res = await register({ first_name: 'Peter', last_name: 'Hale', email: ` ${email.toUpperCase()} ` });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: 'already_registered', issues: [{ field: 'email' }] });
  });

  it.each([
    [{ first_name: '', last_name: 'Hale', email: 'p@example.org' }, ['first_name']],
    [{ first_name: 'Peter', last_name: 'https://evil.example', email: 'p@example.org' }, ['last_name']],
    [{ first_name: 'Peter', last_name: 'Hale', email: 'not-an-email' }, ['email']],
    [{}, ['first_name', 'last_name', 'email']],
  ])('refuses %j with 422 naming %j', async (body, fields) => {
    const res = await register(body);
    expect(res.status).toBe(422);
    expect((res.body.issues as { field: string }[]).map((i) => i.field)).toEqual(fields);
  });
});
