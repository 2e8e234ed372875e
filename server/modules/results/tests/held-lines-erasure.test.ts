/**
 * Erasing a man's account empties every held line of the lab's file that
 * names him by any identifier it carries (server/modules/results/held-line-owner.ts,
 * docs/rules.md#account-erasure): the line of his tube whose sample id was
 * mistyped, found by his NHS number, or by his date of birth beside a slip
 * of his tube's id; never another man's line that shares only his date of
 * birth. A line of his tube reaching the site after he left is kept
 * erased, and an import running while he erases commits its lines before
 * the erasure looks for them (two connections, PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNhsNumber } from '../../../../src/domain/nhs-number';
import { formatSampleId, isValidSampleId, newSampleId } from '../../../../src/domain/sample-id';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { hashPassword } from '../../auth';
import { assignSample } from '../../staff';
import { oneSlipFrom } from '../held-line-owner';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Clacton Screening', event_date: '2026-06-20' });
const OTHER = makeEvent({ event_name: 'Harwich Screening', event_date: '2026-06-18' });
const BORN = '1961-04-02';
const HIS = nhsNumber('943476591');
const ANOTHER = nhsNumber('401023213');

/** A valid NHS number from nine digits (its check digit added). */
function nhsNumber(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (isValidNhsNumber(body + d)) return body + d;
  throw new Error(`no check digit for ${body}`);
}

/** His tube's id with its first pair of unequal neighbours swapped: what a tired hand types. */
function swapped(id: string): string {
  const i = [...id].findIndex((c, k) => k + 1 < id.length && c !== id[k + 1]);
  return id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
}

/** His tube's id with the character at `at` changed: a single slip. */
const changed = (id: string, at: number) => id.slice(0, at) + (id[at] === '7' ? '8' : '7') + id.slice(at + 1);

/** An id that is not valid and is no slip of any of `tubes`. */
function farFrom(tubes: string[]): string {
  for (;;) {
    const id = newSampleId();
    const wrong = id.slice(0, 7) + (id[7] === 'A' ? 'B' : 'A');
    if (!isValidSampleId(wrong) && tubes.every((t) => !oneSlipFrom(wrong, t))) return wrong;
  }
}

