/**
 * Held lines of the lab's file shown to staff are a look at every man they
 * name, whatever the reason they were held (docs/rules.md#record-access;
 * server/modules/results/held-line-owner.ts): a second line for his tube,
 * his tube's line while he was never checked in, a mistyped line with his
 * NHS number, his tube's line in another event's file. A line quoting
 * only a date of birth names nobody. Two reads at once add to one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNhsNumber } from '../../../../src/domain/nhs-number';
import { newSampleId } from '../../../../src/domain/sample-id';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import type { FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';
import { assignSample } from '../samples';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Colchester Screening', event_date: '2026-06-20' });
const OTHER = makeEvent({ event_name: 'Harwich Screening', event_date: '2026-06-18' });

function nhsNumber(body: string): string {
  for (let d = 0; d <= 9; d += 1) if (isValidNhsNumber(body + d)) return body + d;
  throw new Error(`no check digit for ${body}`);
}

/** The id with its first pair of unequal neighbours swapped. */
function swapped(id: string): string {
  const i = [...id].findIndex((c, k) => k + 1 < id.length && c !== id[k + 1]);
  return id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
}

describe.each(ENGINES)('looks at held lines on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  const app = () => testApp({ db: test.db, now: AFTER });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const looks = (profileId: number) =>
    test.db.query<{ seen: string[]; reads: number; event_id: string }>(
      `SELECT seen, reads, event_id::text AS event_id FROM record_access WHERE profile_id = $1 AND reason = 'result_checking'`,
      [profileId],
    );
  async function man(event: typeof EVENT, slot: string, nhs: string, born: string, arrived: boolean) {
    const [one] = await bookedMembers(testApp({ db: test.db, now: BOOKED_AT }), test.db, BOOKED_AT, event, [slot], { nhsNumber: nhs, dateOfBirth: born });
    const id = one!.appointment.appointment_id;
    const tube = await test.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM appointments WHERE appointment_id = $1::uuid FOR UPDATE', [id]);
      const made = await assignSample(tx, { appointmentId: id, eventId: event.event_id, staffUserId: staff.userId, step: 'labels', at: BOOKED_AT });
      if (arrived) {
        await tx.query('INSERT INTO check_ins (appointment_id, event_id, checked_in_at, recorded_at, staff_user_id) VALUES ($1::uuid, $2::uuid, $3, $3, $4::uuid)', [
          id,
          event.event_id,
          BOOKED_AT,
          staff.userId,
        ]);
      }
      return made.sampleId!;
    });
    return { member: one!.member, tube, nhs, born };
  }
  const upload = (csv: string) =>
    getJson<{ saved?: number; held?: number }>(app(), `${base}/results.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT, OTHER]);
    staff = await makeStaff(test.db, AFTER);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it("records a look at each man a held line names, whatever its reason, and none at a man whose date of birth alone it quotes", async () => {
    const second = await man(EVENT, '10:00', nhsNumber('943476591'), '1960-01-11', true);
    const absent = await man(EVENT, '10:15', nhsNumber('401023213'), '1961-02-12', false);
    const mistyped = await man(EVENT, '10:30', nhsNumber('987654321'), '1962-03-13', true);
    const elsewhere = await man(OTHER, '10:00', nhsNumber('234567890'), '1963-04-14', true);
    const bystander = await man(EVENT, '10:45', nhsNumber('345678901'), '1964-05-15', true);
    // His result is in: a second line for his tube is held as result_exists.
    expect((await upload(`sample_id,psa_ng_ml\n${second.tube},1.20`)).body).toEqual({ saved: 1, held: 0 });
    let far = newSampleId();
    far = far.slice(0, 7) + (far[7] === 'A' ? 'B' : 'A');
    const csv = [
      'sample_id,psa_ng_ml,nhs_number,date_of_birth',
      `${second.tube},1.30,${second.nhs},11/01/1960`,
      `${absent.tube},2.40,${absent.nhs},`,
      `${swapped(mistyped.tube)},3.50,${mistyped.nhs},`,
      `${elsewhere.tube},4.60,,1963-04-14`,
      `${far},5.70,,15/05/1964`,
    ].join('\n');
    expect((await upload(csv)).body).toEqual({ saved: 0, held: 5 });
    const reasons = await test.db.query<{ reason: string }>('SELECT reason FROM result_holds ORDER BY file_line');
    expect(reasons.map((r) => r.reason)).toEqual(['result_exists', 'not_checked_in', 'invalid_sample_id', 'other_event', 'invalid_sample_id']);
    for (const who of [second, absent, mistyped, elsewhere, bystander]) expect(await looks(who.member.profileId)).toEqual([]);

    // Two staff screens open the held lines at once: one look each, read twice.
    const reads = await Promise.all([1, 2].map(() => getJson(app(), `${base}/result-holds`, { headers: { Authorization: `Bearer ${staff.token}` } })));
    expect(reads.map((r) => r.status)).toEqual([200, 200]);
    const seen = async (who: { member: FastMember }) => (await looks(who.member.profileId)).map((l) => [l.seen, l.reads, l.event_id]);
    expect(await seen(second)).toEqual([[['identity', 'nhs_number', 'results'], 2, EVENT.event_id]]);
    expect(await seen(absent)).toEqual([[['nhs_number', 'results'], 2, EVENT.event_id]]);
    expect(await seen(mistyped)).toEqual([[['nhs_number'], 2, EVENT.event_id]]);
    // His booking is at another event: the look is recorded at the event whose lines were read.
    expect(await seen(elsewhere)).toEqual([[['identity', 'results'], 2, EVENT.event_id]]);
    expect(await seen(bystander)).toEqual([]);
  });
});
