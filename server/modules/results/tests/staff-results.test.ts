/**
 * Results from the staff console: one entered by hand shows at once on the
 * member's /medical-results and emails them that it is ready (never the
 * value); a lab CSV with one bad line writes nothing and names the line; a
 * good one writes every result; a file over the cap is refused unread.
 * Also the consent view and the signed /test-consent link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_CSV_MAX_BYTES } from '../../../../src/domain/results-csv';

import type { MedicalResultItem } from '../../../../src/domain/medical-results';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, validConsent, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { sentMail } from '../../../../tests/fixtures/mail';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Clacton Screening', event_date: '2026-06-20' });
const LATER = makeEvent({ event_name: 'Later Screening', event_date: '2026-07-20' });

describe.each(ENGINES)('staff results on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  const app = (now = AFTER) => testApp({ db: test.db, now, env: { SITE_URL: 'https://www.example.org' } });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const resultsOf = async (who: FastMember) =>
    (await getJson<{ data: MedicalResultItem[] }>(app(), `/api/medical/results/${who.publicId}`, { headers: { Authorization: `Bearer ${await who.tokenAt(AFTER)}` } })).body.data;
  const upload = (csv: string) =>
    getJson<{ saved?: number; error?: string; message?: string; issues?: { path: string; message: string }[] }>(app(), `${base}/results.csv?confirm_profile_ids=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
  const resultRows = async () => (await test.db.query<{ n: number }>('SELECT count(*)::integer AS n FROM member_results'))[0]!.n;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, LATER]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30']);
    staff = await makeStaff(test.db, AFTER);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("saves a result that the member reads at once, emails them it is ready without the value, and audits it", async () => {
    const [first] = booked;
    const res = await getJson(app(), `${base}/attendees/${first!.appointment.appointment_id}/result`, sendJson(staff.token, { test_result: '3.47', comments: 'Amber: repeat in 3 months.' }, 'PUT'));
    expect(res.status).toBe(200);
    expect(await resultsOf(first!.member)).toEqual([
      {
        appointment: { event_name: 'Clacton Screening', product_name: 'PSA Blood Test', event_date: '2026-06-20', lab_name: null },
        result: { test_result: 3.47, test_unit: 'ng/ml', comments: 'Amber: repeat in 3 months.', sample_date: '2026-06-20', next_test_due: '2026-09-20', band: 'amber', rule_version: 1 },
      },
    ]);
    const [mail] = (await sentMail(test.db)).filter((m) => m.to === first!.member.email && m.subject === 'Your PSA result is ready');
    expect(mail!.text).toContain('https://www.example.org/medical-results');
    expect(mail!.html).toContain('href="https://www.example.org/medical-results"');
    expect(mail!.text).not.toMatch(/3\.47|amber/i);
    // A correction replaces the value it names, keeping one result, with before and after in the audit.
    const corrected = await getJson(app(), `${base}/attendees/${first!.appointment.appointment_id}/result`, sendJson(staff.token, { test_result: 3.5, replaces: 3.47 }, 'PUT'));
    expect(corrected.status).toBe(200);
    expect((await resultsOf(first!.member))[0]!.result).toMatchObject({ test_result: 3.5, comments: null });
    const audits = await test.db.query("SELECT action, before, after FROM staff_audit WHERE entity = 'result' ORDER BY audit_id");
    expect(audits).toMatchObject([
      { action: 'result.create', before: null, after: { comments: 'Amber: repeat in 3 months.' } },
      { action: 'result.update', before: { comments: 'Amber: repeat in 3 months.' }, after: { comments: null } },
    ]);
  });

  it.each([
    [{ test_result: '-1' }, 422],
    [{ test_result: '1.234' }, 422],
    [{ test_result: '2', comments: 'x'.repeat(501) }, 422],
    [{ test_result: '2', sample_date: '2026-07-01' }, 422],
    [{ test_result: '2', replaces: 'the old one' }, 422],
    [{ test_result: '2', replaces: -1 }, 422],
  ])('refuses a bad result (case %#) with %i', async (body, status) => {
    expect((await getJson(app(), `${base}/attendees/${booked[1]!.appointment.appointment_id}/result`, sendJson(staff.token, body, 'PUT'))).status).toBe(status);
  });

  it("refuses a result for another event's booking, or for an event not yet held", async () => {
    const [later] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, LATER, ['10:00']);
    const wrongEvent = await getJson(app(), `${base}/attendees/${later!.appointment.appointment_id}/result`, sendJson(staff.token, { test_result: '1' }, 'PUT'));
    expect(wrongEvent.status).toBe(404);
    const notHeld = await getJson(app(), `/api/staff/events/${LATER.event_id}/attendees/${later!.appointment.appointment_id}/result`, sendJson(staff.token, { test_result: '1' }, 'PUT'));
    expect(notHeld.status).toBe(409);
  });

  it('imports nothing from a file with one bad line, and names every bad line', async () => {
    const before = await resultRows();
    const audits = await auditCount(test.db, 'result.create');
    const res = await upload(
      ['profile_id,psa_ng_ml,comment', `CHAPS${booked[1]!.member.profileId},1.1,Fine`, `${booked[2]!.member.profileId},lots,`, '99999,2,'].join('\n'),
    );
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'invalid_csv', message: 'Nothing was saved: 1 line needs correcting.' });
    expect(res.body.issues).toEqual([{ path: 'line 3', message: 'The PSA value must be a number with at most two decimals, like 1.25.' }]);
    // Rows all well formed, but one member is not booked here: still nothing.
    const unbooked = await upload(['profile_id,psa_ng_ml', `${booked[1]!.member.profileId},1.1`, '99999,2'].join('\n'));
    expect(unbooked.body.issues).toEqual([{ path: 'line 3', message: 'CHAPS99999 has no confirmed booking at this event.' }]);
    expect(await resultRows()).toBe(before);
    expect(await auditCount(test.db, 'result.create')).toBe(audits);
  });

  it('imports a good file whole, each member then reading their own result', async () => {
    const res = await upload(
      ['\uFEFFprofile_id,psa_ng_ml,comment,sample_date', `CHAPS${booked[1]!.member.profileId},0.8,"Green: normal, retest in 2 years",21/06/2026`, `${booked[2]!.member.profileId},9.25,,`].join('\r\n'),
    );
    expect(res.body).toEqual({ saved: 2, held: 0 });
    expect((await resultsOf(booked[1]!.member))[0]!.result).toMatchObject({ test_result: 0.8, comments: 'Green: normal, retest in 2 years', sample_date: '2026-06-21' });
    expect((await resultsOf(booked[2]!.member))[0]!.result).toMatchObject({ test_result: 9.25, sample_date: '2026-06-20' });
  });

  it('refuses a file over the size cap with 413 before reading it', async () => {
    const big = `profile_id,psa_ng_ml\n${'1001,1\n'.repeat(Math.ceil(RESULTS_CSV_MAX_BYTES / 7) + 10)}`;
    expect((await upload(big)).status).toBe(413);
  });

  it("shows a booking's consent, and issues a signed /test-consent link for the event's date that the API accepts", async () => {
    const id = booked[0]!.appointment.appointment_id;
    const consent = await getJson<{ consent: { answers: unknown; source: string; psa_test_date: string } }>(app(), `${base}/attendees/${id}/consent`, {
      headers: { Authorization: `Bearer ${staff.token}` },
    });
    expect(consent.body.consent).toMatchObject({ source: 'booking', psa_test_date: '2026-06-20', answers: validConsent() });
    const link = await getJson<{ url: string; expires: string }>(app(), `${base}/attendees/${id}/consent-link`, sendJson(staff.token, {}));
    const url = new URL(link.body.url);
    expect(url.origin + url.pathname).toBe('https://www.example.org/test-consent');
    expect(url.searchParams.get('profile_id')).toBe(String(booked[0]!.member.profileId));
    expect(url.searchParams.get('test_date')).toBe('2026-06-20');
    const filed = await getJson(app(), '/api/medical/test-consent', sendJson(null, { ...Object.fromEntries(url.searchParams), ...validConsent() }));
    expect(filed.status).toBe(201);
    expect(await auditCount(test.db, 'consent_link.issue')).toBe(1);
    const stranger = await getJson(app(), `/api/staff/events/${LATER.event_id}/attendees/${id}/consent-link`, sendJson(staff.token, {}));
    expect(stranger.status).toBe(404);
  });
});
