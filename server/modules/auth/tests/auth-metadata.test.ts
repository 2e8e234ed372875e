/**
 * What a member's metadata may hold in all. Each update
 * was capped at 4 KB but updates merge, so 60 of them grew it to 563 KB and
 * the access token past what any later request could carry (431).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_METADATA_BYTES } from '../users';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { signIn, signUp, uniqueEmail, withToken } from '../../../../tests/fixtures/members';

const chunk = (key: string) => ({ [key]: 'x'.repeat(3000) });

describe.each(ENGINES)('stored user metadata on %s', (engine) => {
  let test: TestDatabase;
  const app = () => testApp({ db: test.db });
  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });
  const stored = async (email: string) =>
    (await test.db.query<{ size: number }>('SELECT octet_length(user_metadata::text) AS size FROM auth_users WHERE email = $1', [email]))[0]?.size ?? 0;
  const put = (token: string, data: unknown) =>
    getJson<{ code?: string; message?: string }>(app(), '/auth/v1/user', withToken(token, { method: 'PUT', body: JSON.stringify({ data }) }));

  it('refuses an update that would take the total past the cap, and keeps what was there', async () => {
    const email = uniqueEmail('meta');
    const session = await signUp(app(), email);
    expect((await put(session.access_token, chunk('a'))).status).toBe(200);
    expect((await put(session.access_token, chunk('b'))).status).toBe(200);
    const before = await stored(email);
    const third = await put(session.access_token, chunk('c'));
    expect(third.status).toBe(400);
    expect(third.body).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/too large/) });
    expect(await stored(email)).toBe(before);
    // Replacing a key with something smaller still works.
    expect((await put(session.access_token, { a: 'short' })).status).toBe(200);
  });

  it('holds the cap against parallel updates, and sign-in still gives a token every request can carry', async () => {
    const email = uniqueEmail('meta-race');
    const session = await signUp(app(), email, 'meta-password-4');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => put(session.access_token, chunk(`k${i}`))));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(answers.every((a) => a.status === 200 || a.status === 400)).toBe(true);
    expect(await stored(email)).toBeLessThanOrEqual(MAX_STORED_METADATA_BYTES);
    const again = await signIn(app(), email, 'meta-password-4');
    expect(again.status).toBe(200);
    const token = (again.body as { access_token: string }).access_token;
    expect(token.length).toBeLessThan(16_000);
    expect((await getJson(app(), '/auth/v1/user', withToken(token))).status).toBe(200);
  });
});
