/**
 * Every look at a man's record (docs/rules.md#record-access): each staff
 * read that shows his results, consent answers, NHS number, or his name
 * with his date of birth is recorded (server/modules/staff/record-access.ts),
 * and he reads the list in his portal, "Who has looked at your record", as
 * the NHS App shows who opened a care record. Declared once here: the
 * reasons and what was seen, their words as he reads them, and
 * GET /api/me/record-access's answer.
 */
import { STAFF_ROLES, type StaffRole } from './staff-roles';
import { z } from './schema-kit';

/** What a look showed of him. `identity`: his name with his date of birth, as at the door. */
export const RECORD_SEEN = ['identity', 'nhs_number', 'results', 'consent_answers'] as const;
export type RecordSeen = (typeof RECORD_SEEN)[number];

/** Why staff looked, decided by the server from the route and the event, never sent by the screen. */
export const ACCESS_REASONS = ['check_in', 'result_entry', 'follow_up', 'consent', 'labels', 'lab_manifest', 'result_checking'] as const;
export type AccessReason = (typeof ACCESS_REASONS)[number];

/** The most looks his portal lists, newest first; his data download has them all. */
export const RECORD_ACCESS_SHOWN = 100;

/** When staff's name is not known (no first name on the staff account): never an email address. */
export const UNNAMED_STAFF = 'A member of staff';

export const STAFF_ROLE_WORDS: Record<StaffRole, string> = {
  admin: 'Administrator',
  clinical: 'Clinical team',
  events: 'Events team',
  volunteer: 'Volunteer',
};

export const ACCESS_REASON_WORDS: Record<AccessReason, string> = {
  check_in: 'Check-in',
  result_entry: 'Result entry',
  follow_up: 'Follow-up of your result',
  consent: 'Checking your consent form',
  labels: 'Labelling your blood sample',
  lab_manifest: 'Sending your sample to the laboratory',
  result_checking: 'Checking a result from the laboratory',
};

export const RECORD_SEEN_WORDS: Record<RecordSeen, string> = {
  identity: 'your name and date of birth',
  nhs_number: 'your NHS number',
  results: 'your results',
  consent_answers: 'your consent answers',
};

/** "your name and date of birth, your NHS number and your results". */
export function seenInWords(seen: readonly RecordSeen[]): string {
  const words = RECORD_SEEN.filter((s) => seen.includes(s)).map((s) => RECORD_SEEN_WORDS[s]);
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The first name to show him, from what the staff account holds: its
 * user_metadata's first_name, his member profile's first name, else the
 * first word of its display name. Anything like an email address is never
 * shown; null when nothing fits (the portal says UNNAMED_STAFF).
 */
export function staffFirstName(candidates: readonly unknown[]): string | null {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string') continue;
    const word = candidate.trim().split(/\s+/)[0] ?? '';
    if (word && !word.includes('@') && word.length <= 40) return word;
  }
  return null;
}

export const recordLookSchema = z.strictObject({
  /** YYYY-MM-DD, UK date: repeated looks by one person for one reason on one day are one. */
  date: z.string(),
  /** ISO instant of the latest look that day. */
  last_at: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Null when the staff account holds no first name (UNNAMED_STAFF). */
  first_name: z.nullable(z.string()),
  reason: z.enum(ACCESS_REASONS),
  seen: z.array(z.enum(RECORD_SEEN)),
  /** The event the look was made from; null if the event is no longer on the site. */
  event_name: z.nullable(z.string()),
});
export type RecordLook = z.output<typeof recordLookSchema>;

/** GET /api/me/record-access: his own looks, newest first, at most RECORD_ACCESS_SHOWN; more when older ones exist. */
export const recordAccessAnswerSchema = z.strictObject({ looks: z.array(recordLookSchema), more: z.boolean() });
export type RecordAccessAnswer = z.output<typeof recordAccessAnswerSchema>;
