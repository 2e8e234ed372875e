/**
 * Results matched by sample id (docs/rules.md#results-entry): a line whose
 * sample id is mistyped or transposed, of another event, or carrying an NHS
 * number or date of birth that is not his, is held, attached to nobody and
 * emailed to nobody; staff attach it by the tube's sample id (one person
 * wins) or discard it, audited. A file keyed by member id needs staff's
 * confirmation. A typed result must name his tube. Erasing a man's account
 * empties every held line that names or was attached to his booking, which
 * can then only be discarded. (A file of 2,000 lines:
 * results-file-of-2000.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSampleId, isValidSampleId } from '../../../../src/domain/sample-id';
import type { MedicalResultItem } from '../../../../src/domain/medical-results';
import type { ResultHold } from '../../../../src/domain/result-holds';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { sentMail } from '../../../../tests/fixtures/mail';
import { loadMigrations, migrate } from '../../../platform/db/migrate';
import { prepareJobTables } from '../../../platform/jobs/queue';
import { silentLogger } from '../../../platform/logger';
import { hashPassword } from '../../auth';
import { assignSample } from '../../staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Clacton Screening', event_date: '2026-06-20' });
const OTHER = makeEvent({ event_name: 'Harwich Screening', event_date: '2026-06-18' });
const READY = 'Your PSA result is ready';
/** When the men were checked in at the door (the time itself is not what these tests look at). */
const ARRIVED_AT = new Date('2026-06-19T10:05:00Z');
const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every id one slip away from `id`: each character changed to each other one, and each pair of unequal neighbours swapped. */
function slipsOf(id: string): { changes: string[]; swaps: string[] } {
  const changes: string[] = [];
  for (let i = 0; i < id.length; i += 1) {
    for (const c of CHARS) if (c !== id[i]) changes.push(id.slice(0, i) + c + id.slice(i + 1));
  }
  const swaps: string[] = [];
  for (let i = 0; i + 1 < id.length; i += 1) {
    if (id[i] !== id[i + 1]) swaps.push(id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2));
  }
  return { changes, swaps };
}

/** His tube's label, printed before the day, and (unless he never came) his arrival at the event. */
async function sampleFor(db: TestDatabase['db'], appointmentId: string, eventId: string, staffUserId: string, arrived = true): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM appointments WHERE appointment_id = $1::uuid FOR UPDATE', [appointmentId]);
    const made = await assignSample(tx, { appointmentId, eventId, staffUserId, step: 'labels', at: BOOKED_AT });
    if (!made.sampleId) throw new Error('no sample id');
    if (arrived) {
      await tx.query(
        'INSERT INTO check_ins (appointment_id, event_id, checked_in_at, recorded_at, staff_user_id) VALUES ($1::uuid, $2::uuid, $3, $3, $4::uuid)',
        [appointmentId, eventId, ARRIVED_AT, staffUserId],
      );
    }
    return made.sampleId;
  });
}

