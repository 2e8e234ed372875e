/**
 * Whether an address is registered does not show
 * (docs/decisions/0008-threat-model.md): recovery answers as fast for an
 * unknown address as for a member's (the email goes out after the answer),
 * sign-up answers alike when confirmation is required (the owner is told by
 * email instead), and with confirmation off (where a new address gets a session
 * and a taken one cannot, so 422 must tell it) one client address learns it at
 * most 3 times an hour; the newsletter answers 201 either way, and another
 * member's results are answered exactly as a missing profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app';
import { parseEnv } from '../../../platform/env';
import type { Mailer, MailMessage } from '../../../platform/mail';
import { getJson, newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { waitForMail } from '../../../../tests/fixtures/mail';
import { createProfile, postAuth, profileFields, signUp, uniqueEmail, withToken } from '../../../../tests/fixtures/members';

// Long enough that a loaded CI machine answering slowly cannot pass for waiting on the mail.
const SLOW_MAIL_MS = 4_000;

describe.each(ENGINES)('registered or not on %s', (engine) => {
  let test: TestDatabase;
  const app = (env: Record<string, string> = {}) => testApp({ db: test.db, env });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers a reset request as fast for a member as for an unknown address, even with slow mail', async () => {
    const sent: MailMessage[] = [];
    const slowMailer: Mailer = {
      send: async (message) => {
        await new Promise((done) => setTimeout(done, SLOW_MAIL_MS));
        sent.push(message);
      },
      sendMany: () => Promise.reject(new Error('The reset path sends one email at a time.')),
    };
    const env = parseEnv({ STATIC_DIR: '/nonexistent/chaps-test-dist', LOG_LEVEL: 'silent' });
    const slow = createApp({ db: test.db, env, mailer: slowMailer });
    const member = uniqueEmail('timed');
    await signUp(app(), member);
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await postAuth(slow, '/recover', { email }, {}, newAddress());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
      return performance.now() - started;
    };
    expect(await timed(member)).toBeLessThan(SLOW_MAIL_MS / 2);
    expect(await timed(uniqueEmail('nobody'))).toBeLessThan(SLOW_MAIL_MS / 2);
    await expect.poll(() => sent.some((m) => m.to === member), { timeout: SLOW_MAIL_MS + 5_000 }).toBe(true);
  });

  it('answers sign-up alike for a taken address when confirmation is required, and tells the owner', async () => {
    const env = { AUTH_REQUIRE_EMAIL_CONFIRMATION: 'true' };
    const taken = uniqueEmail('taken');
    await signUp(app(), taken);
    const fresh = await postAuth<Record<string, unknown>>(app(env), '/signup', { email: uniqueEmail('fresh'), password: 'fresh-password-1' }, {}, newAddress());
    const again = await postAuth<Record<string, unknown>>(app(env), '/signup', { email: taken, password: 'other-password-1' }, {}, newAddress());
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect((again.body.identities as unknown[]).length).toBe((fresh.body.identities as unknown[]).length);
    expect(again.body.email_confirmed_at).toBeNull();
    const notice = await waitForMail(test.db, taken, /already have a CHAPS account/i);
    expect(notice.text).toContain('http://localhost/login');
  });

  it('with confirmation off, lets one address hear "already registered" 3 times an hour, then nothing at all', async () => {
    const taken = await Promise.all([1, 2, 3, 4, 5].map(async (n) => (await signUp(app(), uniqueEmail(`harvested${n}`))).user.email));
    const address = newAddress();
    const attempt = (email: string) => postAuth<{ code?: string }>(app(), '/signup', { email, password: 'probe-password-9' }, {}, address);
    // New addresses first: they do not use the allowance up.
    for (let n = 0; n < 4; n += 1) expect((await attempt(uniqueEmail('new'))).status).toBe(200);
    for (const email of taken.slice(0, 3)) {
      const res = await attempt(email);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('user_already_exists');
    }
    const fourth = await attempt(taken[3]!);
    expect(fourth.status).toBe(429);
    const fresh = await attempt(uniqueEmail('fresh'));
    expect(fresh.status).toBe(429);
    // The same answer for a taken and a new address once the limit is reached.
    expect(fresh.body).toEqual(fourth.body);
    // Another visitor is not affected.
    expect((await postAuth(app(), '/signup', { email: taken[4]!, password: 'probe-password-9' }, {}, newAddress())).status).toBe(422);
  });

  it('counts the taken-address answers before looking, so parallel probes from one address learn at most 3', async () => {
    const taken = await Promise.all(Array.from({ length: 12 }, async (_, n) => (await signUp(app(), uniqueEmail(`parallel${n}`))).user.email));
    const address = newAddress();
    const answers = await Promise.all(taken.map((email) => postAuth(app(), '/signup', { email, password: 'probe-password-9' }, {}, address)));
    expect(answers.filter((a) => a.status === 422).length).toBeLessThanOrEqual(3);
    expect(answers.filter((a) => a.status === 422 || a.status === 429)).toHaveLength(12);
  });

  it('accepts parallel new accounts from one address as it would the same in sequence (a venue behind one Wi-Fi)', async () => {
    // Before, each counted against the taken-address allowance until given back: 8 at once gave 3 accounts and blocked the address.
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) => postAuth(app(), '/signup', { email: uniqueEmail(`venue${n}`), password: 'venue-password-7' }, {}, address)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 200));
    const next = await postAuth(app(), '/signup', { email: uniqueEmail('venue-next'), password: 'venue-password-7' }, {}, address);
    expect(next.status).toBe(200);
  });

  it('answers the newsletter 201 for a new and a known address alike', async () => {
    const subscribe = () =>
      getJson(app(), '/api/subscriptions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Ann', email: 'ann.known@example.org' }),
      });
    expect((await subscribe()).status).toBe(201);
    expect((await subscribe()).status).toBe(201);
  });

  it("answers another member's results exactly as a missing profile", async () => {
    const owner = await signUp(app());
    const created = await createProfile<{ userProfile: { public_id: string } }>(app(), owner.access_token, profileFields());
    const other = await signUp(app());
    const theirs = await getJson(app(), `/api/medical/results/${created.body.userProfile.public_id}`, withToken(other.access_token));
    const missing = await getJson(app(), `/api/medical/results/${crypto.randomUUID()}`, withToken(other.access_token));
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });
});
