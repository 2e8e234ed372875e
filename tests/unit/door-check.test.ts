/**
 * What the door makes of a scan, a typed code or a tapped name
 * (src/domain/door-check.ts), with a real P-256 key pair standing in
 * for the server's: each refusal (not a ticket, forged, another event,
 * cancelled, moved, already checked in here or on this phone), a ticket
 * booked after the list was saved, a code typed loosely, and the relabel
 * notice when the server's sample id is not the one on the tube.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Attendee, AttendeeList, CheckIn, CheckInResult } from '../../src/domain/staff-attendees';

type QueuedCheckIn = CheckIn & { event_id: string };
import { ticketCode, ticketPayload, ticketText, type TicketClaims } from '../../src/domain/ticket';
import { relabelOf } from '../../src/domain/staff-attendees';
import { canHaveSample, checkAttendee, checkCode, checkScan, formatDateOfBirth, formatNhsNumber, otherEventText, refusalText } from '../../src/domain/door-check';

const EVENT = '11111111-1111-4111-8111-111111111111';
const OTHER_EVENT = '22222222-2222-4222-8222-222222222222';
const SLOT = '2026-06-20T09:00:00.000Z';
const id = (n: number) => `aaaaaaaa-aaaa-4aaa-8aaa-${String(n).padStart(12, '0')}`;

let keys: CryptoKeyPair;
const sign = async (claims: TicketClaims, key = keys.privateKey) => {
  const payload = ticketPayload(claims);
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, payload as BufferSource));
  return ticketText(payload, signature);
};

async function attendee(n: number, overrides: Partial<Attendee> = {}): Promise<Attendee> {
  const slotStart = overrides.slot_start ?? SLOT;
  return {
    appointment_id: id(n),
    profile_id: n,
    first_name: 'Alan',
    last_name: `Member${n}`,
    start_time: '10:00',
    end_time: '10:15',
    status: 'confirmed',
    payment_status: 'paid',
    price: 0,
    payment_problem: null,
    has_nhs_number: true,
    nhs_number: '9434765919',
    date_of_birth: '1968-03-14',
    slot_start: slotStart,
    ticket_code: await ticketCode(ticketPayload({ appointmentId: id(n), eventId: EVENT, slotStart })),
    sample_id: null,
    consent_given: true,
    age: 58,
    checked_in_at: null,
    result: null,
    ...overrides,
  };
}

let list: Pick<AttendeeList, 'event_id' | 'attendees'>;

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
  list = {
    event_id: EVENT,
    attendees: [
      await attendee(1),
      await attendee(2, { status: 'cancelled' }),
      // Moved from 10:00 to 11:30 after his ticket was sent.
      await attendee(3, { slot_start: '2026-06-20T10:30:00.000Z', start_time: '11:30', end_time: '11:45' }),
      await attendee(4, { checked_in_at: '2026-06-20T09:05:00.000Z' }),
      await attendee(5, { nhs_number: null, has_nhs_number: false }),
    ],
  };
});

const queued: QueuedCheckIn[] = [{ event_id: EVENT, appointment_id: id(5), checked_in_at: '2026-06-20T09:12:00.000Z', sample_id: null }];

describe('checkScan', () => {
  it('leads a real ticket of a man on the list to his confirmation', async () => {
    const check = await checkScan(await sign({ appointmentId: id(1), eventId: EVENT, slotStart: SLOT }), list, keys.publicKey, []);
    expect(check).toEqual({ kind: 'confirm', attendee: list.attendees[0] });
    expect(refusalText(check)).toBeNull();
  });

  it('refuses any other QR code, and a ticket whose signature or payload was altered, as not a valid CHAPS ticket', async () => {
    const real = await sign({ appointmentId: id(1), eventId: EVENT, slotStart: SLOT });
    const at = real.lastIndexOf('.') + 10;
    const alteredSignature = real.slice(0, at) + (real[at] === 'A' ? 'B' : 'A') + real.slice(at + 1);
    const otherBooking = (await sign({ appointmentId: id(4), eventId: EVENT, slotStart: SLOT })).split('.')[1]!;
    const swappedPayload = `CHAPS1.${otherBooking}.${real.split('.')[2]}`;
    const otherKey = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign', 'verify'])) as CryptoKeyPair;
    const wrongKey = await sign({ appointmentId: id(1), eventId: EVENT, slotStart: SLOT }, otherKey.privateKey);
    for (const text of ['https://example.org/', alteredSignature, swappedPayload, wrongKey]) {
      const check = await checkScan(text, list, keys.publicKey, []);
      expect(check, text).toEqual({ kind: 'not_a_ticket' });
      expect(refusalText(check)).toMatch(/^This is not a valid CHAPS ticket/);
    }
  });

  it("refuses another event's ticket, saying when he is booked from the ticket, and where once the event is looked up", async () => {
    const check = await checkScan(await sign({ appointmentId: id(1), eventId: OTHER_EVENT, slotStart: SLOT }), list, keys.publicKey, []);
    expect(check).toEqual({ kind: 'other_event', eventId: OTHER_EVENT, slotStart: SLOT });
    if (check.kind !== 'other_event') throw new Error(check.kind);
    // 09:00 UTC on 20 June is 10:00 in London (summer time), whatever this device's zone.
    expect(refusalText(check)).toBe('This ticket is for another event: he is booked on Saturday, 20 June 2026 at 10:00 (UK time). He cannot be checked in here.');
    expect(refusalText({ ...check, booked: { event_name: 'Ipswich Freemasons Screening', venue: 'Ipswich' } })).toBe(
      'This ticket is for another event: he is booked at Ipswich Freemasons Screening, Ipswich, on Saturday, 20 June 2026 at 10:00 (UK time). He cannot be checked in here.',
    );
    // A winter slot: 10:00 UTC is 10:00 in London.
    expect(otherEventText('2026-12-05T10:00:00.000Z', null)).toBe('This ticket is for another event: he is booked on Saturday, 5 December 2026 at 10:00 (UK time). He cannot be checked in here.');
  });

  it("refuses a cancelled booking's ticket", async () => {
    const check = await checkScan(await sign({ appointmentId: id(2), eventId: EVENT, slotStart: SLOT }), list, keys.publicKey, []);
    expect(check.kind).toBe('cancelled');
    expect(refusalText(check)).toMatch(/cancelled/);
  });

  it("refuses a moved booking's old ticket, naming the new time", async () => {
    const check = await checkScan(await sign({ appointmentId: id(3), eventId: EVENT, slotStart: SLOT }), list, keys.publicKey, []);
    expect(check.kind).toBe('moved');
    expect(refusalText(check)).toMatch(/^This ticket is out of date: the booking was moved to 11:30\./);
    const current = await checkScan(await sign({ appointmentId: id(3), eventId: EVENT, slotStart: '2026-06-20T10:30:00.000Z' }), list, keys.publicKey, []);
    expect(current.kind).toBe('confirm');
  });

  it('says when a man was already checked in, on the server or on this phone', async () => {
    const server = await checkScan(await sign({ appointmentId: id(4), eventId: EVENT, slotStart: SLOT }), list, keys.publicKey, []);
    expect(refusalText(server)).toBe('Already checked in at 10:05.');
    const phone = await checkScan(await sign({ appointmentId: id(5), eventId: EVENT, slotStart: SLOT }), list, keys.publicKey, queued);
    expect(refusalText(phone)).toBe('Already checked in at 10:12.');
  });

  it('lets a real ticket for this event booked after the list was saved through, to be confirmed by the server', async () => {
    const check = await checkScan(await sign({ appointmentId: id(9), eventId: EVENT, slotStart: SLOT }), list, keys.publicKey, []);
    expect(check).toEqual({ kind: 'unlisted', appointmentId: id(9), slotStart: SLOT });
  });
});

describe('checkCode and a tapped name', () => {
  it('finds a man by his code typed loosely (small letters, no dash, O for 0)', async () => {
    const code = list.attendees[0]!.ticket_code;
    const typed = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`.replace(/0/g, 'O');
    expect(checkCode(typed, list, [])).toEqual({ kind: 'confirm', attendee: list.attendees[0] });
    expect(checkCode('ZZZZ-ZZZZ', list, []).kind).toBe('unknown_code');
  });

  it('stops at a cancelled booking or an arrival, as a scan does', () => {
    expect(checkAttendee(list.attendees[1]!, []).kind).toBe('cancelled');
    expect(checkAttendee(list.attendees[3]!, []).kind).toBe('already');
    expect(checkAttendee(list.attendees[4]!, queued).kind).toBe('already');
  });

  it('shows positive identification as it is read out, and knows who may have a sample', () => {
    expect(formatNhsNumber('9434765919')).toBe('943 476 5919');
    expect(formatDateOfBirth('1968-03-14')).toBe('14 March 1968');
    expect(canHaveSample(list.attendees[0]!)).toBe(true);
    expect(canHaveSample(list.attendees[4]!)).toBe(false);
    expect(canHaveSample({ nhs_number: '9434765918' })).toBe(false);
  });
});

describe('relabelOf', () => {
  const sent = (sample_id: string | null | undefined): QueuedCheckIn => ({ event_id: EVENT, appointment_id: id(1), checked_in_at: SLOT, ...(sample_id === undefined ? {} : { sample_id }) });
  const answer = (sample_id: string | null, extra: Partial<CheckInResult> = {}): CheckInResult => ({ appointment_id: id(1), outcome: 'recorded', checked_in_at: SLOT, sample_id, ...extra });

  it('says nothing when the server kept the id on the tube, or none was asked for and none given', () => {
    expect(relabelOf(sent('7KQ2M9PX'), answer('7KQ2M9PX'))).toBeNull();
    expect(relabelOf(sent(null), answer(null, { sample_refused: 'nhs_number' }))).toBeNull();
    expect(relabelOf(sent(undefined), answer(null))).toBeNull();
  });

  it("asks for a relabel when the server's id differs, or none could be given", () => {
    expect(relabelOf(sent('7KQ2M9PX'), answer('ABCD1234', { outcome: 'already' }))).toEqual({ event_id: EVENT, appointment_id: id(1), proposed: '7KQ2M9PX', sample_id: 'ABCD1234' });
    expect(relabelOf(sent('7KQ2M9PX'), answer(null, { sample_refused: 'nhs_number' }))).toMatchObject({ proposed: '7KQ2M9PX', sample_id: null, refused: 'nhs_number' });
    expect(relabelOf(sent('7KQ2M9PX'), answer(null, { outcome: 'cancelled' }))).toBeNull();
  });
});
