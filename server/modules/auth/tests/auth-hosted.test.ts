/**
 * With SUPABASE_URL set the site signs in with a hosted project: the
 * stand-in is not served, the CSP lets the browser reach the project, and
 * the API accepts the project's tokens (HS256 with SUPABASE_JWT_SECRET),
 * taking the member from `sub` and refusing anything else; a staff
 * token's `aal` claim is what decides the second factor
 * (docs/rules.md#second-factor).
 */
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, type TestDatabase } from '../../../../tests/fixtures/db';
import { profileFields, withToken } from '../../../../tests/fixtures/members';

const SECRET = 'hosted-project-secret-of-at-least-32-chars';
const HOSTED = { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_JWT_SECRET: SECRET };
const USER_ID = '3b1f0c7e-2d4a-4e6b-9c8d-1a2b3c4d5e6f';

const hostedToken = (secret = SECRET, sub = USER_ID, expiresIn = '1h') =>
  new SignJWT({ email: 'hosted.member@example.org', role: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setAudience('authenticated')
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));

describe('hosted Supabase project', () => {
  let test: TestDatabase;
  const app = () => testApp({ db: test.db, env: HOSTED });

  beforeAll(async () => {
    test = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('does not serve the stand-in, and allows the project in connect-src', async () => {
    const res = await app().request('/auth/v1/signup', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Security-Policy')).toMatch(/connect-src 'self' https:\/\/abcd\.supabase\.co/);
  });

  it("accepts the project's tokens for the member API, and refuses others", async () => {
    const token = await hostedToken();
    const created = await getJson(app(), '/api/auth/profile', withToken(token, { method: 'POST', body: JSON.stringify(profileFields()) }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ userProfile: { user_id: USER_ID, email: 'hosted.member@example.org' } });

    expect((await getJson(app(), '/api/auth/profile', withToken(await hostedToken('another-secret-that-is-long-enough-123')))).status).toBe(401);
    expect((await getJson(app(), '/api/auth/profile', withToken(await hostedToken(SECRET, USER_ID, '-1m')))).status).toBe(401);
    expect((await getJson(app(), '/api/auth/profile', withToken(token))).status).toBe(200);
  });

  it("reads the second factor from the project's token: an admin at aal1 gets /me and nothing else", async () => {
    const staffToken = (aal: string) =>
      new SignJWT({ email: 'hosted.admin@example.org', role: 'authenticated', app_metadata: { role: 'admin' }, aal, session_id: crypto.randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(USER_ID)
        .setAudience('authenticated')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(SECRET));
    const aal1 = await staffToken('aal1');
    expect((await getJson(app(), '/api/staff/me', withToken(aal1))).body).toMatchObject({ assurance: { required: 'aal2', current: 'aal1' } });
    expect((await getJson(app(), '/api/staff/events', withToken(aal1))).body).toMatchObject({ error: 'mfa_required' });
    const aal2 = await staffToken('aal2');
    expect((await getJson(app(), '/api/staff/me', withToken(aal2))).body).toMatchObject({ assurance: { required: 'aal2', current: 'aal2' } });
    expect((await getJson(app(), '/api/staff/events', withToken(aal2))).status).toBe(200);
  });
});
