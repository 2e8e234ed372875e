/**
 * Member profiles: create once after sign-up, read and update one's own.
 * The member comes from the verified token; the rules are the shared ones
 * in src/domain/member-profile.ts, so the form and the server agree.
 */
import { londonDate } from '../../../src/domain/london-time';
import {
  checkProfile,
  normaliseEmail,
  PROFILE_FIELDS,
  type MemberProfile,
  type ProfileFields,
} from '../../../src/domain/member-profile';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { ApiError } from '../../platform/http/errors';
import type { Member } from '../auth';

export const PROFILE_COLUMNS = `profile_id, public_id::text AS public_id, user_id::text AS user_id, first_name, last_name, gender, date_of_birth, ethnicity,
  occupation, phone, email, home_address, billing_address, nhs_number, ni_number, nhs_gp_email,
  nhs_gp_phone_number, is_verified, is_active`;

/** PROFILE_COLUMNS as read: date_of_birth a date (text, YYYY-MM-DD), the ids as text. */
const PROFILE_ROW = {
  profile_id: col.int(),
  public_id: col.text(),
  user_id: col.text(),
  first_name: col.text(),
  last_name: col.text(),
  gender: col.nullable(col.text()),
  date_of_birth: col.nullable(col.text()),
  ethnicity: col.nullable(col.text()),
  occupation: col.nullable(col.text()),
  phone: col.text(),
  email: col.text(),
  home_address: col.text(),
  billing_address: col.nullable(col.text()),
  nhs_number: col.nullable(col.text()),
  ni_number: col.nullable(col.text()),
  nhs_gp_email: col.nullable(col.text()),
  nhs_gp_phone_number: col.nullable(col.text()),
  is_verified: col.bool(),
  is_active: col.bool(),
};

/** Every profile field but the email, which cannot change once the profile exists. */
const WRITABLE = PROFILE_FIELDS.filter((field) => field !== 'email');

export const profileNotFound = () => new ApiError(404, 'profile_not_found', 'No profile exists for this account yet.');

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** Trims every field; the NHS number keeps digits only once spaces and dashes are gone. */
function tidy(fields: ProfileFields): ProfileFields {
  const out: ProfileFields = {};
  for (const [key, value] of Object.entries(fields) as [keyof ProfileFields, string | null | undefined][]) {
    out[key] = blankToNull(value);
  }
  if (typeof out.nhs_number === 'string') out.nhs_number = out.nhs_number.replace(/[\s-]/g, '');
  if (typeof out.email === 'string') out.email = normaliseEmail(out.email);
  return out;
}

function invalid(issues: { path: string; message: string }[]): ApiError {
  return new ApiError(422, 'validation_failed', issues[0]?.message ?? 'Check the profile fields.', issues);
}

export function createProfileService(db: Queryable, now: () => Date) {
  async function ownProfile(userId: string): Promise<MemberProfile | null> {
    return (await rowOf(db, PROFILE_ROW, `SELECT ${PROFILE_COLUMNS} FROM member_profiles WHERE user_id = $1`, [userId])) ?? null;
  }

  return {
    ownProfile,

    async create(member: Member, raw: ProfileFields): Promise<MemberProfile> {
      const fields = tidy({ ...raw, email: raw.email ?? member.email });
      const issues = checkProfile(fields, 'create', londonDate(now()));
      if (member.email && fields.email !== normaliseEmail(member.email)) {
        issues.push({ path: 'email', message: 'Use the email address you signed up with.' });
      }
      if (issues.length > 0) throw invalid(issues);
      const columns = PROFILE_FIELDS;
      const row = await rowOf(
        db,
        PROFILE_ROW,
        `INSERT INTO member_profiles (user_id, ${columns.join(', ')})
         VALUES ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')})
         ON CONFLICT (user_id) DO NOTHING
         RETURNING ${PROFILE_COLUMNS}`,
        [member.userId, ...columns.map((c) => fields[c] ?? null)],
      );
      if (!row) throw new ApiError(409, 'profile_exists', 'This account already has a profile.');
      return row;
    },

    async update(member: Member, raw: ProfileFields): Promise<MemberProfile> {
      const fields = tidy(raw);
      const current = await ownProfile(member.userId);
      if (!current) throw profileNotFound();
      const issues = checkProfile(fields, 'update', londonDate(now()));
      if (fields.email !== undefined && fields.email !== current.email) {
        issues.push({ path: 'email', message: 'Your email address cannot be changed here.' });
      }
      if (issues.length > 0) throw invalid(issues);
      const changed = WRITABLE.filter((c) => fields[c] !== undefined);
      if (changed.length === 0) return current;
      const row = await rowOf(
        db,
        PROFILE_ROW,
        `UPDATE member_profiles SET ${changed.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = $${changed.length + 2}
         WHERE user_id = $1 RETURNING ${PROFILE_COLUMNS}`,
        [member.userId, ...changed.map((c) => fields[c] ?? null), now()],
      );
      // Gone since it was read (the account deleted meanwhile).
      if (!row) throw profileNotFound();
      return row;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
