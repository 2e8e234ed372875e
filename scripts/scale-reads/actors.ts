/**
 * Who reads the scale data (scripts/scale-reads.ts): a member of staff with
 * every role's reach (admin, second factor given) and the scale man with
 * the most results, each with a session and a token signed as the
 * /auth/v1 stand-in signs them; and the ids the reads name (a past
 * event's and an upcoming event's attendee lists, an event with held
 * results lines, his booking to come, a sample of the past event).
 */
import { signAccessToken } from '../../server/modules/auth/access-tokens.ts';
import { signingSecret } from '../../server/modules/auth/secrets.ts';
import { deriveSigningKeys } from '../../server/modules/auth/signing-keys.ts';
import { setStandInRole } from '../../server/modules/auth/staff-role.ts';
import type { Queryable } from '../../server/platform/db/adapter.ts';

export interface ScaleActors {
  staffToken: string;
  memberToken: string;
  /** The man's public profile id (results URLs carry it). */
  publicId: string;
  /** His booking at an event to come (the scale data gives each man two or three bookings). */
  appointmentId: string;
  /** The event of that booking. */
  bookedEventId: string;
  pastEventId: string;
  /** A booking of the past event, with its tube's sample id. */
  pastAppointmentId: string;
  sampleId: string;
  upcomingEventId: string;
  heldEventId: string;
}

const STAFF_EMAIL = 'scale-reads.staff@example.org';

async function tokenFor(db: Queryable, userId: string, email: string, now: Date, secondFactor: boolean): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const assurance = secondFactor
    ? { aal: 'aal2' as const, amr: [{ method: 'password', timestamp: iat }, { method: 'totp', timestamp: iat }] }
    : { aal: 'aal1' as const, amr: [{ method: 'password', timestamp: iat }] };
  const [session] = await db.query<{ id: string }>(
    'INSERT INTO auth_sessions (user_id, created_at, refreshed_at, aal, amr) VALUES ($1, $2, $2, $3, $4::jsonb) RETURNING id::text AS id',
    [userId, now, assurance.aal, JSON.stringify(assurance.amr)],
  );
  const keys = await deriveSigningKeys(await signingSecret(db, undefined));
  const subject = { userId, email, userMetadata: { first_name: 'Scale' }, sessionId: session!.id, method: 'password' as const, assurance };
  return (await signAccessToken(keys, subject, 'http://localhost/auth/v1', now)).token;
}

const one = async <T extends Record<string, unknown>>(db: Queryable, sql: string, params: unknown[] = []): Promise<T> => {
  const [row] = await db.query<T>(sql, params);
  if (!row) throw new Error(`Nothing found for: ${sql}`);
  return row;
};

export async function scaleActors(db: Queryable, now: Date, today: string): Promise<ScaleActors> {
  await db.query(
    `INSERT INTO auth_users (email, encrypted_password, email_confirmed_at, created_at, updated_at, user_metadata)
     VALUES ($1, 'no-password-sign-in', $2, $2, $2, '{"first_name": "Scale"}'::jsonb) ON CONFLICT (email) DO NOTHING`,
    [STAFF_EMAIL, now],
  );
  await setStandInRole(db, STAFF_EMAIL, 'admin', now);
  const staff = await one<{ id: string }>(db, 'SELECT id::text AS id FROM auth_users WHERE email = $1', [STAFF_EMAIL]);
  // The man with the most results among those booked at an event to come.
  const man = await one<{ user_id: string; email: string; public_id: string; appointment_id: string; event_id: string }>(
    db,
    `SELECT p.user_id::text AS user_id, p.email, p.public_id::text AS public_id, b.appointment_id::text AS appointment_id, b.event_id::text AS event_id
     FROM appointments b JOIN events e ON e.event_id = b.event_id AND e.event_date > $1::date
     JOIN member_profiles p ON p.profile_id = b.profile_id
     WHERE b.status = 'confirmed'
     ORDER BY (SELECT count(*) FROM member_results r WHERE r.profile_id = b.profile_id) DESC, b.profile_id LIMIT 1`,
    [today],
  );
  const eventOn = (where: string, order: string) =>
    one<{ event_id: string }>(db, `SELECT event_id::text AS event_id FROM events WHERE ${where} ORDER BY event_date ${order}, event_id LIMIT 1`, [today]);
  const past = (await eventOn('event_date < $1::date', 'DESC')).event_id;
  const tube = await one<{ appointment_id: string; sample_id: string }>(
    db,
    'SELECT appointment_id::text AS appointment_id, sample_id FROM samples WHERE event_id = $1::uuid ORDER BY sample_id LIMIT 1',
    [past],
  );
  return {
    staffToken: await tokenFor(db, staff.id, STAFF_EMAIL, now, true),
    memberToken: await tokenFor(db, man.user_id, man.email, now, false),
    publicId: man.public_id,
    appointmentId: man.appointment_id,
    bookedEventId: man.event_id,
    pastEventId: past,
    pastAppointmentId: tube.appointment_id,
    sampleId: tube.sample_id,
    upcomingEventId: (await eventOn('event_date >= $1::date', 'ASC')).event_id,
    heldEventId: (await eventOn('event_id IN (SELECT event_id FROM result_holds) AND $1::date IS NOT NULL', 'DESC')).event_id,
  };
}
