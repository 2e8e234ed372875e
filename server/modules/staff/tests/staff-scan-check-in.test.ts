/**
 * Check-in at the door by ticket (docs/rules.md#check-in): the attendee list
 * carries the public ticket key and each booking's short code and slot, so a
 * ticket the server signed verifies on the phone offline; a confirmed
 * check-in carries the sample id the phone proposed, which the server keeps
 * when valid and unused, answers again on a replay, replaces when it fails
 * its check character, refuses for a man with no NHS number (recording the
 * check-in all the same), and gives two phones checking one man in one id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeList, CheckInResult } from '../../../../src/domain/staff-attendees';
import { isValidSampleId, newSampleId, sampleIdCheckChar } from '../../../../src/domain/sample-id';
import { importTicketKey, verifyTicket } from '../../../../src/domain/ticket';
import { createSigner } from '../../../platform/signing';
import { ticketFor } from '../../booking';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { sendJson, type FastMember } from '../../../../tests/fixtures/bookings';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';
import { auditCount, bookedMembers, makeStaff } from '../../../../tests/fixtures/staff';

const BOOKED_AT = new Date('2026-06-10T09:00:00Z');
const AT_VENUE = new Date('2026-06-20T09:30:00Z');
const EVENT = makeEvent({ event_name: 'Ipswich Screening', event_date: '2026-06-20', lab_name: 'ESNEFT' });

describe.each(ENGINES)('check-in by ticket, with a sample id, on %s', (engine) => {
  let test: TestDatabase;
  let staff: FastMember;
  let booked: Awaited<ReturnType<typeof bookedMembers>>;
  const app = (now = AT_VENUE) => testApp({ db: test.db, now });
  const auth = () => ({ headers: { Authorization: `Bearer ${staff.token}` } });
  const list = async () => (await getJson<AttendeeList>(app(), `/api/staff/events/${EVENT.event_id}/attendees`, auth())).body;
  const checkIn = async (appointmentId: string, sampleId?: string | null) => {
    const res = await getJson<{ results: CheckInResult[] }>(
      app(),
      `/api/staff/events/${EVENT.event_id}/check-ins`,
      sendJson(staff.token, { check_ins: [{ appointment_id: appointmentId, checked_in_at: AT_VENUE.toISOString(), ...(sampleId === undefined ? {} : { sample_id: sampleId }) }] }),
    );
    expect(res.status).toBe(200);
    return res.body.results[0]!;
  };
  const storedSample = async (appointmentId: string) =>
    (await test.db.query<{ sample_id: string; assigned_during: string }>('SELECT sample_id, assigned_during FROM samples WHERE appointment_id = $1::uuid', [appointmentId]))[0];
  const idOf = (i: number) => booked[i]!.appointment.appointment_id;

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    await replaceEvents(test.db, [EVENT]);
    booked = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['10:00', '10:15', '10:30', '10:45', '11:00']);
    staff = await makeStaff(test.db, AT_VENUE);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it("carries the ticket key and each booking's code and slot, and a ticket the server signed verifies against it", async () => {
    const body = await list();
    expect(body.ticket_key).toEqual({ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), alg: 'ES256', key_ops: ['verify'] });
    expect(JSON.stringify(body.ticket_key)).not.toContain('"d"');
    const first = body.attendees[0]!;
    const ticket = await ticketFor(createSigner(test.db, undefined), { appointmentId: first.appointment_id, eventId: EVENT.event_id, slotStart: first.slot_start });
    expect(ticket.code).toBe(first.ticket_code);
    const key = await importTicketKey(body.ticket_key);
    const check = await verifyTicket(ticket.token, key);
    expect(check).toEqual({ ok: true, code: first.ticket_code, claims: { appointmentId: first.appointment_id, eventId: EVENT.event_id, slotStart: first.slot_start } });
    // One character of the signature changed: refused by the same key.
    const forged = ticket.token.slice(0, -2) + (ticket.token.at(-2) === 'A' ? 'B' : 'A') + ticket.token.at(-1);
    expect(await verifyTicket(forged, key)).toEqual({ ok: false, reason: 'forged' });
  });

  it('stores the sample id the phone proposed, names it in the audit and the list, and answers it again on a replay', async () => {
    const proposed = newSampleId();
    expect(await checkIn(idOf(0), proposed)).toMatchObject({ outcome: 'recorded', sample_id: proposed });
    expect(await storedSample(idOf(0))).toEqual({ sample_id: proposed, assigned_during: 'check_in' });
    const [audit] = await test.db.query<{ after: { sample_id: string } }>("SELECT after FROM staff_audit WHERE action = 'check_in' AND entity_id = $1", [idOf(0)]);
    expect(audit!.after).toMatchObject({ sample_id: proposed, sample_proposed: proposed });
    // The answer was lost and the queue is sent again, from this phone or with another proposal: the same id.
    expect(await checkIn(idOf(0), proposed)).toMatchObject({ outcome: 'already', sample_id: proposed });
    expect(await checkIn(idOf(0), newSampleId())).toMatchObject({ outcome: 'already', sample_id: proposed });
    expect((await list()).attendees.find((a) => a.appointment_id === idOf(0))!.sample_id).toBe(proposed);
  });

  it('replaces a proposed id that fails its check character, or is already another man\u2019s, with a new valid one', async () => {
    const good = newSampleId();
    const wrongCheck = good.slice(0, 7) + (good[7] === '0' ? '1' : '0');
    expect(isValidSampleId(wrongCheck)).toBe(false);
    const replaced = await checkIn(idOf(1), wrongCheck);
    expect(replaced.outcome).toBe('recorded');
    expect(replaced.sample_id).not.toBe(wrongCheck);
    expect(isValidSampleId(replaced.sample_id!)).toBe(true);
    const taken = (await storedSample(idOf(0)))!.sample_id;
    const other = await checkIn(idOf(2), taken);
    expect(other.sample_id).not.toBe(taken);
    expect(isValidSampleId(other.sample_id!)).toBe(true);
    expect(sampleIdCheckChar(other.sample_id!.slice(0, 7))).toBe(other.sample_id![7]);
  });

  it('gives two phones checking the same man in at once one sample id', async () => {
    const [a, b] = await Promise.all([checkIn(idOf(3), newSampleId()), checkIn(idOf(3), newSampleId())]);
    expect([a!.outcome, b!.outcome].sort()).toEqual(['already', 'recorded']);
    expect(a!.sample_id).toBe(b!.sample_id);
    expect((await storedSample(idOf(3)))!.sample_id).toBe(a!.sample_id);
  });

  it('assigns no sample for a check-in queued by an earlier version (no sample_id)', async () => {
    expect(await checkIn(idOf(4))).toEqual({ appointment_id: idOf(4), outcome: 'recorded', checked_in_at: AT_VENUE.toISOString(), sample_id: null });
    expect(await storedSample(idOf(4))).toBeUndefined();
  });

  it('records the check-in of a man with no NHS number but refuses him a sample id', async () => {
    // Booked with one (the event's laboratory asks for it), then found wrong and removed by staff before the day.
    const [man] = await bookedMembers(app(BOOKED_AT), test.db, BOOKED_AT, EVENT, ['11:15']);
    await test.db.query('UPDATE member_profiles SET nhs_number = NULL WHERE profile_id = $1', [man!.member.profileId]);
    const before = await auditCount(test.db, 'check_in');
    const result = await checkIn(man!.appointment.appointment_id, null);
    expect(result).toEqual({ appointment_id: man!.appointment.appointment_id, outcome: 'recorded', checked_in_at: AT_VENUE.toISOString(), sample_id: null, sample_refused: 'nhs_number' });
    expect(await storedSample(man!.appointment.appointment_id)).toBeUndefined();
    expect(await auditCount(test.db, 'check_in')).toBe(before + 1);
    const listed = (await list()).attendees.find((a) => a.appointment_id === man!.appointment.appointment_id)!;
    expect(listed).toMatchObject({ nhs_number: null, has_nhs_number: false, sample_id: null, checked_in_at: AT_VENUE.toISOString() });
  });
});
