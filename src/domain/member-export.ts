/**
 * GET /api/me/export (the JSON form), declared once: everything the site
 * holds about the signed-in member
 * (docs/decisions/0021-member-record-export-and-erasure.md). Each section
 * is a list of rows exactly as stored, so a row is free-form here: its
 * columns are the tables', and the export test lists what each holds.
 */
import { emailChoicesSchema } from './email-choices';
import { z } from './schema-kit';

// A row as PostgreSQL gives it as JSON: free-form on purpose (the columns of the table it comes from).
const storedRow = z.record(z.string(), z.unknown());

export const memberExportSchema = z.strictObject({
  /** ISO instant. */
  exported_at: z.string(),
  about: z.string(),
  /** His sign-in account; null with a hosted Supabase project, whose accounts this server does not hold. */
  account: z.nullable(storedRow),
  sign_in_sessions: z.array(storedRow),
  profile: z.nullable(storedRow),
  /** The choices in force: his own, or the defaults when he never changed them; null without a profile. */
  email_choices: z.nullable(emailChoicesSchema),
  consents: z.array(storedRow),
  bookings: z.array(storedRow),
  payments: z.array(storedRow),
  card_transactions: z.array(storedRow),
  check_ins: z.array(storedRow),
  screening_history: z.array(storedRow),
  results: z.array(storedRow),
  waiting_lists: z.array(storedRow),
  newsletter_subscription: z.array(storedRow),
  contact_enquiries: z.array(storedRow),
  /** Each staff look at his record (docs/rules.md#record-access), whole: his portal shows the newest. */
  record_access: z.array(storedRow),
});

export type MemberExport = z.output<typeof memberExportSchema>;
