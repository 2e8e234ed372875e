/**
 * Whether an address is registered does not show (issue 8, finding 10):
 * recovery answers as fast for an unknown address as for a member's (the
 * email goes out after the answer), sign-up answers alike when
 * confirmation is required (the owner is told by email instead), the
 * newsletter answers 201 either way, and another member's results are
 * answered exactly as a missing profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { parseEnv } from '../../server/env';
import type { Mailer, MailMessage } from '../../server/mail';
import { getJson, newAddress, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { waitForMail } from '../fixtures/mail';
import { createProfile, postAuth, profileFields, signUp, uniqueEmail, withToken } from '../fixtures/members';

const SLOW_MAIL_MS = 800;

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
    await expect.poll(() => sent.some((m) => m.to === member), { timeout: 5_000 }).toBe(true);
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
    const created = await createProfile<{ userProfile: { profile_id: number } }>(app(), owner.access_token, profileFields());
    const other = await signUp(app());
    const theirs = await getJson(app(), `/api/medical/results/${created.body.userProfile.profile_id}`, withToken(other.access_token));
    const missing = await getJson(app(), '/api/medical/results/999999', withToken(other.access_token));
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });
});
