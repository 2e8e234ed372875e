/**
 * The demo member (DEMO_MEMBER_EMAIL / DEMO_MEMBER_PASSWORD): an account
 * with a profile and a screening history, so a newcomer can sign in and
 * read results at once. Results fall in the green, amber and red bands;
 * the latest appointment has no result yet. Dates are relative to now.
 * Created only when the email is not registered, never overwritten.
 * Each visit is also a real booking at a real (past) event, so My bookings
 * lists them and staff reach the result still awaited from the attendee
 * list (seedDemoMemberBookings, run once the demo events are in).
 */
import { addDays, addMonths, londonDate } from '../../src/domain/london-time';
import { hashPassword } from '../modules/auth';
import type { Database } from '../platform/db/adapter';
import { insertEvent, type EventInsert } from '../modules/events';
import { storeRecall } from '../modules/results';
import { DEMO_CONTACT_EMAIL, DEMO_PRODUCT } from './demo-events';

export interface DemoMemberSettings {
  demoMemberEmail: string;
  demoMemberPassword: string;
}

const PSA = 'PSA blood test';

export async function seedDemoMember(
  db: Database,
  { demoMemberEmail: email, demoMemberPassword: password }: DemoMemberSettings,
  now: Date,
): Promise<{ created: boolean; profileId?: number }> {
  const passwordHash = await hashPassword(password);
  const today = londonDate(now);
  const dateOfBirth = addMonths(today, -12 * 58 - 5);
  return db.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || ':demo-member'))");
    const [user] = await tx.query<{ id: string }>(
      `INSERT INTO auth_users (email, encrypted_password, email_confirmed_at, user_metadata, created_at, updated_at)
       VALUES ($1, $2, $3, $4::jsonb, $3, $3) ON CONFLICT (email) DO NOTHING RETURNING id::text AS id`,
      [email, passwordHash, now, JSON.stringify({ display_name: 'David Thompson', phone: '447700900123' })],
    );
    if (!user) return { created: false };
    const [profile] = await tx.query<{ profile_id: number }>(
      `INSERT INTO member_profiles (user_id, first_name, last_name, gender, date_of_birth, ethnicity, occupation,
         phone, email, home_address, billing_address, nhs_number)
       VALUES ($1, 'David', 'Thompson', 'Male', $2, 'White - British', 'Retired teacher', '447700900123', $3,
         '12 Mill Lane, Colchester, CO1 1AA, United Kingdom', '12 Mill Lane, Colchester, CO1 1AA, United Kingdom', '9434765919')
       RETURNING profile_id`,
      [user.id, dateOfBirth, email],
    );
    if (!profile) throw new Error('The demo profile was not created');
    const history = [
      { months: -26, name: 'Colchester Community Screening', result: ['0.9', 'Green: normal. Next appointment in years: 2'] },
      { months: -14, name: 'Ipswich Freemasons Screening', result: ['3.4', 'Amber: slightly raised. Repeat the test in 3 months.'] },
      { months: -11, name: 'Chelmsford Community Screening', result: ['8.7', 'Red: significantly raised. Please see your GP.'] },
      { months: 0, name: 'Norwich Community Screening', result: null },
    ] as const;
    for (const visit of history) {
      const eventDate = visit.months === 0 ? addDays(today, -10) : addMonths(today, visit.months);
      const [appointment] = await tx.query<{ appointment_id: string }>(
        `INSERT INTO member_appointments (profile_id, event_name, product_name, event_date)
         VALUES ($1, $2, $3, $4) RETURNING appointment_id::text AS appointment_id`,
        [profile.profile_id, visit.name, PSA, eventDate],
      );
      if (visit.result && appointment) {
        await tx.query(
          `INSERT INTO member_results (profile_id, appointment_id, test_result, test_unit, comments, sample_date)
           VALUES ($1, $2, $3, 'ng/ml', $4, $5)`,
          [profile.profile_id, appointment.appointment_id, visit.result[0], visit.result[1], eventDate],
        );
        // Its band and when the next test is due, as staff saving the result would have set them (src/domain/recall.ts).
        await storeRecall(tx, appointment.appointment_id, 'band');
      }
    }
    return { created: true, profileId: profile.profile_id };
  });
}

