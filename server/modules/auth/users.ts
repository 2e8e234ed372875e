/**
 * Auth users: the rows, and the JSON Supabase Auth answers with
 * (Supabase Auth's user object,
 * https://github.com/supabase/auth/blob/master/openapi.yaml: id, aud, role,
 * email, phone, email_confirmed_at, app_metadata, user_metadata, identities,
 * created_at, updated_at, is_anonymous).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';

export interface AuthUser {
  id: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  user_metadata: Record<string, unknown>;
  /** Set by staff tooling only (npm run staff), never by the member: e.g. {"role": "staff"}. */
  app_metadata?: Record<string, unknown>;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, email, encrypted_password, email_confirmed_at, user_metadata, app_metadata, last_sign_in_at, created_at, updated_at';

/** A jsonb object column (both metadata columns only ever merge objects into '{}'). */
const metadata = () => z.record(z.string(), z.unknown());

/** COLUMNS as read: the instants are timestamptz, the metadata jsonb objects. */
const USER_ROW = {
  id: col.text(),
  email: col.text(),
  encrypted_password: col.text(),
  email_confirmed_at: col.nullable(col.instant()),
  user_metadata: metadata(),
  app_metadata: metadata(),
  last_sign_in_at: col.nullable(col.instant()),
  created_at: col.instant(),
  updated_at: col.instant(),
};

export async function findUserByEmail(db: Queryable, email: string): Promise<AuthUser | null> {
  return (await rowOf(db, USER_ROW, `SELECT ${COLUMNS} FROM auth_users WHERE email = $1`, [email])) ?? null;
}

export async function findUserById(db: Queryable, id: string): Promise<AuthUser | null> {
  return (await rowOf(db, USER_ROW, `SELECT ${COLUMNS} FROM auth_users WHERE id = $1`, [id])) ?? null;
}

export interface NewUser {
  email: string;
  passwordHash: string;
  metadata: Record<string, unknown>;
  confirmedAt: Date | null;
  now: Date;
}

/** Inserts a user; null when the email is already registered. */
export async function insertUser(db: Queryable, user: NewUser): Promise<AuthUser | null> {
  const row = await rowOf(
    db,
    USER_ROW,
    `INSERT INTO auth_users (email, encrypted_password, email_confirmed_at, user_metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $5)
     ON CONFLICT (email) DO NOTHING
     RETURNING ${COLUMNS}`,
    [user.email, user.passwordHash, user.confirmedAt, JSON.stringify(user.metadata), user.now],
  );
  return row ?? null;
}

/**
 * The most a user's stored metadata may hold, as JSON text, whatever number
 * of updates built it: it travels in every access token, and 60 updates of
 * 4 KB each once made a 321 KB token that every later request was refused
 * with (431).
 */
export const MAX_STORED_METADATA_BYTES = 8192;

export interface UserChanges {
  passwordHash?: string;
  metadata?: Record<string, unknown>;
  confirmedAt?: Date;
  /** He opened a link or entered a code sent to the address (email_proven_at, ADR 0021). */
  provenAt?: Date;
  signedInAt?: Date;
  /** false: a change the member did not make (a hash upgrade) leaves updated_at alone. */
  touch?: boolean;
}

export class MetadataTooLargeError extends Error {
  constructor() {
    super('The stored user metadata would be too large');
    this.name = 'MetadataTooLargeError';
  }
}

export async function updateUser(db: Queryable, id: string, changes: UserChanges, now: Date): Promise<AuthUser> {
  const row = await rowOf(
    db,
    USER_ROW,
    `UPDATE auth_users SET
       encrypted_password = COALESCE($2, encrypted_password),
       user_metadata = user_metadata || COALESCE($3::jsonb, '{}'::jsonb),
       email_confirmed_at = COALESCE(email_confirmed_at, $4),
       email_proven_at = COALESCE(email_proven_at, $9),
       last_sign_in_at = COALESCE($5, last_sign_in_at),
       updated_at = CASE WHEN ($2::text IS NULL AND $3::jsonb IS NULL) OR NOT $7 THEN updated_at ELSE $6 END
     WHERE id = $1 AND ($3::jsonb IS NULL OR octet_length((user_metadata || $3::jsonb)::text) <= $8)
     RETURNING ${COLUMNS}`,
    [
      id,
      changes.passwordHash ?? null,
      changes.metadata ? JSON.stringify(changes.metadata) : null,
      changes.confirmedAt ?? null,
      changes.signedInAt ?? null,
      now,
      changes.touch ?? true,
      MAX_STORED_METADATA_BYTES,
      changes.provenAt ?? null,
    ],
  );
  if (!row) {
    // Checked in the UPDATE itself, so parallel updates cannot each pass on the old total.
    if (changes.metadata) throw new MetadataTooLargeError();
    throw new Error(`Auth user ${id} vanished during an update`);
  }
  return row;
}

/**
 * A user that does not exist, shaped like a newly signed-up one (random
 * id, unconfirmed, one identity), for answering a sign-up whose address is
 * taken without saying so.
 */
export function lookalikeUser(email: string, metadata: Record<string, unknown>, now: Date): AuthUser {
  return {
    id: randomUUID(),
    email,
    encrypted_password: '',
    email_confirmed_at: null,
    user_metadata: metadata,
    last_sign_in_at: null,
    created_at: now,
    updated_at: now,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The user object; `factors` (mfa-factors.ts factorJson) is left out when he has none, as Supabase leaves it out. */
export function userJson(user: AuthUser, factors: readonly object[] = []) {
  const identity = {
    identity_id: user.id,
    id: user.id,
    user_id: user.id,
    identity_data: { email: user.email, email_verified: user.email_confirmed_at !== null, phone_verified: false, sub: user.id },
    provider: 'email',
    last_sign_in_at: iso(user.last_sign_in_at),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    email: user.email,
  };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: '',
    confirmed_at: iso(user.email_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: { ...user.app_metadata, provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata,
    identities: [identity],
    ...(factors.length > 0 ? { factors } : {}),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: false,
  };
}
