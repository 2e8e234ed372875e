/**
 * The demo staff account (DEMO_STAFF_EMAIL / DEMO_STAFF_PASSWORD): an auth
 * user holding the admin role, so a newcomer can open /staff at once.
 * Admin needs a second factor (docs/rules.md#second-factor), so outside
 * production the account is made with a confirmed authenticator whose
 * secret is the documented DEMO_STAFF_TOTP_SECRET: add it to an
 * authenticator app, or compute its codes as the browser journeys do.
 * Created only when the email is not registered; an existing account is
 * never given the role or a factor by this (that is `npm run staff -- add EMAIL`).
 */
import { hashPassword, sealSecret, signingSecret } from '../modules/auth';
import { STAFF_ROLE } from '../modules/auth';
import type { Queryable } from '../platform/db/adapter';

export interface DemoStaffSettings {
  demoStaffEmail: string;
  demoStaffPassword: string;
  /** Base32; left out (production), the account has no factor and is asked to add one at first sign-in. */
  demoStaffTotpSecret?: string | undefined;
  /** AUTH_JWT_SECRET, from which the key sealing factor secrets comes (unset: the one kept in the database). */
  authJwtSecret?: string | undefined;
}

export async function seedDemoStaff(db: Queryable, settings: DemoStaffSettings, now: Date): Promise<boolean> {
  const { demoStaffEmail: email, demoStaffPassword: password, demoStaffTotpSecret: totpSecret } = settings;
  const rows = await db.query<{ id: string }>(
    `INSERT INTO auth_users (email, encrypted_password, email_confirmed_at, user_metadata, app_metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $3, $3) ON CONFLICT (email) DO NOTHING RETURNING id::text AS id`,
    [email, await hashPassword(password), now, JSON.stringify({ display_name: 'Sam Staff' }), JSON.stringify({ role: STAFF_ROLE })],
  );
  const [created] = rows;
  if (created && totpSecret) {
    const [factor] = await db.query<{ id: string }>('SELECT gen_random_uuid()::text AS id');
    await db.query(
      `INSERT INTO auth_mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
       VALUES ($1::uuid, $2::uuid, 'Demo authenticator', 'totp', 'verified', $3, $4, $4)`,
      [factor!.id, created.id, sealSecret(await signingSecret(db, settings.authJwtSecret), factor!.id, totpSecret), now],
    );
  }
  return created !== undefined;
}
