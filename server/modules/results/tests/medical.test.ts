/**
 * GET /api/medical/results/{profileId}: the demo member's history in the
 * shape of docs/rules.md#api-shapes, own profile only (404 for another's, as
 * for a missing one, logged), 401 without a token, 404 for an unknown or
 * malformed id. The id in the URL is the profile's random public_id: the
 * sequential CHAPS number is not accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../../platform/db/migrate';
import type { Logger } from '../../../platform/logger';
import { seedDemoMember } from '../../../seed/demo-member';
import type { MedicalResultItem } from '../../../../src/domain/medical-results';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { createProfile, profileFields, signIn, signUp, withToken } from '../../../../tests/fixtures/members';

const NOW = new Date('2026-06-10T09:00:00Z');
const DEMO = { demoMemberEmail: 'demo.member@example.com', demoMemberPassword: 'chaps-demo-2025' };

describe.each(ENGINES)('medical results on %s', (engine) => {
  let test: TestDatabase;
  let demoProfileId: number;
  let demoPublicId: string;
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (m) => warnings.push(m) };
  const app = () => testApp({ db: test.db, now: NOW, logger });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    const seeded = await seedDemoMember(test.db, DEMO, NOW);
    demoProfileId = seeded.profileId!;
    [{ public_id: demoPublicId }] = (await test.db.query<{ public_id: string }>('SELECT public_id::text AS public_id FROM member_profiles WHERE profile_id = $1', [
      demoProfileId,
    ])) as [{ public_id: string }];
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('seeds the demo member once, who signs in with the configured password', async () => {
    expect(await seedDemoMember(test.db, DEMO, NOW)).toEqual({ created: false });
    const session = await signIn(app(), DEMO.demoMemberEmail, DEMO.demoMemberPassword);
    expect(session.status).toBe(200);
    expect(session.body.user.email_confirmed_at).not.toBeNull();
  });

  it("answers the demo member's results, newest first: one without a result, then red, amber, green", async () => {
    const { body: session } = await signIn(app(), DEMO.demoMemberEmail, DEMO.demoMemberPassword);
    const res = await getJson<{ data: MedicalResultItem[] }>(app(), `/api/medical/results/${demoPublicId}`, withToken(session.access_token));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data[0]).toEqual({
      appointment: { event_name: 'Norwich Community Screening', product_name: 'PSA blood test', event_date: '2026-05-31', lab_name: null },
      result: null,
    });
    expect(res.body.data.slice(1).map((item) => item.result?.comments?.split(':')[0])).toEqual(['Red', 'Amber', 'Green']);
    expect(res.body.data[1]!.result).toMatchObject({ test_result: 8.7, test_unit: 'ng/ml', sample_date: '2025-07-10' });
    // The sequential number, bare or in its CHAPS form, is no way in, not even to one's own results.
    for (const guessable of [String(demoProfileId), `CHAPS${demoProfileId}`]) {
      expect((await getJson(app(), `/api/medical/results/${guessable}`, withToken(session.access_token))).status).toBe(404);
    }
  });

  it('lists a result that came with no appointment of his among his visits, by its sample date', async () => {
    const [loose] = await test.db.query<{ result_id: string }>(
      `INSERT INTO member_results (profile_id, test_result, test_unit, sample_date) VALUES ($1, 1.2, 'ng/ml', '2025-12-01') RETURNING result_id::text AS result_id`,
      [demoProfileId],
    );
    try {
      const { body: session } = await signIn(app(), DEMO.demoMemberEmail, DEMO.demoMemberPassword);
      const res = await getJson<{ data: MedicalResultItem[] }>(app(), `/api/medical/results/${demoPublicId}`, withToken(session.access_token));
      expect(res.body.data).toHaveLength(5);
      expect(res.body.data[1]).toMatchObject({ appointment: null, result: { test_result: 1.2, sample_date: '2025-12-01' } });
      expect(res.body.data.map((item) => item.appointment?.event_date ?? item.result?.sample_date)).toEqual(['2026-05-31', '2025-12-01', '2025-07-10', expect.any(String), expect.any(String)]);
    } finally {
      await test.db.query('DELETE FROM member_results WHERE result_id = $1::uuid', [loose!.result_id]);
    }
  });

  it('gives each profile a random public_id in the profile JSON, distinct per member and kept across reads', async () => {
    const { body: session } = await signIn(app(), DEMO.demoMemberEmail, DEMO.demoMemberPassword);
    const read = await getJson<{ userProfile: { profile_id: number; public_id: string } }>(app(), '/api/auth/profile', withToken(session.access_token));
    expect(read.body.userProfile).toMatchObject({ profile_id: demoProfileId, public_id: demoPublicId });
    expect(demoPublicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const member = await signUp(app());
    const created = await createProfile<{ userProfile: { public_id: string } }>(app(), member.access_token, profileFields());
    expect(created.body.userProfile.public_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.body.userProfile.public_id).not.toBe(demoPublicId);
  });

  it('draws a public_id of its own for every profile that existed before the migration', async () => {
    const older = await createTestDatabase(engine, { migrated: false });
    try {
      await migrate(older.db, loadMigrations().filter((m) => m.name < '105'));
      await older.db.query(
        `INSERT INTO member_profiles (user_id, first_name, last_name, phone, email, home_address)
         SELECT gen_random_uuid(), 'Old', 'Member', '447700900456', 'old' || n || '@example.org', '1 High Street'
         FROM generate_series(1, 3) AS n`,
      );
      expect(await migrate(older.db)).toContain('105-member-public-ids');
      const ids = await older.db.query<{ public_id: string }>('SELECT public_id::text AS public_id FROM member_profiles');
      expect(new Set(ids.map((r) => r.public_id)).size).toBe(3);
    } finally {
      await older.dispose();
    }
  });

  it("answers another member's results as missing (404), and logs it", async () => {
    const other = await signUp(app());
    await createProfile(app(), other.access_token, profileFields());
    const res = await getJson(app(), `/api/medical/results/${demoPublicId}`, withToken(other.access_token));
    expect(res.status).toBe(404);
    expect(warnings.some((w) => w.includes(other.user.id) && w.includes(demoPublicId))).toBe(true);
    // Word for word the answer to an id no profile has.
    const missing = await getJson(app(), `/api/medical/results/${crypto.randomUUID()}`, withToken(other.access_token));
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(res.body);
  });

  it('answers an empty list for a member with no history, 401 without a token, 404 for unknown ids', async () => {
    const member = await signUp(app());
    const created = await createProfile<{ userProfile: { public_id: string } }>(app(), member.access_token, profileFields());
    const own = await getJson<{ data: unknown[] }>(
      app(),
      `/api/medical/results/${created.body.userProfile.public_id}`,
      withToken(member.access_token),
    );
    expect(own.body).toEqual({ data: [] });
    expect((await getJson(app(), `/api/medical/results/${demoPublicId}`)).status).toBe(401);
    for (const id of ['999999', 'abc', '1e3', "1'--", '9'.repeat(30)]) {
      expect((await getJson(app(), `/api/medical/results/${encodeURIComponent(id)}`, withToken(member.access_token))).status).toBe(404);
    }
  });
});
