/**
 * What the server takes from a phone's check-in (docs/rules.md#check-in,
 * server/modules/staff/check-in-write.ts): a proposed sample id with a
 * character the site never puts in one is refused (422, naming the field);
 * an arrival is recorded only on the event's day, UK time (an admin ten
 * days early is refused, not_event_day); the earliest believable tap is
 * his arrival, whichever phone synced first, and a tap from the future or
 * another day moves nothing; a phone's proposed tube id that was not kept
 * is in the staff audit. Two phones at once, on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInResult } from '../../../../src/domain/staff-attendees';
import { newSampleId, sampleIdCheckChar } from '../../../../src/domain/sample-id';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-01T09:00:00Z');
const EVENT = makeEvent({ event_name: 'Felixstowe Screening', event_date: '2026-06-20', lab_name: 'ESNEFT' });
/** 10:30 UK time (BST) on the event's day. */
const AT_VENUE = new Date('2026-06-20T09:30:00Z');
const TEN_DAYS_EARLY = new Date('2026-06-10T09:30:00Z');
/** 10:05 and 10:20 UK time: two phones' taps. */
const EARLY_TAP = '2026-06-20T09:05:00.000Z';
const LATER_TAP = '2026-06-20T09:20:00.000Z';

/** An id made the way newSampleId makes one, whose body holds `char` (a character the site never draws). */
function idWith(char: string): string {
  const body = `${char}${newSampleId().slice(1, 7)}`;
  return body + sampleIdCheckChar(body);
}