type Venue = Pick<EventInsert, 'address_line_1' | 'address_line_2' | 'city' | 'state' | 'postcode' | 'latitude' | 'longitude'>;

/** Where each visit of the demo member's history took place, by event name. */
/** Where each past visit was tested; lab_name is the laboratory his GP letter names (Ipswich and Colchester send to ESNEFT's). */
const HISTORY_VENUES: Record<string, { category: EventInsert['category']; venue: Venue; lab_name?: string }> = {
  'Colchester Community Screening': {
    category: 'community',
    lab_name: 'ESNEFT',
    venue: { address_line_1: "St Botolph's Church Hall", address_line_2: 'Magdalen Street', city: 'Colchester', state: 'Essex', postcode: 'CO2 7EE', latitude: 51.8866, longitude: 0.9034 },
  },
  'Ipswich Freemasons Screening': {
    category: 'freemasons',
    lab_name: 'ESNEFT',
    venue: { address_line_1: 'Ipswich Masonic Hall', address_line_2: 'Soane Street', city: 'Ipswich', state: 'Suffolk', postcode: 'IP4 2BG', latitude: 52.0587, longitude: 1.1565 },
  },
  'Chelmsford Community Screening': {
    category: 'community',
    venue: { address_line_1: 'Moulsham Lodge Community Centre', address_line_2: 'Lime Walk', city: 'Chelmsford', state: 'Essex', postcode: 'CM2 9NF', latitude: 51.7169, longitude: 0.4644 },
  },
  'Norwich Community Screening': {
    category: 'community',
    venue: { address_line_1: 'The Norman Centre', address_line_2: 'Bignold Road', city: 'Norwich', state: 'Norfolk', postcode: 'NR3 2QZ', latitude: 52.6475, longitude: 1.2858 },
  },
};

const HISTORY_SLOT = { start: '10:30', end: '10:45' };

/**
 * Makes each visit of the demo member's history a confirmed, free booking
 * at a past event of its own, under the history row's id (ADR 0007: a
 * booking and its history row share one id, which results attach to). Run
 * after the demo events are loaded: the demo seed loads only into an empty
 * events table. Resolves to the number of bookings made.
 */
export async function seedDemoMemberBookings(db: Database, profileId: number, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const visits = await tx.query<{ appointment_id: string; event_name: string; event_date: string; user_id: string }>(
      `SELECT m.appointment_id::text AS appointment_id, m.event_name, to_char(m.event_date, 'YYYY-MM-DD') AS event_date, p.user_id::text AS user_id
       FROM member_appointments m JOIN member_profiles p ON p.profile_id = m.profile_id
       WHERE m.profile_id = $1 AND m.event_id IS NULL ORDER BY m.event_date`,
      [profileId],
    );
    let made = 0;
    for (const visit of visits) {
      const place = HISTORY_VENUES[visit.event_name];
      if (!place) continue;
      const eventId = await insertEvent(tx, {
        event_name: visit.event_name,
        event_description: 'A drop-in PSA blood test for men aged 40 to 80.',
        category: place.category,
        ...DEMO_PRODUCT,
        price: 0,
        event_date: visit.event_date,
        start_time: '10:00',
        end_time: '13:00',
        session_duration: 15,
        email_template: null,
        lab_name: place.lab_name ?? null,
        is_private: false,
        total_spaces: 12,
        places_per_slot: 1,
        payment_required: false,
        exclusive_for: place.category === 'corporate' ? 'CORPORATE' : null,
        contact_email: DEMO_CONTACT_EMAIL,
        country: 'United Kingdom',
        ...place.venue,
      });
      await tx.query(
        `INSERT INTO appointments (appointment_id, profile_id, user_id, event_id, slot_start, slot_end, status, payment_status, price, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'confirmed', 'paid', 0, $7, $7)`,
        [visit.appointment_id, profileId, visit.user_id, eventId, HISTORY_SLOT.start, HISTORY_SLOT.end, now],
      );
      await tx.query('UPDATE member_appointments SET event_id = $1 WHERE appointment_id = $2', [eventId, visit.appointment_id]);
      made += 1;
    }
    return made;
  });
}