describe.each(ENGINES)('results matched by sample on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  let samples: string[];
  let otherSample: string;
  /** The man booked at the other event, whose tube is otherSample. */
  let otherMan: FastMember;
  const app = (now = AFTER) => testApp({ db: test.db, now, env: { SITE_URL: 'https://www.example.org' } });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const auth = () => ({ headers: { Authorization: `Bearer ${staff.token}` } });
  const upload = (csv: string, query = '', eventId = EVENT.event_id) =>
    getJson<{ saved?: number; held?: number; error?: string; message?: string; issues?: { path: string; message: string }[] }>(
      app(),
      `/api/staff/events/${eventId}/results.csv${query}`,
      { method: 'POST', headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' }, body: csv },
    );
  const holdsOf = async (eventId = EVENT.event_id) => (await getJson<{ holds: ResultHold[] }>(app(), `/api/staff/events/${eventId}/result-holds`, auth())).body.holds;
  const resolve = (holdId: string, body: unknown) => getJson<{ hold?: ResultHold; error?: string; message?: string }>(app(), `${base}/result-holds/${holdId}/resolve`, sendJson(staff.token, body));
  const count = async (sql: string, params: unknown[] = []) => (await test.db.query<{ n: number }>(sql, params))[0]!.n;
  const resultRows = () => count('SELECT count(*)::integer AS n FROM member_results WHERE test_result IS NOT NULL');
  const readyMails = async () => (await sentMail(test.db)).filter((m) => m.subject === READY);
  /** Deletes his account as he would, with his password. */
  const erase = async (who: FastMember) => {
    await test.db.query('UPDATE auth_users SET encrypted_password = $2 WHERE id = $1::uuid', [who.userId, await hashPassword('his-own-password-1')]);
    const erased = await getJson(app(), '/api/me/delete', sendJson(await who.tokenAt(AFTER), { password: 'his-own-password-1' }));
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
  };
  /** The held lines that name this booking, or were attached to it, as stored. */
  const linesOf = (appointmentId: string) =>
    test.db.query<{
      cells: unknown;
      reason_text: string;
      resolution: string | null;
      test_result: string | null;
      comments: string | null;
      sample_date: string | null;
      erased: boolean;
    }>(
      `SELECT cells, reason_text, resolution, test_result::text AS test_result, comments, to_char(sample_date, 'YYYY-MM-DD') AS sample_date,
              erased_at IS NOT NULL AS erased
       FROM result_holds WHERE named_appointment_id = $1::uuid OR appointment_id = $1::uuid ORDER BY created_at, file_line`,
      [appointmentId],
    );
  /** What is left of a held line once its man erased his account. */
  const ERASED = {
    cells: { erased: 'true' },
    reason_text: "The details of this line were erased with a member's account.",
    test_result: null,
    comments: null,
    sample_date: null,
    erased: true,
  };
  const resultsOf = async (who: FastMember) =>
    (await getJson<{ data: MedicalResultItem[] }>(app(), `/api/medical/results/${who.publicId}`, { headers: { Authorization: `Bearer ${await who.tokenAt(AFTER)}` } })).body.data;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, OTHER]);
    staff = await makeStaff(test.db, AFTER);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15']);
    samples = [];
    for (const b of booked) samples.push(await sampleFor(test.db, b.appointment.appointment_id, EVENT.event_id, staff.userId));
    const [other] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, OTHER, ['10:00']);
    otherMan = other!.member;
    otherSample = await sampleFor(test.db, other!.appointment.appointment_id, OTHER.event_id, staff.userId);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('holds every single-character change and every neighbour swap of a real sample id, attaching nothing and emailing nobody', async () => {
    const real = samples[0]!;
    const { changes, swaps } = slipsOf(real);
    expect(swaps.length).toBeGreaterThanOrEqual(5);
    expect(changes).toHaveLength(8 * 35);
    const variants = [...swaps, ...changes];
    // The scheme's promise, and what the file's matching relies on: no slip is itself a valid id.
    expect(variants.filter(isValidSampleId)).toEqual([]);
    const before = { results: await resultRows(), mails: (await readyMails()).length };
    // Written as a person or a lab would: dashes and small letters in some.
    const csv = ['sample_id,psa_ng_ml', ...variants.map((v, i) => `${i % 2 ? formatSampleId(v) : v.toLowerCase()},${((i % 90) / 10 + 0.5).toFixed(1)}`)].join('\n');
    const res = await upload(csv);
    expect(res.body).toEqual({ saved: 0, held: variants.length });
    expect(await resultRows()).toBe(before.results);
    expect((await readyMails()).length).toBe(before.mails);
    const holds = await holdsOf();
    expect(holds).toHaveLength(variants.length);
    expect(new Set(holds.map((h) => h.reason))).toEqual(new Set(['invalid_sample_id']));
    expect(holds.every((h) => h.appointment_id === null && h.resolution === null)).toBe(true);
    const swapped = holds.find((h) => h.line === 2)!;
    expect(swapped.reason_text).toBe(`Check character wrong: ${formatSampleId(swaps[0]!)} is not a valid sample id (a typing or transposition error).`);
    expect(await auditCount(test.db, 'result_hold.create')).toBe(variants.length);
    // Cleared for the tests below: these lines were never a real file.
    await test.db.query('DELETE FROM result_holds');
  });

  it("holds a sample of another event, and lines whose NHS number or date of birth is not his; saves and emails the rest", async () => {
    const before = (await readyMails()).length;
    const csv = [
      'sample_id,psa_ng_ml,nhs_number,date_of_birth,comment',
      `${formatSampleId(samples[1]!)},1.10,943 476 5919,15/03/1970,Fine`,
      `${otherSample},2.20,,,`,
      `${samples[2]!},3.30,4010232137,,`,
      `${samples[3]!},4.40,,1971-03-15,`,
    ].join('\r\n');
    const res = await upload(csv);
    expect(res.body).toEqual({ saved: 1, held: 3 });
    expect((await resultsOf(booked[1]!.member))[0]!.result).toMatchObject({ test_result: 1.1, comments: 'Fine' });
    for (const b of booked.slice(2, 4)) expect((await resultsOf(b.member))[0]?.result ?? null).toBeNull();
    const mails = (await readyMails()).slice(0, (await readyMails()).length - before);
    expect(mails.map((m) => m.to)).toEqual([booked[1]!.member.email]);
    const holds = await holdsOf();
    expect(holds.map((h) => [h.line, h.reason, h.reason_text])).toEqual([
      [3, 'other_event', `Sample ${formatSampleId(otherSample)} belongs to another event (Harwich Screening, Thursday, 18 June 2026).`],
      [4, 'nhs_number_differs', 'NHS number in the file (401 023 2137) differs from his (943 476 5919).'],
      [5, 'date_of_birth_differs', 'Date of birth in the file (15/03/1971) differs from his (15/03/1970).'],
    ]);
    expect(holds[1]!.cells).toEqual({ sample_id: samples[2]!, psa_ng_ml: '3.30', nhs_number: '4010232137', date_of_birth: '', comment: '' });
    const [match] = await test.db.query<{ entity_id: string; after: unknown }>("SELECT entity_id, after FROM staff_audit WHERE action = 'result.match'");
    expect(match).toEqual({ entity_id: booked[1]!.appointment.appointment_id, after: { line: 2, sample_id: samples[1]! } });
    const [imported] = await test.db.query<{ after: unknown }>("SELECT after FROM staff_audit WHERE action = 'results.import' ORDER BY audit_id DESC LIMIT 1");
    expect(imported!.after).toEqual({ key: 'sample_id', profile_ids_confirmed: false, lines: 4, saved: 1, held: 3 });
  });

  it('holds a line whose tube is labelled for a man never checked in, emailing nobody until staff attach it', async () => {
    const [absent] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['11:30']);
    const label = await sampleFor(test.db, absent!.appointment.appointment_id, EVENT.event_id, staff.userId, false);
    const mailsBefore = (await readyMails()).length;
    const res = await upload(`sample_id,psa_ng_ml\n${label},2.20`);
    expect(res.body).toEqual({ saved: 0, held: 1 });
    const held = (await holdsOf()).find((h) => h.cells.sample_id === label);
    expect(held).toMatchObject({ reason: 'not_checked_in' });
    expect(held!.reason_text).toContain('not checked in at this event');
    expect(await resultsOf(absent!.member)).toEqual([expect.objectContaining({ result: null })]);
    expect((await readyMails()).length).toBe(mailsBefore);

    const attached = await resolve(held!.hold_id, { action: 'attach', sample_id: label, confirm: true });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect((await readyMails()).filter((m) => m.to === absent!.member.email)).toHaveLength(1);
  });

  it('lists the waiting lines per event for the console, and refuses a resolution that is not safe', async () => {
    const counts = await getJson<{ events: { event_id: string; waiting: number }[] }>(app(), '/api/staff/result-holds', auth());
    expect(counts.body.events).toEqual([{ event_id: EVENT.event_id, event_name: 'Clacton Screening', event_date: '2026-06-20', waiting: 3 }]);
    const [hold] = await holdsOf();
    const swap = slipsOf(samples[2]!).swaps[0]!;
    const refused = [
      [{ action: 'attach', sample_id: samples[2]! }, 422, 'validation_failed'],
      [{ action: 'attach', sample_id: swap, confirm: true }, 422, 'validation_failed'],
      [{ action: 'attach', sample_id: otherSample, confirm: true }, 409, 'sample_other_event'],
      [{ action: 'attach', sample_id: samples[1]!, confirm: true }, 409, 'result_exists'],
      [{ action: 'discard', reason: '  ' }, 422, 'validation_failed'],
      [{ action: 'keep' }, 422, 'validation_failed'],
    ] as const;
    for (const [body, status, error] of refused) {
      const res = await resolve(hold!.hold_id, body);
      expect([res.status, res.body.error], JSON.stringify(body)).toEqual([status, error]);
    }
    expect((await holdsOf()).filter((h) => h.resolution === null)).toHaveLength(3);
  });

  it('attaches a held line by his tube, emailing him once, and audits it; a discarded line says why', async () => {
    const [, nhsHold, dobHold] = await holdsOf();
    const before = (await readyMails()).length;
    const attached = await resolve(nhsHold!.hold_id, { action: 'attach', sample_id: formatSampleId(samples[2]!).toLowerCase(), confirm: true });
    expect(attached.status).toBe(200);
    expect(attached.body.hold).toMatchObject({ resolution: 'attached', appointment_id: booked[2]!.appointment.appointment_id, resolved_by: staff.email });
    expect((await resultsOf(booked[2]!.member))[0]!.result).toMatchObject({ test_result: 3.3 });
    const mails = await readyMails();
    expect(mails.length - before).toBe(1);
    expect(mails[0]!.to).toBe(booked[2]!.member.email);
    const [audit] = await test.db.query<{ before: unknown; after: unknown }>(
      "SELECT before, after FROM staff_audit WHERE action = 'result_hold.attach' AND entity_id = $1",
      [nhsHold!.hold_id],
    );
    expect(audit).toEqual({
      before: { resolution: null, reason: 'nhs_number_differs', line: 4 },
      after: { resolution: 'attached', appointment_id: booked[2]!.appointment.appointment_id, sample_id: samples[2]! },
    });
    const discarded = await resolve(dobHold!.hold_id, { action: 'discard', reason: 'The lab confirmed this tube was broken.' });
    expect(discarded.body.hold).toMatchObject({ resolution: 'discarded', discard_reason: 'The lab confirmed this tube was broken.', appointment_id: null });
    expect(await auditCount(test.db, 'result_hold.discard')).toBe(1);
    expect((await readyMails()).length - before).toBe(1);
    // Resolved once: a second try is refused.
    expect((await resolve(dobHold!.hold_id, { action: 'discard', reason: 'again' })).status).toBe(409);
  });

  it('lets one of two people resolving the same line at once win, and emails once', async () => {
    const [hold] = (await holdsOf()).filter((h) => h.resolution === null);
    expect(hold!.reason).toBe('other_event');
    const before = (await readyMails()).length;
    const answers = await Promise.all([
      resolve(hold!.hold_id, { action: 'attach', sample_id: samples[4]!, confirm: true }),
      resolve(hold!.hold_id, { action: 'attach', sample_id: samples[5]!, confirm: true }),
      resolve(hold!.hold_id, { action: 'discard', reason: 'Not ours.' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const resolutions = await test.db.query<{ n: number }>("SELECT count(*)::integer AS n FROM staff_audit WHERE entity = 'result_hold' AND entity_id = $1 AND action <> 'result_hold.create'", [
      hold!.hold_id,
    ]);
    expect(resolutions[0]!.n).toBe(1);
    const won = answers.find((a) => a.status === 200)!.body.hold!;
    expect((await readyMails()).length - before).toBe(won.resolution === 'attached' ? 1 : 0);
    expect(await count('SELECT count(*)::integer AS n FROM member_results WHERE appointment_id = ANY($1::uuid[]) AND test_result IS NOT NULL', [
      [booked[4]!.appointment.appointment_id, booked[5]!.appointment.appointment_id],
    ])).toBe(won.resolution === 'attached' ? 1 : 0);
  });

  it('refuses a file keyed by member id until staff confirm, then saves it, audited as such', async () => {
    const csv = ['profile_id,psa_ng_ml', `CHAPS${booked[0]!.member.profileId},0.9`].join('\n');
    const before = await resultRows();
    const refused = await upload(csv);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'profile_id_needs_confirmation' });
    expect(refused.body.message).toContain('no check character');
    expect(await resultRows()).toBe(before);
    const taken = await upload(csv, '?confirm_profile_ids=1');
    expect(taken.body).toEqual({ saved: 1, held: 0 });
    const [imported] = await test.db.query<{ after: unknown }>("SELECT after FROM staff_audit WHERE action = 'results.import' ORDER BY audit_id DESC LIMIT 1");
    expect(imported!.after).toEqual({ key: 'profile_id', profile_ids_confirmed: true, lines: 1, saved: 1, held: 0 });
    const [match] = await test.db.query<{ after: unknown }>("SELECT after FROM staff_audit WHERE action = 'result.match' ORDER BY audit_id DESC LIMIT 1");
    expect(match!.after).toEqual({ line: 2, profile_id: booked[0]!.member.profileId });
  });

  it('finds the man by his tube, and refuses a typed result whose sample id is not his, or that replaces a result the form did not show', async () => {
    const [first, second] = [booked[0]!, booked[1]!];
    const lookup = await getJson<{ sample: Record<string, unknown> }>(app(), `${base}/samples/${formatSampleId(samples[0]!)}`, auth());
    expect(lookup.body.sample).toEqual({
      sample_id: samples[0]!,
      appointment_id: first.appointment.appointment_id,
      first_name: 'Alan',
      last_name: 'Member',
      date_of_birth: '1970-03-15',
      nhs_number: '9434765919',
      test_result: 0.9,
    });
    const swapped = samples[0]!.slice(0, 6) + samples[0]![7] + samples[0]![6];
    if (swapped !== samples[0]) expect((await getJson(app(), `${base}/samples/${swapped}`, auth())).status).toBe(422);
    expect((await getJson(app(), `${base}/samples/${otherSample}`, auth())).status).toBe(409);
    const put = (who: typeof first, body: object) => getJson<{ error?: string }>(app(), `${base}/attendees/${who.appointment.appointment_id}/result`, sendJson(staff.token, body, 'PUT'));
    expect((await put(first, { test_result: '1.5' })).body.error).toBe('sample_id_required');
    expect((await put(first, { test_result: '1.5', sample_id: samples[1] })).body.error).toBe('sample_mismatch');
    expect((await put(second, { test_result: '1.5', sample_id: swapped })).status).toBe(swapped === samples[0] ? 409 : 422);
    // He has 0.9 from the file: typing over it corrects it only when the form showed that very result.
    const unseen = await put(first, { test_result: '1.5', sample_id: formatSampleId(samples[0]!) });
    expect([unseen.status, unseen.body.error]).toEqual([409, 'result_changed']);
    expect((unseen.body as { message?: string }).message).toBe(
      'A result of 0.9 ng/ml was saved for Alan while this form was open, so yours was not saved: check his result, and save yours again only if it replaces that one.',
    );
    expect((await put(first, { test_result: '1.5', sample_id: formatSampleId(samples[0]!), replaces: 0.9 })).status).toBe(200);
    const stale = await put(first, { test_result: '1.7', sample_id: samples[0]!, replaces: 0.9 });
    expect([stale.status, stale.body.error]).toEqual([409, 'result_changed']);
    expect((stale.body as { message?: string }).message).toBe(
      'A result of 1.5 ng/ml was saved for Alan while this form was open (it showed 0.9 ng/ml), so yours was not saved: check his result, and save yours again only if it replaces that one.',
    );
    expect((await resultsOf(first.member))[0]!.result).toMatchObject({ test_result: 1.5 });
  });

  it("erasing a man's account clears the cells, words, value and comment of the held lines that name his booking", async () => {
    const him = booked[2]!;
    expect(await linesOf(him.appointment.appointment_id)).toEqual([
      expect.objectContaining({ reason_text: 'NHS number in the file (401 023 2137) differs from his (943 476 5919).', resolution: 'attached', test_result: '3.30' }),
    ]);
    await erase(him.member);
    // Attached to him, so staff's record of the attachment stays; nothing of his result is beside his booking.
    expect(await linesOf(him.appointment.appointment_id)).toEqual([{ ...ERASED, resolution: 'attached' }]);
    // The console still lists it, in the shape it promises.
    expect((await holdsOf()).filter((h) => h.erased)).toEqual([
      expect.objectContaining({ cells: { erased: 'true' }, test_result: null, comments: null, sample_date: null, resolution: 'attached' }),
    ]);
  });

  it("erasing a man's account clears a held line of his tube that came after his booking was cancelled, which can then be discarded but not attached", async () => {
    const [gone] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['11:45']);
    const his = gone!.appointment.appointment_id;
    const label = await sampleFor(test.db, his, EVENT.event_id, staff.userId);
    const cancelled = await getJson(app(BOOKED_AT), `/api/appointments/${his}/cancel`, sendJson(await gone!.member.tokenAt(BOOKED_AT), {}));
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    // His labelled tube reached the lab all the same: its line is held, naming his cancelled booking.
    const res = await upload(`sample_id,psa_ng_ml,comment,sample_date\n${label},7.70,Haemolysed,20/06/2026`);
    expect(res.body).toEqual({ saved: 0, held: 1 });
    expect(await linesOf(his)).toEqual([
      expect.objectContaining({
        reason_text: `Sample ${formatSampleId(label)} is of a booking that is no longer confirmed (cancelled, or the member's account was deleted).`,
        resolution: null,
        test_result: '7.70',
        comments: 'Haemolysed',
        sample_date: '2026-06-20',
      }),
    ]);
    await erase(gone!.member);
    expect(await linesOf(his)).toEqual([{ ...ERASED, resolution: null }]);

    // Nothing is left to attach: refused even to a man checked in with no result yet, who is given none; it can be discarded.
    const [line] = (await holdsOf()).filter((h) => h.erased && h.resolution === null);
    expect(line).toMatchObject({ cells: { erased: 'true' }, test_result: null, comments: null, sample_date: null });
    const refused = await resolve(line!.hold_id, { action: 'attach', sample_id: samples[3]!, confirm: true });
    expect([refused.status, refused.body.error], JSON.stringify(refused.body)).toEqual([409, 'hold_erased']);
    expect((await resultsOf(booked[3]!.member))[0]!.result).toBeNull();
    const discarded = await resolve(line!.hold_id, { action: 'discard', reason: 'Erased with his account.' });
    expect(discarded.body.hold).toMatchObject({ resolution: 'discarded', erased: true, test_result: null });
  });

  it("erasing a man's account clears a held line of his tube that came in another event's file, even once attached to another man", async () => {
    const [tube] = await test.db.query<{ appointment_id: string }>('SELECT appointment_id::text AS appointment_id FROM samples WHERE sample_id = $1', [otherSample]);
    const his = tube!.appointment_id;
    // His tube's line in this event's file: held, naming his booking at the other event.
    const res = await upload(`sample_id,psa_ng_ml,comment\n${formatSampleId(otherSample)},6.60,Raised: repeat advised`);
    expect(res.body).toEqual({ saved: 0, held: 1 });
    const waiting = (await holdsOf()).find((h) => h.resolution === null && h.cells.sample_id === formatSampleId(otherSample));
    expect(waiting).toMatchObject({ reason: 'other_event', test_result: 6.6, comments: 'Raised: repeat advised', erased: false });
    // Staff judge it is the tube in their hand, of a man of this event no line has named or been attached to, and attach it to him.
    const attached = await test.db.query<{ id: string }>('SELECT appointment_id::text AS id FROM result_holds WHERE appointment_id IS NOT NULL');
    const taker = booked.slice(4).find((b) => !attached.some((row) => row.id === b.appointment.appointment_id))!;
    expect((await resolve(waiting!.hold_id, { action: 'attach', sample_id: samples[booked.indexOf(taker)]!, confirm: true })).status).toBe(200);
    const looks = () => count("SELECT coalesce(sum(reads), 0)::integer AS n FROM record_access WHERE profile_id = $1 AND reason = 'result_checking'", [taker.member.profileId]);
    const before = await looks();
    await holdsOf();
    expect(await looks()).toBe(before + 1);

    await erase(otherMan);
    // This line and the one the earlier file held for his tube: nothing of the file's cells, words, value or comment is left.
    const after = await linesOf(his);
    expect(after).toHaveLength(2);
    for (const line of after) expect(line).toMatchObject(ERASED);
    // The man it was attached to keeps his result; the console's list no longer shows the line's, so reading it is no look at his record.
    expect((await resultsOf(taker.member))[0]!.result).toMatchObject({ test_result: 6.6, comments: 'Raised: repeat advised' });
    await holdsOf();
    expect(await looks()).toBe(before + 1);
  });

  it('empties the held lines erased before a line could lose its value, and keeps a value on every line not erased', async () => {
    const older = await createTestDatabase(engine, { migrated: false });
    try {
      await migrate(older.db, loadMigrations().filter((m) => m.name < '920'));
      await prepareJobTables(older.db, silentLogger);
      await replaceEvents(older.db, [EVENT]);
      const [gone] = await bookedMembers(testApp({ db: older.db, now: BOOKED_AT }), older.db, BOOKED_AT, EVENT, ['10:00']);
      const erasedAt = new Date('2026-07-01T12:00:00Z');
      // His account erased as it was then: the booking kept with nobody named, the line's cells and words replaced.
      await older.db.query('UPDATE appointments SET profile_id = NULL, user_id = NULL, erased_at = $2 WHERE appointment_id = $1::uuid', [gone!.appointment.appointment_id, erasedAt]);
      await older.db.query(
        `INSERT INTO result_holds (event_id, file_line, cells, test_result, comments, sample_date, reason, reason_text, named_appointment_id, created_at, created_by)
         VALUES ($1::uuid, 2, '{"erased": "true"}'::jsonb, 4.40, 'Raised', '2026-06-20', 'booking_not_confirmed', 'Erased.', $2::uuid, $3, $4::uuid),
                ($1::uuid, 3, '{"erased": "true"}'::jsonb, 5.50, NULL, NULL, 'unknown_sample', 'Erased.', NULL, $3, $4::uuid),
                ($1::uuid, 4, '{"sample_id": "ZZZZZZZZ", "psa_ng_ml": "6.60"}'::jsonb, 6.60, 'Kept', NULL, 'invalid_sample_id', 'Not a sample id.', NULL, $3, $4::uuid)`,
        [EVENT.event_id, gone!.appointment.appointment_id, AFTER, staff.userId],
      );
      expect(await migrate(older.db, loadMigrations().filter((m) => m.name < '930'))).toEqual(['920-result-holds-erased']);
      const lines = await older.db.query<{ file_line: number; test_result: string | null; comments: string | null; sample_date: string | null; erased_at: Date | null }>(
        `SELECT file_line, test_result::text AS test_result, comments, to_char(sample_date, 'YYYY-MM-DD') AS sample_date, erased_at FROM result_holds ORDER BY file_line`,
      );
      expect(lines.map((line) => [line.file_line, line.test_result, line.comments, line.sample_date])).toEqual([
        [2, null, null, null],
        [3, null, null, null],
        [4, '6.60', 'Kept', null],
      ]);
      // Erased when the booking it names was; a line naming no booking, by the time the migration ran.
      expect(lines[0]!.erased_at).toEqual(erasedAt);
      expect(lines[1]!.erased_at).not.toBeNull();
      expect(lines[2]!.erased_at).toBeNull();
      // The database itself keeps a line's value unless it is erased, and an erased line empty.
      await expect(older.db.query('UPDATE result_holds SET test_result = NULL WHERE file_line = 4')).rejects.toThrow(/result_holds_value_unless_erased/);
      await expect(older.db.query("UPDATE result_holds SET comments = 'Raised' WHERE file_line = 2")).rejects.toThrow(/result_holds_erased_empty/);
    } finally {
      await older.dispose();
    }
  }, 60_000);
});
