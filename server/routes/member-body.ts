/** The JSON body of a member's profile request: only known fields, each text or null. */
import type { Context } from 'hono';
import { PROFILE_FIELDS, type ProfileFields } from '../../src/domain/member-profile';
import { ApiError, type FieldIssue } from '../http/errors';

const MAX_BODY_CHARS = 16_384;

export interface ProfileBody {
  fields: ProfileFields;
  userId: unknown;
}

export async function readProfileBody(c: Context): Promise<ProfileBody> {
  const text = await c.req.text();
  if (text.length > MAX_BODY_CHARS) throw new ApiError(413, 'too_large', 'The request body is too large.');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'bad_json', 'The request body must be JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'bad_json', 'The request body must be a JSON object.');
  }
  const record = body as Record<string, unknown>;
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
