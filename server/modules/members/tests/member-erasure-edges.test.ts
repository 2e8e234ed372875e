/**
 * "Delete my account" at its edges
 * (docs/decisions/0021-member-record-export-and-erasure.md): two deletions
 * at once erase once; a staff account is refused until its role is
 * removed; with a hosted Supabase project deletion is refused, as the
 * server can check no password there. Apart from member-record.test.ts,
 * whose one shared setup (two members with bookings, a payment, results)
 * these cases do not need: each makes its own database.
 */
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ERASURE_MESSAGES } from '../../../../src/domain/account-erasure';
import { setStandInRole, STAFF_ROLE } from '../../auth/staff-role';
import { getJson, runJobs, testApp } from '../../../../tests/fixtures/app';
import { sendJson } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES } from '../../../../tests/fixtures/db';
import { createProfile, profileFields, signUp, uniqueEmail } from '../../../../tests/fixtures/members';

const PASSWORD = 'correct-horse-1';

describe.each(ENGINES)('two deletions at once on %s', (engine) => {
  it('erase once: one 200, one audit row, one goodbye email', async () => {
    const test = await createTestDatabase(engine);
    try {
      const app = testApp({ db: test.db });
      const email = uniqueEmail('twice');
      const session = await signUp(app, email, PASSWORD);
      expect((await createProfile(app, session.access_token, profileFields({ first_name: 'Twice' }))).status).toBe(201);
      const answers = await Promise.all([1, 2].map(() => getJson(app, '/api/me/delete', sendJson(session.access_token, { password: PASSWORD }))));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 404]).toContain(statuses[1]);
      await runJobs(test.db);
      expect(await test.db.query("SELECT 1 FROM staff_audit WHERE action = 'member.erase' AND entity_id = $1", [session.user.id])).toHaveLength(1);
      expect(await test.db.query("SELECT 1 FROM outbox WHERE subject = 'Your CHAPS account has been deleted'")).toHaveLength(1);
    } finally {
      await test.dispose();
    }
  });
});

describe('a staff account', () => {
  it('is refused until the charity removes its role', async () => {
    const test = await createTestDatabase('pglite');
    try {
      const app = testApp({ db: test.db });
      const email = uniqueEmail('staffer');
      const session = await signUp(app, email, PASSWORD);
      expect(await setStandInRole(test.db, email, STAFF_ROLE, new Date())).toBe(true);
      const refused = await getJson<{ error: string }>(app, '/api/me/delete', sendJson(session.access_token, { password: PASSWORD }));
      expect(refused).toMatchObject({ status: 409, body: { error: 'staff_account' } });
      expect(await setStandInRole(test.db, email, null, new Date())).toBe(true);
      expect((await getJson(app, '/api/me/delete', sendJson(session.access_token, { password: PASSWORD }))).status).toBe(200);
    } finally {
      await test.dispose();
    }
  });
});

describe('with a hosted Supabase project', () => {
  it('refuses deletion clearly: the server can check no password there and delete no user', async () => {
    const test = await createTestDatabase('pglite');
    try {
      const secret = 'hosted-project-secret-of-at-least-32-chars';
      const app = testApp({ db: test.db, env: { SUPABASE_URL: 'https://abcd.supabase.co', SUPABASE_JWT_SECRET: secret } });
      const token = await new SignJWT({ email: 'hosted.member@example.org', role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('3b1f0c7e-2d4a-4e6b-9c8d-1a2b3c4d5e6f')
        .setAudience('authenticated')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(secret));
      const res = await getJson<{ error: string; message: string }>(app, '/api/me/delete', sendJson(token, { password: 'anything-at-all' }));
      expect(res).toMatchObject({ status: 409, body: { error: 'erasure_unavailable', message: ERASURE_MESSAGES.hosted } });
      // His data can still be downloaded: the rows are in this database.
      expect((await app.request('/api/me/export', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    } finally {
      await test.dispose();
    }
  });
});
