/**
 * The demo member (DEMO_MEMBER_EMAIL / DEMO_MEMBER_PASSWORD): an account
 * with a profile and a screening history, so a newcomer can sign in and
 * read results at once. Results fall in the green, amber and red bands;
 * the latest appointment has no result yet. Dates are relative to now.
 * Created only when the email is not registered, never overwritten.
 */
import { addDays, addMonths, londonDate } from '../../src/domain/london-time';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/adapter';

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
      }
    }
    return { created: true, profileId: profile.profile_id };
  });
}
