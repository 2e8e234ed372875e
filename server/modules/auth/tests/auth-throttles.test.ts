/**
 * Sign-in throttles under attack (docs/decisions/0008-threat-model.md): guesses
 * are counted before the password check, so parallel guesses cannot slip
 * past the limit; the limit binds the guessing address, never the member;
 * X-Forwarded-For counts only from a trusted proxy; sign-ups and recovery
 * are limited per address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signIn, signUp, uniqueEmail } from '../../../../tests/fixtures/members';

describe.each(ENGINES)('sign-in throttles on %s', (engine) => {
  let test: TestDatabase;
  const app = (env: Record<string, string> = {}) => testApp({ db: test.db, env });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('checks at most five of 100 parallel wrong guesses, and refuses the right one sent after them', async () => {
    const email = uniqueEmail('parallel');
    await signUp(app(), email, 'right-password-17');
    const attacker = newAddress();
    const wrong = Array.from({ length: 100 }, (_, i) => signIn(app(), email, `wrong-guess-${i}`, attacker));
    const right = signIn(app(), email, 'right-password-17', attacker);
    const answers = await Promise.all([...wrong, right]);
    const checked = answers.filter((a) => a.status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect((await right).status).toBe(429);
    expect((await right).body).toMatchObject({ code: 'over_request_rate_limit' });
  });

  it('never locks the member out: failures from one address leave every other address free', async () => {
    const email = uniqueEmail('victim');
    await signUp(app(), email, 'member-password-9');
    const attacker = newAddress();
    for (let i = 0; i < 6; i += 1) await signIn(app(), email, `nope-${i}`, attacker);
    expect((await signIn(app(), email, 'member-password-9', attacker)).status).toBe(429);
    const member = await signIn(app(), email, 'member-password-9', newAddress());
    expect(member.status).toBe(200);
  });

  it('slows an account guessed at from many addresses, without locking it', async () => {
    const email = uniqueEmail('spread');
    await signUp(app(), email, 'member-password-10');
    for (let i = 0; i < 10; i += 1) await signIn(app(), email, `spread-${i}`, newAddress());
    const started = Date.now();
    expect((await signIn(app(), email, 'spread-again', newAddress())).status).toBe(400);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect((await signIn(app(), email, 'member-password-10', newAddress())).status).toBe(200);
  });

  it('believes X-Forwarded-For only from a trusted proxy', async () => {
    const email = uniqueEmail('proxied');
    await signUp(app(), email, 'member-password-11');
    const proxy = newAddress();
    const behindProxy = { TRUST_PROXY: '1' };
    const via = (client: string, password: string, env: Record<string, string>) =>
      postAuth(app(env), '/token?grant_type=password', { email, password }, { 'X-Forwarded-For': client }, proxy);

    for (let i = 0; i < 6; i += 1) await via('203.0.113.7', `bad-${i}`, behindProxy);
    expect((await via('203.0.113.7', 'member-password-11', behindProxy)).status).toBe(429);
    // Another visitor behind the same proxy is someone else.
    expect((await via('203.0.113.8', 'member-password-11', behindProxy)).status).toBe(200);
    // Without TRUST_PROXY the header is the client's own words: ignored, so it cannot dodge the count.
    const direct = newAddress();
    for (let i = 0; i < 6; i += 1) {
      await postAuth(app(), '/token?grant_type=password', { email, password: `x-${i}` }, { 'X-Forwarded-For': `10.0.0.${i}` }, direct);
    }
    expect((await signIn(app(), email, 'member-password-11', direct)).status).toBe(429);
  });

  it('limits sign-ups from one address to ten an hour', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await postAuth(app(), '/signup', { email: uniqueEmail('bulk'), password: 'bulk-password-1' }, {}, address)).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('lets a screening venue set its own sign-up limit: 25 men behind one address all register', async () => {
    const venue = app({ AUTH_SIGNUPS_PER_ADDRESS_PER_HOUR: '25' });
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 26; i += 1) {
      statuses.push((await postAuth(venue, '/signup', { email: uniqueEmail('venue'), password: 'venue-password-1' }, {}, address)).status);
    }
    expect(statuses.slice(0, 25).every((s) => s === 200)).toBe(true);
    expect(statuses[25]).toBe(429);
  });

  it('takes the failed sign-in limits from settings', async () => {
    const email = uniqueEmail('setting');
    await signUp(app(), email, 'right-password-17');
    const strict = app({ AUTH_SIGNIN_FAILURES_PER_ACCOUNT: '2' });
    const attacker = newAddress();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(strict, email, `wrong-guess-${i}`, attacker)));
    expect(answers.filter((a) => a.status !== 429)).toHaveLength(2);
  });

  it('limits password reset requests from one address to ten an hour', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await postAuth(app(), '/recover', { email: uniqueEmail('reset') }, {}, address)).status);
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
