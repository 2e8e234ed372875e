/**
 * The versioned clinical rule (docs/rules.md#clinical-rules,
 * docs/clinical-safety/hazard-log.md#hazard-2): a clinical user saves a new
 * version with a reason, audited in the same transaction; a result saved
 * after it is banded by it while a result saved before keeps its band and
 * version, in the member's answer, the staff attendee list and the
 * follow-up worklist; a change of the comments alone keeps the band, a
 * corrected value is banded again by the current version. A save made from
 * an old version is refused (409), an out-of-bounds rule or a missing reason
 * is refused (422) and saves nothing, and a volunteer may not change it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClinicalRule, ClinicalRulesAnswer, CurrentRuleAnswer, SavedRuleAnswer } from '../../../../src/domain/clinical-rule';
import type { MedicalResultItem } from '../../../../src/domain/medical-results';
import type { AttendeeList } from '../../../../src/domain/staff-attendees';
import { setStandInRole } from '../../auth/staff-role';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { RULE_V1 } from '../../../../tests/fixtures/clinical-rule';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Harwich Screening', event_date: '2026-06-20' });
/** Red from 1.5 times the amber line: 9.5 ng/ml at 71 (amber from 5) turns from amber to red; amber repeated in 2 months. */
const RULE_V2: ClinicalRule = { ...RULE_V1, red_factor: 1.5, amber_months: 2 };

