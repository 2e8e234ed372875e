/**
 * When the next PSA test is due (docs/decisions/0017-recall-intervals.md):
 * saving a result stores the date by band and risk (age, ethnicity, the
 * consent's family history), /medical-results returns it, staff can set another
 * interval for one result (audited) and go back to the rule, and a red result
 * sets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MedicalResultItem } from '../../../../src/domain/medical-results';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { fastMembers, sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, makeStaff } from '../../../../tests/fixtures/staff';
import type { Appointment } from '../../../../src/domain/booking';
import type { AttendeeList } from '../../../../src/domain/staff-attendees';
import type { ConsentAnswers } from '../../../../src/domain/consent';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Recall Screening', event_date: '2026-06-20', end_time: '14:00' });

interface Case {
  name: string;
  dateOfBirth: string;
  ethnicity: string;
  consent: Partial<ConsentAnswers>;
  value: string;
  due: string | null;
}

// Sample 2026-06-20. Age on that day decides the band's threshold (1.00 in the 40s, 2.00 in the 50s, 3.00 in the 60s).
const CASES: Case[] = [
  { name: '45, White British, no history, green: low risk, 3 years', dateOfBirth: '1981-01-10', ethnicity: 'White - British', consent: {}, value: '0.50', due: '2029-06-20' },
  { name: '45, Black Caribbean, green: high risk, 1 year', dateOfBirth: '1981-01-10', ethnicity: 'Black or Black British - Caribbean', consent: {}, value: '0.50', due: '2027-06-20' },
  { name: '45, father had prostate cancer, green: high, 1 year', dateOfBirth: '1981-01-10', ethnicity: 'White - British', consent: { familyHistoryProstateCancer: 'Yes', familyMemberWithProstateCancer: ['Father'] }, value: '0.50', due: '2027-06-20' },
  { name: '45, mother-side breast cancer, green: intermediate, 2 years', dateOfBirth: '1981-01-10', ethnicity: 'White - British', consent: { familyHistoryBreastOvarianCancer: 'Yes', familyMemberWithOvarianCancer: ['Mother'] }, value: '0.50', due: '2028-06-20' },
  { name: '56, no history, green: intermediate (age band), 2 years', dateOfBirth: '1970-03-15', ethnicity: 'White - British', consent: {}, value: '1.20', due: '2028-06-20' },
  { name: '65, Black African, green: high, 1 year', dateOfBirth: '1961-02-01', ethnicity: 'Black or Black British - African', consent: {}, value: '2.00', due: '2027-06-20' },
  { name: '45, amber: 3 months, whatever the risk', dateOfBirth: '1981-01-10', ethnicity: 'White - British', consent: {}, value: '1.00', due: '2026-09-20' },
  { name: '56, red: no recall (see a GP)', dateOfBirth: '1970-03-15', ethnicity: 'White - British', consent: {}, value: '4.00', due: null },
];

describe.each(ENGINES)('next test due on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const booked: { member: FastMember; appointment: Appointment; case: Case }[] = [];
  const app = (now = AFTER) => testApp({ db: test.db, now, env: { SITE_URL: 'https://www.example.org' } });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const resultsOf = async (who: FastMember) =>
    (await getJson<{ data: MedicalResultItem[] }>(app(), `/api/medical/results/${who.publicId}`, { headers: { Authorization: `Bearer ${await who.tokenAt(AFTER)}` } })).body.data;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    staff = await makeStaff(test.db, AFTER);
    for (const [i, c] of CASES.entries()) {
      const [member] = (await fastMembers(test.db, 1, BOOKED_AT, { dateOfBirth: c.dateOfBirth })) as [FastMember];
      await test.db.query('UPDATE member_profiles SET ethnicity = $2 WHERE profile_id = $1', [member.profileId, c.ethnicity]);
      const consent = await getJson<{ consent_id: string }>(app(BOOKED_AT), '/api/medical/consent', sendJson(member.token, { ...validConsent(c.consent), eventId: EVENT.event_id }));
      expect(consent.status).toBe(201);
      const start = `1${Math.floor(i / 4)}:${String((i % 4) * 15).padStart(2, '0')}`;
      const res = await getJson<{ appointment: Appointment }>(
        app(BOOKED_AT),
        '/api/appointments',
        sendJson(member.token, { eventId: EVENT.event_id, appointmentStartTime: start, consentId: consent.body.consent_id }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      booked.push({ member, appointment: res.body.appointment, case: c });
    }
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it.each(CASES.map((c, i) => [c.name, i] as const))('%s', async (_name, i) => {
    const { member, appointment, case: c } = booked[i]!;
    const saved = await getJson(app(), `${base}/attendees/${appointment.appointment_id}/result`, sendJson(staff.token, { test_result: c.value }, 'PUT'));
    expect(saved.status).toBe(200);
    expect((await resultsOf(member))[0]!.result).toMatchObject({ sample_date: '2026-06-20', next_test_due: c.due });
  });

  it("staff set another interval for one result, audited, and can go back to the rule's", async () => {
    const { member, appointment } = booked[0]!; // low risk, green: 2029-06-20 by the rule
    const url = `${base}/attendees/${appointment.appointment_id}/recall`;
    const set = await getJson<{ recall: { next_test_due: string; recall_months_override: number } }>(app(), url, sendJson(staff.token, { months: 6 }, 'PUT'));
    expect(set.status).toBe(200);
    expect(set.body.recall).toMatchObject({ next_test_due: '2026-12-20', recall_months_override: 6, risk: 'low' });
    expect((await resultsOf(member))[0]!.result!.next_test_due).toBe('2026-12-20');
    expect(await auditCount(test.db, 'result.recall')).toBe(1);
    // The staff console's list shows the date stored, the rule's date and staff's interval.
    const list = await getJson<AttendeeList>(app(), `${base}/attendees`, { headers: { Authorization: `Bearer ${staff.token}` } });
    expect(list.body.attendees.find((a) => a.appointment_id === appointment.appointment_id)!.result!.recall).toEqual({
      next_test_due: '2026-12-20',
      rule_next_test_due: '2029-06-20',
      months_override: 6,
    });

    // A corrected value keeps staff's interval.
    await getJson(app(), `${base}/attendees/${appointment.appointment_id}/result`, sendJson(staff.token, { test_result: '0.60' }, 'PUT'));
    expect((await resultsOf(member))[0]!.result!.next_test_due).toBe('2026-12-20');

    const back = await getJson<{ recall: { next_test_due: string } }>(app(), url, sendJson(staff.token, { months: null }, 'PUT'));
    expect(back.body.recall.next_test_due).toBe('2029-06-20');
  });

  it.each([
    [{ months: 0 }, 422],
    [{ months: 61 }, 422],
    [{ months: 2.5 }, 422],
    [{ months: '6' }, 422],
    [{}, 422],
  ])('refuses a bad interval %j with %i', async (body, status) => {
    const res = await getJson(app(), `${base}/attendees/${booked[1]!.appointment.appointment_id}/recall`, sendJson(staff.token, body, 'PUT'));
    expect(res.status).toBe(status);
  });

  it('refuses an interval for a booking without a result, and to members', async () => {
    const [other] = await fastMembers(test.db, 1, AFTER);
    const res = await getJson(app(), `${base}/attendees/00000000-0000-4000-8000-000000000000/recall`, sendJson(staff.token, { months: 6 }, 'PUT'));
    expect(res.status).toBe(404);
    const member = await getJson(app(), `${base}/attendees/${booked[1]!.appointment.appointment_id}/recall`, sendJson(other!.token, { months: 6 }, 'PUT'));
    expect(member.status).toBe(403);
  });
});
