/**
 * Random tokens and their stored form. Refresh tokens and email-link
 * tokens are 32 random bytes; the database keeps only their SHA-256, so a
 * copy of the database cannot be replayed as a sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';

export const randomToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const SECRET_SETTING = 'jwt_secret';
const SETTING_ROW = { value: col.text() };

/**
 * The access-token signing secret: AUTH_JWT_SECRET when set, otherwise one
 * generated on first use and kept in the database (so in DATA_DIR with
 * PGlite), which every process then reads; the first writer wins.
 */
export async function signingSecret(db: Queryable, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db.query('INSERT INTO auth_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    SECRET_SETTING,
    randomBytes(48).toString('base64url'),
  ]);
  const row = await rowOf(db, SETTING_ROW, 'SELECT value FROM auth_settings WHERE name = $1', [SECRET_SETTING]);
  if (!row) throw new Error('The auth signing secret could not be stored');
  return row.value;
}
