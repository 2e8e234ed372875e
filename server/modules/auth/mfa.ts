/**
 * The second factor on the /auth/v1 stand-in: Supabase Auth's MFA API for
 * TOTP factors (its internal/api/mfa.go: codes, statuses and rules), so
 * supabase-js's auth.mfa calls work unchanged (docs/rules.md#second-factor).
 * - enrol: an unverified factor and its secret, shown this once; names
 *   unique per user; a user with a verified factor adds another only at
 *   aal2; unverified factors lapse after FACTOR_EXPIRY_MS
 * - challenge: answered once, from the same address, within CHALLENGE_EXPIRY_MS
 * - verify: the code (totp.ts) raises the session to aal2 with one `totp`
 *   entry in its amr (a later code replaces it); a code is taken once (its time step must be later
 *   than the last one taken); wrong codes are counted against the guesser
 *   (his session, which ends after CODE_POLICY.max, and his address), not
 *   the account; the user's other aal1 sessions end, as Supabase's do
 * - unenrol: a verified factor only from an aal2 session; with no verified
 *   factor left, the user's sessions fall back to aal1
 * Each step of a staff account writes a staff audit row in its own
 * transaction (auth-audit.ts); wrong codes are counted in mfa-guesses.ts.
 * HTTP shapes live in server/modules/auth/auth-v1-mfa.ts.
 */
import { toString as qrSvg } from 'qrcode';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import type { Aal } from './access-tokens';
import { auditStaffStep } from './auth-audit';
import { AuthApiError, validationFailed } from './auth-error';
import { FACTOR_COLUMNS, FACTOR_ROW, hasVerifiedFactor, ownedFactor, UUID } from './mfa-factors';
import { hashToken, randomToken } from './secrets';
import { codeGuesses } from './mfa-guesses';
import type { ThrottlePolicy } from './throttle';
import { acceptedStep, currentStep, newTotpSecret, openSecret, sealSecret, totpUri } from './totp';

export const CHALLENGE_EXPIRY_MS = 300_000;
export const FACTOR_EXPIRY_MS = 300_000;
export const MAX_FACTORS = 10;
const MAX_NAME = 100;
const MAX_ISSUER = 100;

const CHALLENGE_ROW = { id: col.text(), ip_address: col.text(), created_at: col.instant(), verified_at: col.nullable(col.instant()) };

function boundedText(value: unknown, what: string, max: number): string {
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw validationFailed(`${what} must be a string`);
  const text = value.trim();
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (text.length > max || /[\u0000-\u001f\u007f]/.test(text)) throw validationFailed(`${what} must be at most ${max} plain characters`);
  return text;
}

export interface EnrolRequest {
  factorType: unknown;
  friendlyName: unknown;
  issuer: unknown;
}

export interface Caller {
  userId: string;
  email: string;
  sessionId: string;
  aal: Aal;
}

export interface MfaDependencies {
  db: Database;
  now: () => Date;
  /** The auth signing secret, from which the key sealing TOTP secrets is derived (totp.ts). */
  getSecret: () => Promise<string>;
  /** Wrong codes from one address at any accounts (the sign-in's address limit, throttle.ts). */
  addressPolicy: ThrottlePolicy;
}

