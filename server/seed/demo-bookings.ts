/**
 * Places already taken at the demo events, as real appointments (places
 * are counted from appointments, never stored on the event). They belong
 * to demo attendees: profiles with no sign-in, under example.invalid
 * addresses that can never receive mail, with a date of birth and an NHS
 * number from the range the NHS keeps for testing. Each booking takes its own slot
 * from the first, as a member picking the earliest free time would.
 */
import { isValidNhsNumber } from '../../src/domain/nhs-number';
import { slotEnd, slotTimes } from '../../src/domain/slots';
import type { Queryable } from '../platform/db/adapter';

export interface DemoBooking {
  eventId: string;
  event: { start_time: string; end_time: string; session_duration: number };
  booked: number;
}

/**
 * The n-th demo NHS number: 999 and seven digits, a range the NHS never
 * issues (kept for testing), with its Modulus 11 check digit, so a demo
 * attendee can be identified at the door and labelled without naming a
 * real person's number. Bodies whose check digit would be 10 are skipped.
 */
export function demoNhsNumber(n: number): string {
  for (let body = 999_000_000 + n * 7; ; body += 1) {
    const digits = String(body);
    if (digits.length !== 9 || !digits.startsWith('999')) throw new Error('Out of demo NHS numbers');
    for (let check = 0; check <= 9; check += 1) {
      if (isValidNhsNumber(`${digits}${check}`)) return `${digits}${check}`;
    }
  }
}

async function demoAttendees(tx: Queryable, count: number): Promise<{ profile_id: number; user_id: string }[]> {
  if (count === 0) return [];
  const numbers = Array.from({ length: count }, (_, i) => demoNhsNumber(i + 1));
  // Dates of birth spread over men aged about 45 to 75.
  return tx.query<{ profile_id: number; user_id: string }>(
    `INSERT INTO member_profiles (user_id, first_name, last_name, phone, email, home_address, date_of_birth, nhs_number)
     SELECT gen_random_uuid(), 'Demo', 'Attendee ' || n, '447700900000', 'demo.attendee.' || n || '@example.invalid',
            'Demo Street, London, SW1A 1AA, United Kingdom',
            make_date(1951 + (n * 7) % 30, 1 + (n * 5) % 12, 1 + (n * 11) % 28), ($2::text[])[n]
     FROM generate_series(1, $1::integer) AS n
     RETURNING profile_id, user_id::text AS user_id`,
    [count, numbers],
  );
}

/** Books each event's `booked` places; resolves to the number of appointments made. */
export async function seedDemoBookings(tx: Queryable, bookings: readonly DemoBooking[], now: Date): Promise<number> {
  const attendees = await demoAttendees(tx, Math.max(0, ...bookings.map((b) => b.booked)));
  let made = 0;
  for (const { eventId, event, booked } of bookings) {
    const slots = slotTimes(event.start_time, event.end_time, event.session_duration);
    // Events timed around "now" (today's, the one just ended) can be short after midnight: never more bookings than slots.
    for (let i = 0; i < Math.min(booked, slots.length); i += 1) {
      const attendee = attendees[i]!;
      const start = slots[i]!;
      await tx.query(
        `INSERT INTO appointments (profile_id, user_id, event_id, slot_start, slot_end, status, payment_status, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, 'confirmed', 'paid', $6, $6)`,
        [attendee.profile_id, attendee.user_id, eventId, start, slotEnd(start, event.session_duration), now],
      );
      made += 1;
    }
  }
  return made;
}
