/**
 * /api/auth/profile: the member's own profile, created once from the
 * sign-up fields, read and updated; identity from the token only; the age
 * and NHS rules; tokens missing, expired or tampered; bad bodies never 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGE_MESSAGE } from '../../../../src/domain/age';
import type { MemberProfile } from '../../../../src/domain/member-profile';
import { NHS_INVALID_MESSAGE } from '../../../../src/domain/nhs-number';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { createProfile, profileFields, signUp, uniqueEmail, withToken } from '../../../../tests/fixtures/members';

// 10 June 2026 in London.
const NOW = new Date('2026-06-10T09:00:00Z');
type ProfileAnswer = { status: string; userProfile: MemberProfile };
type ErrorAnswer = { error: string; message: string; issues?: { path: string; message: string }[] };

describe.each(ENGINES)('member profile on %s', (engine) => {
  let test: TestDatabase;
  let clock = NOW.getTime();
  const app = () => testApp({ db: test.db, now: () => new Date(clock) });
  const get = (token: string) => getJson<ProfileAnswer & ErrorAnswer>(app(), '/api/auth/profile', withToken(token));
  const patch = (token: string, body: unknown) =>
    getJson<ProfileAnswer & ErrorAnswer>(app(), '/api/auth/profile', withToken(token, { method: 'PATCH', body: JSON.stringify(body) }));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('creates the profile from the token, tidies the fields, then reads and updates it', async () => {
    const email = uniqueEmail('Profile');
    const session = await signUp(app(), email);
    const created = await createProfile<ProfileAnswer>(app(), session.access_token, {
      ...profileFields({ nhs_number: '943 476 5919', first_name: '  Alan James ' }),
      email: ` ${email.toUpperCase()} `,
      user_id: session.user.id,
    });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('success');
    expect(created.body.userProfile).toMatchObject({
      user_id: session.user.id,
      email: email.toLowerCase(),
      first_name: 'Alan James',
      nhs_number: '9434765919',
      date_of_birth: '1970-03-15',
      billing_address: null,
      ni_number: null,
      is_verified: false,
      is_active: true,
    });
    expect(created.body.userProfile.profile_id).toBeGreaterThan(1000);

    const again = await createProfile<ErrorAnswer>(app(), session.access_token, profileFields());
    expect(again.status).toBe(409);

    expect((await get(session.access_token)).body.userProfile).toEqual(created.body.userProfile);
    const updated = await patch(session.access_token, {
      first_name: 'Alan',
      billing_address: '2 Station Road, Ipswich, IP1 1AA, United Kingdom',
      occupation: '',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.userProfile).toMatchObject({ first_name: 'Alan', occupation: null, last_name: 'Carter' });
    expect((await get(session.access_token)).body.userProfile.billing_address).toMatch(/^2 Station Road/);
  });

  it.each([
    ['39 on the day', { date_of_birth: '1986-06-11' }, 'date_of_birth', AGE_MESSAGE],
    ['81 on the day', { date_of_birth: '1945-06-10' }, 'date_of_birth', AGE_MESSAGE],
    ['born tomorrow', { date_of_birth: '2026-06-11' }, 'date_of_birth', 'Enter a real date of birth.'],
    ['a failing NHS check digit', { nhs_number: '9434765918' }, 'nhs_number', NHS_INVALID_MESSAGE],
    ['letters in the NHS number', { nhs_number: '94347A5919' }, 'nhs_number', NHS_INVALID_MESSAGE],
    ['no first name', { first_name: '  ' }, 'first_name', 'Enter your first name.'],
    ['an unknown gender', { gender: 'Robot' }, 'gender', 'Choose one of: Male, Female, Non-binary, Other.'],
    ['a huge address', { home_address: 'x'.repeat(5000) }, 'home_address', 'Use at most 300 characters for your home address.'],
  ])('refuses a profile with %s (422 naming the field)', async (_label, override, path, message) => {
    const session = await signUp(app());
    const res = await createProfile<ErrorAnswer>(app(), session.access_token, profileFields(override));
    expect(res.status).toBe(422);
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it('accepts ages 40 and 80 exactly, and an empty NHS number', async () => {
    for (const [dob, nhs] of [
      ['1986-06-10', ''],
      ['1945-06-11', null],
    ] as const) {
      const session = await signUp(app());
      const res = await createProfile<ProfileAnswer>(app(), session.access_token, profileFields({ date_of_birth: dob, nhs_number: nhs }));
      expect(res.status).toBe(201);
      expect(res.body.userProfile.nhs_number).toBeNull();
    }
  });

  it('refuses a profile for another user id (403), another email (422), and a changed email or emptied required field', async () => {
    const session = await signUp(app());
    const other = await signUp(app());
    const forOther = await createProfile<ErrorAnswer>(app(), session.access_token, { ...profileFields(), user_id: other.user.id });
    expect(forOther.status).toBe(403);
    const otherEmail = await createProfile<ErrorAnswer>(app(), session.access_token, { ...profileFields(), email: other.user.email });
    expect(otherEmail.status).toBe(422);

    expect((await createProfile(app(), session.access_token, profileFields())).status).toBe(201);
    expect((await patch(session.access_token, { email: 'new@example.org' })).status).toBe(422);
    const emptied = await patch(session.access_token, { phone: '', billing_address: null });
    expect(emptied.status).toBe(422);
    expect(emptied.body.issues?.map((i) => i.path)).toEqual(['phone', 'billing_address']);
  });

  it('answers 404 before the profile exists', async () => {
    const session = await signUp(app());
    expect((await get(session.access_token)).status).toBe(404);
    expect((await patch(session.access_token, { first_name: 'X' })).status).toBe(404);
  });

  it('answers 401 without a token, with an expired one, a tampered one, or one from a signed-out session', async () => {
    const session = await signUp(app());
    await createProfile(app(), session.access_token, profileFields());
    const [head, payload, signature] = session.access_token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url');

    expect((await getJson(app(), '/api/auth/profile')).status).toBe(401);
    expect((await get('not-a-jwt')).status).toBe(401);
    expect((await get(`${head}.${forged}.${signature}`)).status).toBe(401);
    expect((await get(`${head}.${payload}.${signature.slice(0, -4)}AAAA`)).status).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await get(unsigned)).status).toBe(401);

    clock += 3601_000;
    const expired = await get(session.access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: 'unauthorized' });
    clock = NOW.getTime();

    expect((await get(session.access_token)).status).toBe(200);
    await app().request('/auth/v1/logout?scope=local', withToken(session.access_token, { method: 'POST' }));
    expect((await get(session.access_token)).status).toBe(401);
  });

  it.each([
    ['broken JSON', '{"first_name":'],
    ['a list', '[]'],
    ['a number for a name', JSON.stringify({ ...profileFields(), first_name: 7 })],
    ['an object for the NHS number', JSON.stringify({ ...profileFields(), nhs_number: { a: 1 } })],
    ['a huge body', JSON.stringify({ ...profileFields(), occupation: 'x'.repeat(20_000) })],
    ['nothing', ''],
  ])('answers %s with 4xx, never 5xx', async (_label, body) => {
    const session = await signUp(app());
    const res = await app().request('/api/auth/profile', withToken(session.access_token, { method: 'POST', body }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
