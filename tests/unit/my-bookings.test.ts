import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/domain/booking';
import { canCancel, groupAppointments, hasTicket, paymentNote } from '../../src/domain/my-bookings';

const make = (id: string, date: string, start: string, status: Appointment['status'] = 'confirmed'): Appointment => ({
  appointment_id: id,
  event_id: `event-${id}`,
  event_name: `Event ${id}`,
  product_name: 'PSA Blood Test',
  event_date: date,
  start_time: start,
  end_time: `${start.slice(0, 3)}${String(Number(start.slice(3)) + 15).padStart(2, '0')}`,
  address: 'Soane Street, Ipswich',
  postcode: 'IP4 2BG',
  latitude: null,
  longitude: null,
  lab_name: null,
  price: 0,
  status,
  payment_status: 'paid',
  created_at: '2026-01-01T00:00:00Z',
  cancelled_at: status === 'cancelled' ? '2026-01-02T00:00:00Z' : null,
  calendar_sequence: status === 'cancelled' ? 1 : 0,
});

// 10:00 in London on 1 July 2026 (BST): 09:00 UTC.
const now = new Date('2026-07-01T09:00:00Z');

describe('groupAppointments', () => {
  const list = [
    make('past-old', '2026-03-01', '10:00'),
    make('later', '2026-08-10', '09:00'),
    make('cancelled-future', '2026-07-20', '11:00', 'cancelled'),
    make('soon', '2026-07-01', '10:30'),
    make('past-recent', '2026-06-30', '15:00'),
    make('now-running', '2026-07-01', '09:50'),
  ];

  it('puts upcoming first, soonest first; a slot still running counts as upcoming', () => {
    expect(groupAppointments(list, now).upcoming.map((a) => a.appointment_id)).toEqual(['now-running', 'soon', 'later']);
  });

  it('puts ended and cancelled after, most recent first', () => {
    expect(groupAppointments(list, now).past.map((a) => a.appointment_id)).toEqual([
      'cancelled-future',
      'past-recent',
      'past-old',
    ]);
  });

  it('reads slot times as UK wall-clock, not the device zone', () => {
    // 09:45 London = 08:45 UTC in summer: ended by 09:00 UTC.
    const [a] = groupAppointments([make('x', '2026-07-01', '09:30')], now).past;
    expect(a?.appointment_id).toBe('x');
  });
});

describe('canCancel', () => {
  it.each<[string, Appointment, boolean]>([
    ['a confirmed booking that has not started', make('a', '2026-07-01', '10:15'), true],
    ['one starting this minute', make('b', '2026-07-01', '10:00'), false],
    ['one already started', make('c', '2026-07-01', '09:50'), false],
    ['a cancelled one', make('d', '2026-08-01', '10:00', 'cancelled'), false],
    ['a held one not yet started', make('e', '2026-08-01', '10:00', 'held'), true],
  ])('%s -> %s', (_, appointment, expected) => {
    expect(canCancel(appointment, now)).toBe(expected);
  });
});

describe('paymentNote', () => {
  it.each<[Appointment['payment_status'], string | null]>([
    ['paid', null],
    ['paid by card', null],
    ['unpaid', null],
    ['refund pending', 'Refund pending'],
    ['refunded', 'Refunded'],
    ['refund failed', 'Refund delayed: we are looking into it and will contact you'],
  ])('%s -> %s', (status, expected) => {
    expect(paymentNote({ payment_status: status })).toBe(expected);
  });
});

describe('hasTicket', () => {
  // 10:00 in London on 1 July 2026 (BST): 09:00 UTC.
  it('holds for a confirmed booking until its event’s day is over in London, and never for a hold or a cancelled one', () => {
    expect(hasTicket(make('a', '2026-07-01', '09:00'), now)).toBe(true);
    expect(hasTicket(make('a', '2026-07-20', '09:00'), now)).toBe(true);
    expect(hasTicket(make('a', '2026-06-30', '16:00'), now)).toBe(false);
    expect(hasTicket(make('a', '2026-07-20', '09:00', 'held'), now)).toBe(false);
    expect(hasTicket(make('a', '2026-07-20', '09:00', 'cancelled'), now)).toBe(false);
    // 23:30 UTC on 1 July is already 2 July in London: the 1 July booking's day is over.
    expect(hasTicket(make('a', '2026-07-01', '09:00'), new Date('2026-07-01T23:30:00Z'))).toBe(false);
    expect(hasTicket(make('a', '2026-07-01', '09:00'), new Date('2026-07-01T22:30:00Z'))).toBe(true);
  });
});