export function createMfa({ db, now, getSecret, addressPolicy }: MfaDependencies) {
  const guesses = codeGuesses(db, addressPolicy);

  return {
    async enrol(caller: Caller, request: EnrolRequest, siteHost: string) {
      if (request.factorType === 'phone') throw new AuthApiError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
      if (request.factorType === 'webauthn') throw new AuthApiError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
      if (request.factorType !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
      const friendlyName = boundedText(request.friendlyName, 'friendly_name', MAX_NAME);
      const issuer = boundedText(request.issuer, 'issuer', MAX_ISSUER) || siteHost;
      const secret = newTotpSecret();
      const signing = await getSecret();
      const at = now();
      const factor = await db.transaction(async (tx) => {
        // One enrolment of a user at a time, so parallel ones cannot pass the limits below together.
        await tx.query('SELECT 1 FROM auth_users WHERE id = $1::uuid FOR UPDATE', [caller.userId]);
        await tx.query("DELETE FROM auth_mfa_factors WHERE user_id = $1::uuid AND status = 'unverified' AND created_at < $2", [
          caller.userId,
          new Date(at.getTime() - FACTOR_EXPIRY_MS),
        ]);
        const existing = await rowsOf(tx, FACTOR_ROW, `SELECT ${FACTOR_COLUMNS} FROM auth_mfa_factors WHERE user_id = $1::uuid`, [caller.userId]);
        if (friendlyName && existing.some((f) => f.friendly_name === friendlyName)) {
          throw new AuthApiError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
        }
        if (existing.length >= MAX_FACTORS) {
          throw new AuthApiError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
        }
        if (existing.some((f) => f.status === 'verified') && caller.aal !== 'aal2') {
          throw new AuthApiError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
        }
        const idRow = await rowOf(tx, { id: col.text() }, 'SELECT gen_random_uuid()::text AS id', []);
        const id = idRow!.id;
        const inserted = await rowOf(
          tx,
          FACTOR_ROW,
          `INSERT INTO auth_mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
           VALUES ($1::uuid, $2::uuid, $3, 'totp', 'unverified', $4, $5, $5) RETURNING ${FACTOR_COLUMNS}`,
          [id, caller.userId, friendlyName, sealSecret(signing, id, secret), at],
        );
        // Its name is his own words: the audit names the factor by id alone.
        await auditStaffStep(tx, caller.userId, 'second_factor.enrol', { factor_id: id, factor_type: 'totp', session_id: caller.sessionId }, at);
        return inserted;
      });
      if (!factor) throw new Error('Factor insert returned nothing');
      const uri = totpUri(secret, issuer, caller.email);
      // Raw SVG, as Supabase sends it: supabase-js makes the data: URI itself.
      const svg = await qrSvg(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return {
        id: factor.id,
        type: 'totp' as const,
        friendly_name: factor.friendly_name,
        totp: { qr_code: svg, secret, uri },
      };
    },

    async challenge(caller: Caller, factorId: string, ip: string) {
      const factor = await ownedFactor(db, caller.userId, factorId);
      const at = now();
      const id = await db.transaction(async (tx) => {
        // Challenges past their time are of no use: cleared as new ones come, so asking again and again fills nothing.
        await tx.query('DELETE FROM auth_mfa_challenges WHERE factor_id = $1::uuid AND created_at < $2', [
          factor.id,
          new Date(at.getTime() - CHALLENGE_EXPIRY_MS),
        ]);
        const row = await rowOf(
          tx,
          { id: col.text() },
          'INSERT INTO auth_mfa_challenges (factor_id, ip_address, created_at) VALUES ($1::uuid, $2, $3) RETURNING id::text AS id',
          [factor.id, ip, at],
        );
        await tx.query('UPDATE auth_mfa_factors SET last_challenged_at = $2 WHERE id = $1::uuid', [factor.id, at]);
        // The address stays in the challenge's own row (it must match at verify), not in the audit.
        await auditStaffStep(tx, caller.userId, 'second_factor.challenge', { factor_id: factor.id, challenge_id: row!.id, session_id: caller.sessionId }, at);
        return row!.id;
      });
      return { id, type: 'totp' as const, expires_at: Math.floor((at.getTime() + CHALLENGE_EXPIRY_MS) / 1000) };
    },

    /**
     * Checks the code against the challenge; on success raises the caller's
     * session to aal2 and hands back a new refresh token for it (the old
     * ones are spent, as a rotation spends them).
     */
    async verify(caller: Caller, factorId: string, challengeId: unknown, code: unknown, ip: string) {
      // The factor first, as GoTrue's loadFactor runs before the body is read.
      const factor = await ownedFactor(db, caller.userId, factorId);
      if (typeof code !== 'string' || code.trim() === '') throw validationFailed('Code needs to be non-empty');
      if (typeof challengeId !== 'string' || !UUID.test(challengeId)) throw validationFailed('challenge_id must be an UUID');
      const at = now();
      const challenge = await rowOf(
        db,
        CHALLENGE_ROW,
        'SELECT id::text AS id, ip_address, created_at, verified_at FROM auth_mfa_challenges WHERE id = $1::uuid AND factor_id = $2::uuid',
        [challengeId, factor.id],
      );
      if (!challenge) throw new AuthApiError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (challenge.verified_at !== null || challenge.ip_address !== ip) {
        throw new AuthApiError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      }
      if (at.getTime() - challenge.created_at.getTime() > CHALLENGE_EXPIRY_MS) {
        await db.query('DELETE FROM auth_mfa_challenges WHERE id = $1::uuid', [challenge.id]);
        throw new AuthApiError(
          422,
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        );
      }
      // Counted before the code is checked: six digits are few, so guesses are too. Given back when right.
      const guess = await guesses.count(caller, ip, at);
      const secret = openSecret(await getSecret(), factor.id, factor.secret);
      if (secret === null) throw new Error(`The secret of factor ${factor.id} cannot be opened: was the auth signing secret changed?`);
      const step = acceptedStep(secret, code.trim(), at);
      if (step === null) {
        if (await guess.sessionUsedUp()) await guesses.endSession(caller, at);
        throw new AuthApiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      }

      const refreshToken = await db.transaction(async (tx) => {
        // The step is taken only if it is later than the last one taken: the same code twice, even in parallel, passes once.
        // A last step beyond the window of now was taken under a clock that has since been put back: it no longer counts.
        const taken = await tx.query(
          `UPDATE auth_mfa_factors SET last_used_step = $2
           WHERE id = $1::uuid AND (last_used_step IS NULL OR last_used_step < $2 OR last_used_step > $3)
           RETURNING id`,
          [factor.id, step, currentStep(at) + 1],
        );
        if (taken.length === 0) return null;
        const used = await tx.query('UPDATE auth_mfa_challenges SET verified_at = $2 WHERE id = $1::uuid AND verified_at IS NULL RETURNING id', [
          challenge.id,
          at,
        ]);
        if (used.length === 0) throw new AuthApiError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
        await tx.query("UPDATE auth_mfa_factors SET status = 'verified', updated_at = $2 WHERE id = $1::uuid AND status = 'unverified'", [factor.id, at]);
        // Other enrolments left half-done are dropped once one is confirmed.
        await tx.query("DELETE FROM auth_mfa_factors WHERE user_id = $1::uuid AND status = 'unverified' AND factor_type = 'totp'", [caller.userId]);
        // One amr entry per method, as GoTrue keeps one claim per method: a later code replaces the session's earlier totp entry.
        const raised = await tx.query(
          `UPDATE auth_sessions SET aal = 'aal2',
             amr = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(amr) AS e WHERE e->>'method' <> 'totp')
                   || jsonb_build_array(jsonb_build_object('method', 'totp', 'timestamp', $3::bigint))
           WHERE id = $1::uuid AND user_id = $2::uuid AND revoked_at IS NULL RETURNING id`,
          [caller.sessionId, caller.userId, Math.floor(at.getTime() / 1000)],
        );
        if (raised.length === 0) throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
        // Sessions still at aal1 (a password alone) end, as Supabase Auth ends them.
        await tx.query("UPDATE auth_sessions SET revoked_at = $3 WHERE user_id = $1::uuid AND id <> $2::uuid AND aal = 'aal1' AND revoked_at IS NULL", [
          caller.userId,
          caller.sessionId,
          at,
        ]);
        // The session's outstanding refresh token is spent; the raised session goes on with a new one.
        await tx.query('UPDATE auth_refresh_tokens SET rotated_at = $2 WHERE session_id = $1::uuid AND rotated_at IS NULL', [caller.sessionId, at]);
        const token = randomToken();
        await tx.query('INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2::uuid, $3)', [hashToken(token), caller.sessionId, at]);
        await guess.refund(tx);
        await auditStaffStep(
          tx,
          caller.userId,
          'second_factor.verify',
          { factor_id: factor.id, challenge_id: challenge.id, session_id: caller.sessionId, factor_status: 'verified', aal: 'aal2' },
          at,
        );
        return token;
      });
      if (refreshToken === null) {
        // A code already taken is not a guess (whoever sends it saw it): given back, but refused.
        await guess.refund(db);
        throw new AuthApiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered: this code has been used already. Wait for the next one.');
      }
      return { refreshToken };
    },

    async unenrol(caller: Caller, factorId: string) {
      return db.transaction(async (tx) => {
        const factor = await ownedFactor(tx, caller.userId, factorId, true);
        if (factor.status === 'verified' && caller.aal !== 'aal2') {
          throw new AuthApiError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
        }
        await tx.query('DELETE FROM auth_mfa_factors WHERE id = $1::uuid', [factor.id]);
        const at = now();
        await auditStaffStep(tx, caller.userId, 'second_factor.unenrol', { factor_id: factor.id, factor_status: factor.status, session_id: caller.sessionId }, at);
        if (!(await hasVerifiedFactor(tx, caller.userId))) {
          // No second factor left: no session of his can claim one.
          await tx.query(
            `UPDATE auth_sessions SET aal = 'aal1',
               amr = (SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(amr) AS e WHERE e->>'method' <> 'totp')
             WHERE user_id = $1::uuid AND aal = 'aal2'`,
            [caller.userId],
          );
        }
        return { id: factor.id };
      });
    },
  };
}

export type Mfa = ReturnType<typeof createMfa>;
