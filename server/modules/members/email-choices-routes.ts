/**
 * The member's email choices
 * (docs/decisions/0018-email-choices-and-unsubscribe.md), signed in:
 * - GET /api/email-choices -> {choices}
 * - PUT /api/email-choices {reminders?, recall?, waiting_list?, newsletter?}
 *   (booleans; at least one) -> {choices}
 */
import { Hono } from 'hono';
import { EMAIL_CHOICES, emailChoicesAnswerSchema, type EmailChoices, type EmailChoicesAnswer } from '../../../src/domain/email-choices';
import { responds } from '../../platform/http/contract';
import type { MemberVerifier } from '../auth';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { ApiError, fieldIssue } from '../../platform/http/errors';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { requireMember, type MemberVariables } from '../auth';
import { emailChoicesOf, setEmailChoices } from './email-choices-service';
import { profileNotFound } from './profile-service';

const PROFILE_ID_ROW = { profile_id: col.int() };

/** The PUT body: only the four names, each a boolean, at least one (one place, for the shared schemas). */
function readChoices(body: Record<string, unknown>): Partial<EmailChoices> {
  const unknown = Object.keys(body).filter((key) => !(EMAIL_CHOICES as readonly string[]).includes(key));
  const wrong = EMAIL_CHOICES.filter((key) => key in body && typeof body[key] !== 'boolean');
  const issues = [
    ...unknown.map((key) => fieldIssue(key.slice(0, 64), 'Not an email choice.')),
    ...wrong.map((key) => fieldIssue(key, 'Must be true or false.')),
  ];
  if (issues.length > 0 || Object.keys(body).length === 0) {
    throw new ApiError(422, 'validation_failed', `Send one or more of ${EMAIL_CHOICES.join(', ')}, each true or false.`, issues);
  }
  return body as Partial<EmailChoices>;
}

export function emailChoicesRoutes(db: Database, verify: MemberVerifier, now: () => Date) {
  const app = new Hono<{ Variables: MemberVariables }>();
  app.use('*', requireMember(verify));
  const profileOf = async (userId: string) => {
    const row = await rowOf(db, PROFILE_ID_ROW, 'SELECT profile_id FROM member_profiles WHERE user_id = $1::uuid', [userId]);
    if (!row) throw profileNotFound();
    return row.profile_id;
  };

  app.get('/', responds(emailChoicesAnswerSchema), async (c) =>
    c.json({ choices: await emailChoicesOf(db, await profileOf(c.get('member').userId)) } satisfies EmailChoicesAnswer),
  );

  app.put('/', responds(emailChoicesAnswerSchema), formBodyLimit(), async (c) => {
    const changes = readChoices(await readJsonObject(c));
    const profileId = await profileOf(c.get('member').userId);
    return c.json({ choices: await setEmailChoices(db, profileId, changes, now()) } satisfies EmailChoicesAnswer);
  });
  return app;
}