describe.each(ENGINES)('held lines erased with a man on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const app = () => testApp({ db: test.db, now: AFTER, env: { SITE_URL: 'https://www.example.org' } });
  const upload = (csv: string, eventId = EVENT.event_id) =>
    getJson<{ saved?: number; held?: number }>(app(), `/api/staff/events/${eventId}/results.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
  const erase = async (who: FastMember) => {
    await test.db.query('UPDATE auth_users SET encrypted_password = $2 WHERE id = $1::uuid', [who.userId, await hashPassword('his-own-password-1')]);
    return getJson(app(), '/api/me/delete', sendJson(await who.tokenAt(AFTER), { password: 'his-own-password-1' }));
  };
  /** A man booked at the event, labelled and checked in, with his own NHS number and date of birth. */
  async function man(event: typeof EVENT, slot: string, nhs: string) {
    const [one] = await bookedMembers(testApp({ db: test.db, now: BOOKED_AT }), test.db, BOOKED_AT, event, [slot], { nhsNumber: nhs, dateOfBirth: BORN });
    const id = one!.appointment.appointment_id;
    const tube = await test.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM appointments WHERE appointment_id = $1::uuid FOR UPDATE', [id]);
      const made = await assignSample(tx, { appointmentId: id, eventId: event.event_id, staffUserId: staff.userId, step: 'labels', at: BOOKED_AT });
      await tx.query('INSERT INTO check_ins (appointment_id, event_id, checked_in_at, recorded_at, staff_user_id) VALUES ($1::uuid, $2::uuid, $3, $3, $4::uuid)', [
        id,
        event.event_id,
        BOOKED_AT,
        staff.userId,
      ]);
      return made.sampleId!;
    });
    return { member: one!.member, appointmentId: id, tube };
  }
  /** The held lines by their line of the file, as stored. */
  const lines = async () =>
    new Map(
      (
        await test.db.query<{ file_line: number; cells: Record<string, string>; test_result: string | null; erased: boolean; reason: string }>(
          `SELECT file_line, cells, test_result::text AS test_result, erased_at IS NOT NULL AS erased, reason FROM result_holds WHERE event_id = $1::uuid`,
          [EVENT.event_id],
        )
      ).map((row) => [row.file_line, row]),
    );

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, OTHER]);
    staff = await makeStaff(test.db, AFTER);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("empties the lines of his tube whose id was mistyped, by his NHS number or his date of birth beside a slip of his tube's id, and no other man's", async () => {
    const him = await man(EVENT, '10:00', HIS);
    const other = await man(EVENT, '10:15', ANOTHER);
    const far = farFrom([him.tube, other.tube]);
    const csv = [
      'sample_id,psa_ng_ml,comment,nhs_number,date_of_birth',
      // 2: his tube, mistyped, with his NHS number as the NHS writes it and his date of birth.
      `${formatSampleId(swapped(him.tube))},4.20,Raised,${HIS.slice(0, 3)} ${HIS.slice(3, 6)} ${HIS.slice(6)},02/04/1961`,
      // 3: his tube, mistyped, with his date of birth and no NHS number.
      `${changed(him.tube, 2).toLowerCase()},5.10,,,${BORN}`,
      // 4: another man's NHS number and his date of birth, on an id no slip of his tube's: not his.
      `${far},3.30,,${ANOTHER},${BORN}`,
      // 5: his date of birth alone, on an id no slip of his tube's: nobody's to say.
      `${farFrom([him.tube, other.tube, far])},2.20,,,02/04/1961`,
      // 6: a slip of his tube's id and his date of birth, but another man's NHS number: that man's line, not his.
      `${changed(him.tube, 5)},6.60,,${ANOTHER},${BORN}`,
    ].join('\n');
    expect((await upload(csv)).body).toEqual({ saved: 0, held: 5 });
    const before = await lines();
    expect([...before.values()].every((line) => line.reason === 'invalid_sample_id' && !line.erased)).toBe(true);

    expect((await erase(him.member)).status).toBe(200);
    const after = await lines();
    for (const n of [2, 3]) expect(after.get(n), `line ${n}`).toMatchObject({ cells: { erased: 'true' }, test_result: null, erased: true });
    for (const n of [4, 5, 6]) expect(after.get(n), `line ${n}`).toEqual(before.get(n));
  });

  it('keeps a line of his tube that reaches the site after he erased his account already erased', async () => {
    const gone = await man(EVENT, '10:30', nhsNumber('123456788'));
    expect((await erase(gone.member)).status).toBe(200);
    expect((await upload(`sample_id,psa_ng_ml,comment,nhs_number\n${gone.tube},7.70,Haemolysed,${nhsNumber('123456788')}`)).body).toEqual({ saved: 0, held: 1 });
    const [line] = await test.db.query<{ cells: unknown; test_result: string | null; comments: string | null; erased: boolean }>(
      `SELECT cells, test_result::text AS test_result, comments, erased_at IS NOT NULL AS erased FROM result_holds
       WHERE named_appointment_id = $1::uuid`,
      [gone.appointmentId],
    );
    expect(line).toEqual({ cells: { erased: 'true' }, test_result: null, comments: null, erased: true });
  });

  it.runIf(engine === 'postgres')('an erasure while an import of a line naming him is under way waits for it, and empties the line', async () => {
    const him = await man(OTHER, '10:00', nhsNumber('987654321'));
    const door = await man(EVENT, '11:00', nhsNumber('234567890'));
    // Another connection holds a booking of the file's event, so the import stops at its bookings once begun.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const blocker = test.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM appointments WHERE appointment_id = $1::uuid FOR UPDATE', [door.appointmentId]);
      locked();
      await held;
    });
    await lockTaken;
    const importing = upload(`sample_id,psa_ng_ml,nhs_number\n${swapped(him.tube)},8.80,${nhsNumber('987654321')}`);
    await new Promise((r) => setTimeout(r, 300));
    let erasedFirst = false;
    const erasing = erase(him.member).then((res) => {
      erasedFirst = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 500));
    // The erasure cannot finish before the import's lines are in: it waits.
    expect(erasedFirst).toBe(false);
    release();
    await blocker;
    expect((await importing).body).toEqual({ saved: 0, held: 1 });
    expect((await erasing).status).toBe(200);
    // The line came in (held, its id mistyped), and nothing of it names him now.
    const still = await test.db.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM result_holds WHERE regexp_replace(cells->>'nhs_number', '[[:space:]-]', '', 'g') = $1 OR test_result = 8.80`,
      [nhsNumber('987654321')],
    );
    expect(still[0]!.n).toBe(0);
  }, 30_000);
});
