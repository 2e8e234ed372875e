/**
 * The demo staff account (DEMO_STAFF_EMAIL / DEMO_STAFF_PASSWORD): an auth
 * user holding the staff role, so a newcomer can open /staff at once.
 * Created only when the email is not registered; an existing account is
 * never given the role by this (that is `npm run staff -- add EMAIL`).
 */
import { hashPassword } from '../modules/auth';
import { STAFF_ROLE } from '../modules/auth';
import type { Queryable } from '../platform/db/adapter';

export interface DemoStaffSettings {
  demoStaffEmail: string;
  demoStaffPassword: string;
}

export async function seedDemoStaff(db: Queryable, { demoStaffEmail: email, demoStaffPassword: password }: DemoStaffSettings, now: Date): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO auth_users (email, encrypted_password, email_confirmed_at, user_metadata, app_metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $3, $3) ON CONFLICT (email) DO NOTHING RETURNING id`,
    [email, await hashPassword(password), now, JSON.stringify({ display_name: 'Sam Staff' }), JSON.stringify({ role: STAFF_ROLE })],
  );
  return rows.length > 0;
}
