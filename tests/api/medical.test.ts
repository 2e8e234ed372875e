/**
 * GET /api/medical/results/{profileId}: the demo member's history in the
 * SPEC's shape, own profile only (404 for another's, as for a missing one, logged), 401 without
 * a token, 404 for an unknown or malformed id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../server/logger';
import { seedDemoMember } from '../../server/seed/demo-member';
import type { MedicalResultItem } from '../../server/services/results-service';
import { getJson, testApp } from '../fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../fixtures/db';
import { createProfile, profileFields, signIn, signUp, withToken } from '../fixtures/members';

const NOW = new Date('2026-06-10T09:00:00Z');
const DEMO = { demoMemberEmail: 'demo.member@example.com', demoMemberPassword: 'chaps-demo-2025' };

describe.each(ENGINES)('medical results on %s', (engine) => {
  let test: TestDatabase;
  let demoProfileId: number;
  const warnings: string[] = [];
  const logger: Logger = { debug: () => {}, info: () => {}, error: () => {}, warn: (m) => warnings.push(m) };
  const app = () => testApp({ db: test.db, now: NOW, logger });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    const seeded = await seedDemoMember(test.db, DEMO, NOW);
    demoProfileId = seeded.profileId!;
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
    const res = await getJson<{ data: MedicalResultItem[] }>(app(), `/api/medical/results/${demoProfileId}`, withToken(session.access_token));
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(4);
    expect(res.body.data[0]).toEqual({
      appointment: { event_name: 'Norwich Community Screening', product_name: 'PSA blood test', event_date: '2026-05-31' },
      result: null,
    });
    expect(res.body.data.slice(1).map((item) => item.result?.comments?.split(':')[0])).toEqual(['Red', 'Amber', 'Green']);
    expect(res.body.data[1]!.result).toMatchObject({ test_result: 8.7, test_unit: 'ng/ml', sample_date: '2025-07-10' });
    // The CHAPS form of the id works too.
    const prefixed = await getJson(app(), `/api/medical/results/CHAPS${demoProfileId}`, withToken(session.access_token));
    expect(prefixed.status).toBe(200);
  });

  it("answers another member's results as missing (404), and logs it", async () => {
    const other = await signUp(app());
    await createProfile(app(), other.access_token, profileFields());
    const res = await getJson(app(), `/api/medical/results/${demoProfileId}`, withToken(other.access_token));
    expect(res.status).toBe(404);
    expect(warnings.some((w) => w.includes(other.user.id) && w.includes(String(demoProfileId)))).toBe(true);
  });

  it('answers an empty list for a member with no history, 401 without a token, 404 for unknown ids', async () => {
    const member = await signUp(app());
    const created = await createProfile<{ userProfile: { profile_id: number } }>(app(), member.access_token, profileFields());
    const own = await getJson<{ data: unknown[] }>(
      app(),
      `/api/medical/results/${created.body.userProfile.profile_id}`,
      withToken(member.access_token),
    );
    expect(own.body).toEqual({ data: [] });
    expect((await getJson(app(), `/api/medical/results/${demoProfileId}`)).status).toBe(401);
    for (const id of ['999999', 'abc', '1e3', "1'--", '9'.repeat(30)]) {
      expect((await getJson(app(), `/api/medical/results/${encodeURIComponent(id)}`, withToken(member.access_token))).status).toBe(404);
    }
  });
});