describe.each(ENGINES)('the clinical rule on %s', (engine) => {
  let test: TestDatabase;
  let admin: FastMember;
  let clinical: FastMember;
  let volunteer: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  const app = () => testApp({ db: test.db, now: AFTER, env: { SITE_URL: 'https://www.example.org' } });
  const as = (who: FastMember): RequestInit => ({ headers: { Authorization: `Bearer ${who.token}` } });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const rules = (who: FastMember) => getJson<ClinicalRulesAnswer>(app(), '/api/staff/clinical-rules', as(who));
  const saveRule = (who: FastMember, body: unknown) => getJson<SavedRuleAnswer & { error?: string; issues?: { path: string }[] }>(app(), '/api/staff/clinical-rules', sendJson(who.token, body));
  const saveResult = async (i: number, body: Record<string, unknown>) =>
    expect((await getJson(app(), `${base}/attendees/${booked[i]!.appointment.appointment_id}/result`, sendJson(admin.token, body, 'PUT'))).status).toBe(200);
  const memberResult = async (i: number) =>
    (await getJson<{ data: MedicalResultItem[] }>(app(), `/api/medical/results/${booked[i]!.member.publicId}`, as(booked[i]!.member))).body.data[0]!.result!;
  const listed = async (i: number) =>
    (await getJson<AttendeeList>(app(), `${base}/attendees`, as(clinical))).body.attendees.find((a) => a.appointment_id === booked[i]!.appointment.appointment_id)!.result!;
  const versions = async () => (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM clinical_rules'))[0]!.n;
  const ruleAudits = () => test.db.query<{ action: string; entity_id: string; staff_email: string; before: unknown; after: unknown }>(
    "SELECT action, entity_id, staff_email, before, after FROM staff_audit WHERE entity = 'clinical_rule' ORDER BY audit_id",
  );

  async function staffWithRole(role: string): Promise<FastMember> {
    const who = await makeStaff(test.db, AFTER);
    expect(await setStandInRole(test.db, who.email, role, AFTER)).toBe(true);
    return { ...who, token: await who.tokenAt(AFTER) };
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    // Born 1955: 71 on the sample date, so amber from 5 ng/ml and red from 10 under version 1.
    const made = await bookedMembers(testApp({ db: test.db, now: BOOKED_AT }), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30'], { dateOfBirth: '1955-01-10' });
    booked = await Promise.all(made.map(async (b) => ({ ...b, member: { ...b.member, token: await b.member.tokenAt(AFTER) } })));
    admin = await makeStaff(test.db, AFTER);
    clinical = await staffWithRole('clinical');
    volunteer = await staffWithRole('volunteer');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('starts at version 1, the values used before, seeded by the migration', async () => {
    const res = await rules(clinical);
    expect(res.status).toBe(200);
    expect(res.body.current).toMatchObject({ version: 1, rule: RULE_V1, created_by: null });
    expect(res.body.history.map((v) => v.version)).toEqual([1]);
    const member = await getJson<CurrentRuleAnswer>(app(), '/api/medical/rule', as(booked[0]!.member));
    expect(member.body).toEqual({ version: 1, rule: RULE_V1 });
    expect((await getJson(app(), '/api/medical/rule')).status).toBe(401);
  });

  it('bands a result saved after a change by the new version, while one saved before keeps its band everywhere', async () => {
    await saveResult(0, { test_result: '9.50', comments: 'Saved under version 1.' });
    expect(await memberResult(0)).toMatchObject({ test_result: 9.5, band: 'amber', rule_version: 1, next_test_due: '2026-09-20' });

    const saved = await saveRule(clinical, { based_on_version: 1, rule: RULE_V2, reason: 'The NHS referral value for men over 70 is 5 ng/ml: bring red nearer it.' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.saved).toMatchObject({ version: 2, rule: RULE_V2, created_by: clinical.email, reason: 'The NHS referral value for men over 70 is 5 ng/ml: bring red nearer it.' });
    expect(await ruleAudits()).toMatchObject([
      { action: 'clinical_rule.create', entity_id: '2', staff_email: clinical.email, before: { version: 1, rule: RULE_V1 }, after: { version: 2, rule: RULE_V2 } },
    ]);

    await saveResult(1, { test_result: '9.50' });
    // The same value at the same age: red under version 2 (no recall; a GP prompt after the rule's 42 days).
    expect(await memberResult(1)).toMatchObject({ test_result: 9.5, band: 'red', rule_version: 2, next_test_due: null });
    const gp = await test.db.query<{ gp_prompt_due: string }>("SELECT to_char(gp_prompt_due, 'YYYY-MM-DD') AS gp_prompt_due FROM member_results WHERE appointment_id = $1", [
      booked[1]!.appointment.appointment_id,
    ]);
    expect(gp[0]!.gp_prompt_due).toBe('2026-08-01');
    // Amber under version 2 is repeated in its 2 months.
    await saveResult(2, { test_result: '6.00' });
    expect(await memberResult(2)).toMatchObject({ band: 'amber', rule_version: 2, next_test_due: '2026-08-20' });

    // The old result, read after the change: still amber by version 1, in the member's answer and on the staff list.
    expect(await memberResult(0)).toMatchObject({ band: 'amber', rule_version: 1, next_test_due: '2026-09-20' });
    expect(await listed(0)).toMatchObject({ band: 'amber', rule_version: 1, recall: { next_test_due: '2026-09-20', rule_next_test_due: '2026-09-20' } });
    expect(await listed(1)).toMatchObject({ band: 'red', rule_version: 2 });
    // The follow-up worklist takes the old amber result as abnormal, by its stored band.
    const followUp = await getJson(app(), `${base}/attendees/${booked[0]!.appointment.appointment_id}/follow-up`, sendJson(clinical.token, { outcome: 'seen_gp' }, 'PUT'));
    expect(followUp.status).toBe(200);

    // Staff's own interval changes the recall only; clearing it goes back to version 1's 3 months.
    const recall = (months: number | null) => getJson(app(), `${base}/attendees/${booked[0]!.appointment.appointment_id}/recall`, sendJson(admin.token, { months }, 'PUT'));
    expect((await recall(6)).status).toBe(200);
    expect((await recall(null)).status).toBe(200);
    expect(await memberResult(0)).toMatchObject({ band: 'amber', rule_version: 1, next_test_due: '2026-09-20' });

    // A change of the comments alone keeps the band; a corrected value is a new save, banded by the current version.
    await saveResult(0, { test_result: '9.50', comments: 'Comment corrected.', replaces: 9.5 });
    expect(await memberResult(0)).toMatchObject({ band: 'amber', rule_version: 1 });
    await saveResult(0, { test_result: '9.40', comments: 'Value corrected.', replaces: 9.5 });
    expect(await memberResult(0)).toMatchObject({ band: 'red', rule_version: 2 });
    const [update] = await test.db.query<{ after: { psa_band: string; rule_version: number } }>(
      "SELECT after FROM staff_audit WHERE entity = 'result' AND action = 'result.update' ORDER BY audit_id DESC LIMIT 1",
    );
    expect(update!.after).toMatchObject({ psa_band: 'red', rule_version: 2 });
  });

  it('refuses a save made from a version that is no longer current, and saves one of two made at once', async () => {
    const stale = await saveRule(admin, { based_on_version: 1, rule: RULE_V1, reason: 'Back to version 1.' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toBe('rule_changed');
    expect(await versions()).toBe(2);

    const body = (reason: string) => ({ based_on_version: 2, rule: { ...RULE_V2, red_gp_prompt_days: 28 }, reason });
    const both = await Promise.all([saveRule(clinical, body('First of two.')), saveRule(admin, body('Second of two.'))]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await versions()).toBe(3);
    expect((await ruleAudits()).map((a) => a.entity_id)).toEqual(['2', '3']);
    const history = (await rules(admin)).body.history;
    expect(history.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a red factor of 1', { rule: { ...RULE_V1, red_factor: 1 } }, 'rule.red_factor'],
    ['a negative threshold', { rule: { ...RULE_V1, amber_from: { ...RULE_V1.amber_from, age_50s: -2 } } }, 'rule.amber_from.age_50s'],
    ['thresholds falling with age', { rule: { ...RULE_V1, amber_from: { ...RULE_V1.amber_from, age_70_plus: 2 } } }, 'rule.amber_from.age_70_plus'],
    ['a recall of 61 months', { rule: { ...RULE_V1, green_months: { ...RULE_V1.green_months, low: 61 } } }, 'rule.green_months.low'],
    ['no reason', { reason: '   ' }, 'reason'],
    ['no rule', { rule: undefined }, 'rule'],
  ])('refuses %s with 422 naming it, saving and auditing nothing', async (_, change, path) => {
    const before = [await versions(), (await ruleAudits()).length];
    const res = await saveRule(clinical, { based_on_version: 3, rule: RULE_V1, reason: 'A reason.', ...change });
    expect(res.status).toBe(422);
    expect(res.body.issues?.map((i) => i.path)).toContain(path);
    expect([await versions(), (await ruleAudits()).length]).toEqual(before);
  });

  it('lets only a clinical or admin account change it', async () => {
    const body = { based_on_version: 3, rule: RULE_V1, reason: 'Back to version 1.' };
    const refused = await saveRule(volunteer, body);
    expect(refused.status).toBe(403);
    expect(refused.body).not.toHaveProperty('saved');
    expect((await saveRule(booked[0]!.member, body)).status).toBe(403);
    expect((await getJson(app(), '/api/staff/clinical-rules', sendJson(null, body))).status).toBe(401);
    expect(await versions()).toBe(3);
  });
});
