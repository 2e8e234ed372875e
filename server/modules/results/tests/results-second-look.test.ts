/**
 * Two ways a result could still reach the wrong man after matching by
 * sample id, each now stopped for a person to look
 * (docs/clinical-safety/hazard-log.md#hazard-1): a second line for a tube
 * that already has a result (another file, or one imported twice) is held
 * rather than replacing the first and emailing him again; and a labelled
 * man who was never checked in (his label, printed before the day, may be
 * on another man's tube) takes no typed result, and no other line, until
 * he is checked in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSampleId } from '../../../../src/domain/sample-id';
import type { ResultHold } from '../../../../src/domain/result-holds';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { sentMail } from '../../../../tests/fixtures/mail';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const DAY_BEFORE = new Date('2026-06-19T15:00:00Z');
const AFTER = new Date('2026-06-24T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Second Look Screening', event_date: '2026-06-20' });
const READY = 'Your PSA result is ready';

/** The id with its first two unequal neighbours swapped (a slip its check character refuses), or its last character changed. */
function slipOf(id: string): string {
  for (let i = 0; i + 1 < id.length; i += 1) if (id[i] !== id[i + 1]) return id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
  return id.slice(0, -1) + (id.endsWith('0') ? '1' : '0');
}

describe.each(ENGINES)('a second look before a result is attached on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  const label = new Map<string, string>();
  const app = (now = AFTER) => testApp({ db: test.db, now, env: { SITE_URL: 'https://www.example.org' } });
  const base = `/api/staff/events/${EVENT.event_id}`;
  const upload = (csv: string) =>
    getJson<{ saved?: number; held?: number }>(app(), `${base}/results.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${staff.token}`, 'Content-Type': 'text/csv' },
      body: csv,
    });
  const holds = async () => (await getJson<{ holds: ResultHold[] }>(app(), `${base}/result-holds`, { headers: { Authorization: `Bearer ${staff.token}` } })).body.holds;
  const readyTo = async (who: FastMember) => (await sentMail(test.db)).filter((m) => m.subject === READY && m.to === who.email).length;
  const checkIn = (appointmentId: string) =>
    getJson(app(), `${base}/check-ins`, sendJson(staff.token, { check_ins: [{ appointment_id: appointmentId, checked_in_at: '2026-06-20T09:30:00Z' }] }));

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30']);
    staff = await makeStaff(test.db, AFTER);
    // Labels printed the day before for all three; the first two came and were checked in, the third never came.
    const printed = await getJson<{ labels: { appointment_id: string; sample_id: string }[] }>(app(DAY_BEFORE), `${base}/samples`, sendJson(await staff.tokenAt(DAY_BEFORE), {}));
    expect(printed.status).toBe(200);
    for (const l of printed.body.labels) label.set(l.appointment_id, l.sample_id);
    for (const b of booked.slice(0, 2)) expect((await checkIn(b.appointment.appointment_id)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it('holds a second line for a tube that already has a result, or a file imported twice, and emails nobody again', async () => {
    const [first] = booked;
    const tube = label.get(first!.appointment.appointment_id)!;
    expect((await upload(`sample_id,psa_ng_ml\n${tube},1.10`)).body).toEqual({ saved: 1, held: 0 });
    expect(await readyTo(first!.member)).toBe(1);

    expect((await upload(`sample_id,psa_ng_ml\n${tube},1.10`)).body).toEqual({ saved: 0, held: 1 });
    expect((await upload(`sample_id,psa_ng_ml\n${formatSampleId(tube)},6.40`)).body).toEqual({ saved: 0, held: 1 });
    const second = (await holds()).filter((h) => h.reason === 'result_exists');
    expect(second).toHaveLength(2);
    expect(second[0]!.reason_text).toContain('already has a result saved');
    const [{ value } = { value: '' }] = await test.db.query<{ value: string }>('SELECT test_result::text AS value FROM member_results WHERE appointment_id = $1::uuid', [
      first!.appointment.appointment_id,
    ]);
    expect(value).toBe('1.10');
    expect(await readyTo(first!.member)).toBe(1);
  });

  it('refuses a typed result for a labelled man never checked in, and any other line attached to him, until he is checked in', async () => {
    const absent = booked[2]!;
    const tube = label.get(absent.appointment.appointment_id)!;
    const typed = () => getJson<{ error?: string; message?: string }>(app(), `${base}/attendees/${absent.appointment.appointment_id}/result`, sendJson(staff.token, { test_result: '2.40', sample_id: tube }, 'PUT'));
    const refused = await typed();
    expect([refused.status, refused.body.error]).toEqual([409, 'not_checked_in']);
    expect(refused.body.message).toContain('was not checked in at this event');

    // A line with a slipped id is held; staff cannot attach it to the man who never came.
    expect((await upload(`sample_id,psa_ng_ml\n${slipOf(tube)},2.40`)).body).toEqual({ saved: 0, held: 1 });
    const held = (await holds()).find((h) => h.reason === 'invalid_sample_id')!;
    const attach = await getJson<{ error?: string }>(app(), `${base}/result-holds/${held.hold_id}/resolve`, sendJson(staff.token, { action: 'attach', sample_id: tube, confirm: true }));
    expect([attach.status, attach.body.error]).toEqual([409, 'not_checked_in']);
    expect(await readyTo(absent.member)).toBe(0);

    // He did give blood after all: checked in late by staff, his result is taken.
    expect((await checkIn(absent.appointment.appointment_id)).status).toBe(200);
    expect((await typed()).status).toBe(200);
    expect(await readyTo(absent.member)).toBe(1);
  });
});
