/**
 * The JSON body of a member's profile request: only known fields, each
 * text or null. Its size is limited before reading by formBodyLimit on the
 * routes, and its text by the shared rule in readJsonObject.
 */
import type { Context } from 'hono';
import { PROFILE_FIELDS, type ProfileFields } from '../../src/domain/member-profile';
import { ApiError, type FieldIssue } from '../http/errors';
import { readJsonObject } from '../http/json-body';

export interface ProfileBody {
  fields: ProfileFields;
  userId: unknown;
}

export async function readProfileBody(c: Context): Promise<ProfileBody> {
  const record = await readJsonObject(c);
  const fields: ProfileFields = {};
  const issues: FieldIssue[] = [];
  for (const name of PROFILE_FIELDS) {
    const value = record[name];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') issues.push({ path: name, message: `${name} must be text.` });
    else fields[name] = value;
  }
  if (issues.length > 0) throw new ApiError(422, 'validation_failed', issues[0]!.message, issues);
  return { fields, userId: record.user_id };
}