describe.each(ENGINES)('what a check-in may say on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  const app = (now: Date) => testApp({ db: test.db, now });
  // A staff session unused for 30 minutes ends (docs/rules.md#staff-idle): a sign-in at the time of each send.
  const send = async (now: Date, items: { appointment_id: string; checked_in_at: string; sample_id?: string | null }[]) =>
    getJson<{ results?: CheckInResult[]; error?: string; issues?: { path: string; message: string }[] }>(
      app(now),
      `/api/staff/events/${EVENT.event_id}/check-ins`,
      sendJson(now.getTime() === AT_VENUE.getTime() ? staff.token : await staff.tokenAt(now), { check_ins: items }),
    );
  const idOf = (i: number) => booked[i]!.appointment.appointment_id;
  const arrival = async (id: string) =>
    (await test.db.query<{ checked_in_at: Date }>('SELECT checked_in_at FROM check_ins WHERE appointment_id = $1::uuid', [id]))[0]?.checked_in_at.toISOString() ?? null;
  const sampleOf = async (id: string) => (await test.db.query<{ sample_id: string }>('SELECT sample_id FROM samples WHERE appointment_id = $1::uuid', [id]))[0]?.sample_id ?? null;
  const notKept = (id: string) =>
    test.db.query<{ after: { sample_proposed: string; sample_id: string | null } }>(
      "SELECT after FROM staff_audit WHERE action = 'check_in.sample_not_kept' AND entity_id = $1 ORDER BY audit_id",
      [id],
    );

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15']);
    staff = await makeStaff(test.db, AT_VENUE);
  }, 60_000);
  afterAll(async () => {
    await test?.dispose();
  });

  it.each([
    ['an I in its body', () => idWith('I')],
    ['an O in its body', () => idWith('O')],
    ['a * check character', () => '1234567*'],
  ])('refuses a proposed sample id with %s (422, naming the field), recording nothing', async (_, make) => {
    const proposed = make();
    const res = await send(AT_VENUE, [{ appointment_id: idOf(0), checked_in_at: EARLY_TAP, sample_id: proposed }]);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.issues).toEqual([expect.objectContaining({ path: 'check_ins.0.sample_id', message: 'sample_id must be a sample id this site made: it never uses I, O or *.' })]);
    expect(await arrival(idOf(0))).toBeNull();
    expect(await sampleOf(idOf(0))).toBeNull();
  });

  it("refuses an arrival ten days before the event's day, and takes a tap on the day sent the day after, or a wrong clock's on the day at the server's time", async () => {
    const early = await send(TEN_DAYS_EARLY, [{ appointment_id: idOf(0), checked_in_at: TEN_DAYS_EARLY.toISOString(), sample_id: newSampleId() }]);
    expect(early.body.results).toEqual([{ appointment_id: idOf(0), outcome: 'not_event_day', checked_in_at: null, sample_id: null }]);
    expect(await arrival(idOf(0))).toBeNull();
    expect(await sampleOf(idOf(0))).toBeNull();

    // Queued offline at the venue, sent the next morning: his arrival is the tap.
    const nextDay = new Date('2026-06-21T08:00:00Z');
    const late = await send(nextDay, [{ appointment_id: idOf(0), checked_in_at: EARLY_TAP, sample_id: null }]);
    expect(late.body.results![0]).toMatchObject({ outcome: 'recorded', checked_in_at: EARLY_TAP });

    // A phone whose clock says ten days ago, or tomorrow, sending on the day: the server's time.
    const wrong = await send(AT_VENUE, [
      { appointment_id: idOf(1), checked_in_at: TEN_DAYS_EARLY.toISOString(), sample_id: null },
      { appointment_id: idOf(2), checked_in_at: '2026-06-21T09:00:00Z', sample_id: null },
    ]);
    expect(wrong.body.results!.map((r) => [r.outcome, r.checked_in_at])).toEqual([
      ['recorded', AT_VENUE.toISOString()],
      ['recorded', AT_VENUE.toISOString()],
    ]);
  });

  it('keeps the earliest tap of two phones, not the first to sync, and audits the tube id the later sync proposed', async () => {
    const [a, b] = [newSampleId(), newSampleId()];
    // The phone that tapped later syncs first.
    const first = await send(AT_VENUE, [{ appointment_id: idOf(3), checked_in_at: LATER_TAP, sample_id: b }]);
    expect(first.body.results![0]).toMatchObject({ outcome: 'recorded', checked_in_at: LATER_TAP, sample_id: b });
    const second = await send(AT_VENUE, [{ appointment_id: idOf(3), checked_in_at: EARLY_TAP, sample_id: a }]);
    // His sample id never changes once assigned; his arrival is the earlier tap; the other tube is found by the audit.
    expect(second.body.results![0]).toEqual({ appointment_id: idOf(3), outcome: 'already', checked_in_at: EARLY_TAP, sample_id: b });
    expect(await arrival(idOf(3))).toBe(EARLY_TAP);
    expect((await notKept(idOf(3))).map((row) => row.after)).toEqual([expect.objectContaining({ sample_proposed: a, sample_id: b })]);
    // A later tap, one from the future and one from another day move nothing.
    const again = await send(AT_VENUE, [
      { appointment_id: idOf(3), checked_in_at: LATER_TAP, sample_id: b },
      { appointment_id: idOf(3), checked_in_at: '2026-06-20T09:29:00Z', sample_id: null },
      { appointment_id: idOf(3), checked_in_at: '2026-06-20T09:45:00Z', sample_id: null },
      { appointment_id: idOf(3), checked_in_at: '2026-06-19T09:00:00Z', sample_id: null },
    ]);
    expect(again.body.results!.map((r) => r.checked_in_at)).toEqual([EARLY_TAP, EARLY_TAP, EARLY_TAP, EARLY_TAP]);
    expect(await arrival(idOf(3))).toBe(EARLY_TAP);
    expect(await notKept(idOf(3))).toHaveLength(1);
  });

  it('two phones syncing one man at once: the earliest tap, one sample id, and the other proposal audited', async () => {
    for (const i of [4, 5]) {
      const [a, b] = [newSampleId(), newSampleId()];
      const taps = i === 4 ? [EARLY_TAP, LATER_TAP] : [LATER_TAP, EARLY_TAP];
      const answers = await Promise.all([
        send(AT_VENUE, [{ appointment_id: idOf(i), checked_in_at: taps[0]!, sample_id: a }]),
        send(AT_VENUE, [{ appointment_id: idOf(i), checked_in_at: taps[1]!, sample_id: b }]),
      ]);
      expect(answers.map((r) => r.body.results![0]!.outcome).sort()).toEqual(['already', 'recorded']);
      expect(await arrival(idOf(i))).toBe(EARLY_TAP);
      const kept = await sampleOf(idOf(i));
      expect([a, b]).toContain(kept);
      expect((await notKept(idOf(i))).map((row) => row.after)).toEqual([expect.objectContaining({ sample_proposed: kept === a ? b : a, sample_id: kept })]);
    }
  });
});
