/**
 * A user's authenticator apps as the /auth/v1 stand-in stores and shows
 * them (Supabase Auth's Factor: the secret never shown after enrolment),
 * and the lookup of one by the id in a request's path, answered as
 * GoTrue's loadFactor answers it. The rules are mfa.ts.
 */
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf, type RowOf } from '../../platform/db/rows';
import { AuthApiError } from './auth-error';

export const FACTOR_ROW = {
  id: col.text(),
  friendly_name: col.text(),
  factor_type: col.oneOf(['totp']),
  status: col.oneOf(['unverified', 'verified']),
  secret: col.text(),
  last_challenged_at: col.nullable(col.instant()),
  created_at: col.instant(),
  updated_at: col.instant(),
};
export const FACTOR_COLUMNS = 'id::text AS id, friendly_name, factor_type, status, secret, last_challenged_at, created_at, updated_at';
export type FactorRow = RowOf<typeof FACTOR_ROW>;

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A factor as the user object lists it: `phone` is always there, empty for a TOTP factor, as GoTrue's is. */
export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    ...(factor.friendly_name ? { friendly_name: factor.friendly_name } : {}),
    factor_type: factor.factor_type,
    status: factor.status,
    phone: '',
    created_at: factor.created_at.toISOString(),
    updated_at: factor.updated_at.toISOString(),
    last_challenged_at: factor.last_challenged_at ? factor.last_challenged_at.toISOString() : null,
  };
}
export type FactorJson = ReturnType<typeof factorJson>;

export async function factorsOf(db: Queryable, userId: string): Promise<FactorJson[]> {
  const rows = await rowsOf(db, FACTOR_ROW, `SELECT ${FACTOR_COLUMNS} FROM auth_mfa_factors WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  return rows.map(factorJson);
}

export const hasVerifiedFactor = async (db: Queryable, userId: string) =>
  (await db.query("SELECT 1 FROM auth_mfa_factors WHERE user_id = $1 AND status = 'verified' LIMIT 1", [userId])).length > 0;

/**
 * The user's factor named in the path. As GoTrue (its loadFactor, before
 * any step reads the body): an id that is no UUID is 404 validation_failed,
 * a factor that is not his (or none) 404 mfa_factor_not_found.
 */
export async function ownedFactor(db: Queryable, userId: string, factorId: string, lock = false): Promise<FactorRow> {
  if (!UUID.test(factorId)) throw new AuthApiError(404, 'validation_failed', 'factor_id must be an UUID');
  const row = await rowOf(
    db,
    FACTOR_ROW,
    `SELECT ${FACTOR_COLUMNS} FROM auth_mfa_factors WHERE id = $1::uuid AND user_id = $2::uuid${lock ? ' FOR UPDATE' : ''}`,
    [factorId, userId],
  );
  if (!row) throw new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');
  return row;
}
