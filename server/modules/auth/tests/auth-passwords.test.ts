/**
 * Passwords (docs/decisions/0008-threat-model.md): argon2id hashes made off the
 * main thread, older bcrypt hashes still accepted and upgraded at sign-in, and
 * new passwords checked against a list of common and breached ones.
 */
import bcrypt from 'bcryptjs';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '../passwords';
// @ts-expect-error -- plain JavaScript run in the pool's threads, without declarations
import { HASHING_NICENESS } from '../password-worker.mjs';
import { getJson, newAddress, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { postAuth, signIn, signUp, uniqueEmail, withToken } from '../../../../tests/fixtures/members';

describe.each(ENGINES)('passwords on %s', (engine) => {
  let test: TestDatabase;
  const app = () => testApp({ db: test.db });
  const storedHash = async (email: string) =>
    (await test.db.query<{ encrypted_password: string }>('SELECT encrypted_password FROM auth_users WHERE email = $1', [email]))[0]
      ?.encrypted_password;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('stores argon2id hashes for new accounts', async () => {
    const email = uniqueEmail('argon');
    await signUp(app(), email, 'fresh-password-1');
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts an account made with bcrypt, and stores argon2id at its next sign-in', async () => {
    const email = uniqueEmail('legacy');
    await signUp(app(), email, 'placeholder-pass-1');
    await test.db.query('UPDATE auth_users SET encrypted_password = $2 WHERE email = $1', [email, bcrypt.hashSync('legacy-password-1', 10)]);
    expect((await signIn(app(), email, 'wrong-password-1', newAddress())).status).toBe(400);
    expect(await storedHash(email)).toMatch(/^\$2[aby]\$/);
    expect((await signIn(app(), email, 'legacy-password-1', newAddress())).status).toBe(200);
    expect(await storedHash(email)).toMatch(/^\$argon2id\$/);
    expect((await signIn(app(), email, 'legacy-password-1', newAddress())).status).toBe(200);
  });

  it('hashes and verifies off the main thread: the event loop idles through a burst of 40', async () => {
    const stored = await hashPassword('burst-password-1');
    // An older account's bcrypt hash, verified by bcryptjs (plain JavaScript): it too must run in the pool.
    const legacy = bcrypt.hashSync('burst-password-1', 10);
    const before = performance.eventLoopUtilization();
    const work = Array.from({ length: 40 }, (_, i) =>
      i % 3 === 0 ? hashPassword(`burst-${i}`) : passwordMatches('burst-password-1', i % 3 === 1 ? stored : legacy),
    );
    expect(await Promise.all(work)).toEqual(work.map((_, i) => (i % 3 === 0 ? expect.any(String) : true)));
    // Hashing or bcryptjs on the main thread kept the loop busy the whole time (about 0.95 here); a thread pool leaves it nearly idle.
    expect(performance.eventLoopUtilization(before).utilization).toBeLessThan(0.5);
  });

  // Linux names each thread's niceness; the CI machines and the production image are Linux.
  it.runIf(existsSync('/proc/self/task'))('hashes on threads that give way to the main thread (nice 19), leaving the main thread at 0', async () => {
    await hashPassword('niceness-password-1');
    const niceness = readdirSync('/proc/self/task').map((id) => {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      // Field 19 of stat(5) is the nice value; the fields after the command's closing parenthesis start at field 3.
      return { id: Number(id), nice: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]) };
    });
    expect(niceness.find((t) => t.id === process.pid)?.nice).toBe(0);
    expect(niceness.filter((t) => t.nice === HASHING_NICENESS).length).toBeGreaterThanOrEqual(1);
  });

  it.each(['123456', 'password', 'qwerty123', 'Password123', 'iloveyou'])('refuses the common password %s', async (password) => {
    const res = await postAuth(app(), '/signup', { email: uniqueEmail('weak'), password }, {}, newAddress());
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['pwned'] } });
  });

  it('keeps the message docs/rules.md gives a short password, and refuses the email as the password', async () => {
    const short = await postAuth(app(), '/signup', { email: uniqueEmail('short'), password: 'ab1' }, {}, newAddress());
    expect(short.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    const email = uniqueEmail('self');
    const same = await postAuth(app(), '/signup', { email, password: email.toUpperCase() }, {}, newAddress());
    expect(same.status).toBe(422);
    expect(same.body).toMatchObject({ code: 'weak_password' });
  });

  it('checks a changed password too', async () => {
    const session = await signUp(app());
    const res = await getJson(app(), '/auth/v1/user', withToken(session.access_token, { method: 'PUT', body: JSON.stringify({ password: 'password1' }) }));
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'weak_password' });
  });
});
