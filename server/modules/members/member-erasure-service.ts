/**
 * "Delete my account" (UK GDPR article 17;
 * docs/decisions/0021-member-record-export-and-erasure.md). The member confirms
 * with his password, checked here as a sign-in checks it (the same throttles),
 * then in one transaction:
 * - his profile, consents, screening history, results, email choices, the
 *   looks staff took at his record, and auth user (with its sessions,
 *   refresh tokens and email links) are deleted: every access and refresh token of his stops working at once;
 * - his bookings and card payments stay for the accounts with nobody named:
 *   profile and user ids NULL, the card holder's name NULL, PayPal's replayed
 *   capture answer dropped;
 * - his copies elsewhere go: the page's payment reports and error logs,
 *   throttle rows keyed by his address or user id; and, when he proved the
 *   address is his (email_proven_at), his newsletter subscription, contact
 *   messages and emails to him (recipient exactly his address, or his
 *   enquiries' Reply-To) in the dev outbox and in the job queue; in the
 *   job queue also every email whose reason names his bookings,
 *   waiting-list entries or results, proven or not; in every state, one
 *   being sent this moment included; and the values in staff audit rows
 *   about his results; and of the lab's file's lines held for a person that
 *   name him (attached to or naming his bookings, or carrying his NHS
 *   number, his tube's sample id, or his date of birth with a slip of his
 *   tube's id: results/held-line-owner.ts), the cells, words, PSA value,
 *   comment and sample date;
 * - the erasure is recorded in the staff audit, without his data, and a
 *   goodbye email is queued that keeps only its Message-ID once sent.
 * He must cancel upcoming bookings first (their places, refunds and the
 * venue's list follow the cancelling rules); a staff account must lose its
 * role first (the audit names staff by address); and with a hosted Supabase
 * project the server can check no password and delete no user: refused.
 */
import { londonDate } from '../../../src/domain/london-time';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import type { Member } from '../auth';
import { passwordMatches } from '../auth';
import { guardSignIn } from '../auth';
import type { AuthPolicies } from '../auth';
import { staffRoleOf } from '../../../src/domain/staff-roles';
import { findUserById } from '../auth';
import { mailHtml, mailText, type Mailer } from '../../platform/mail';
import { recordAudit } from '../staff';
import { eraseHeldLinesOf, lockHoldsAlone } from '../results';

/** What the audit's staff columns hold when the member acted on his own record: his user id and this, never his address. */
export const MEMBER_HIMSELF = 'member (self-service)';

export type ErasureOutcome =
  | { erased: true; bookingsKept: number; paymentsKept: number }
  | { erased: false; reason: 'wrong_password' | 'upcoming_bookings' | 'no_account' | 'staff_account' };

export interface MemberErasure {
  erase(member: Member, password: string, clientAddress: string): Promise<ErasureOutcome>;
}

/** The job queue's tables, each NULL (to_regclass) while pg-boss has not made it. */
const QUEUE_TABLES_ROW = { job: col.nullable(col.text()), archive: col.nullable(col.text()) };

/**
 * Emails to him or about him in the job queue's tables, in every state: waiting, due for a retry, failed, done
 * and archived, and one being sent this moment (its row goes, so a refusal cannot put it back for a retry, and
 * its reason, his booking or account, no longer holds if it is tried again). Found by the rows their reasons
 * name (his bookings, waiting-list entries and results: his whether or not he proved the address), or by
 * address: the recipient equal to one of `emails`, or an enquiry he sent to the charity (its Reply-To is his
 * address, set by contact-service). Exact matches only: a search of the job's text for "bob@x.com" would also
 * find mail to jimbob@x.com or bob@x.com.au.
 */
async function forgetQueuedEmails(tx: Queryable, schema: string, emails: string[], rowIds: string[]): Promise<void> {
  const his = `(data->'reason'->>'id' = ANY($2::text[])
    OR lower(btrim(data->'message'->>'to')) = ANY($1::text[]) OR lower(btrim(data->'message'->'headers'->>'Reply-To')) = ANY($1::text[]))`;
  const tables = await rowOf(
    tx,
    QUEUE_TABLES_ROW,
    `SELECT to_regclass($1)::text AS job, to_regclass($2)::text AS archive`,
    [`${schema}.job`, `${schema}.archive`],
  );
  if (tables?.job) await tx.query(`DELETE FROM ${schema}.job WHERE name = 'email' AND ${his}`, [emails, rowIds]);
  if (tables?.archive) await tx.query(`DELETE FROM ${schema}.archive WHERE name = 'email' AND ${his}`, [emails, rowIds]);
}

function goodbyeMail(to: string, firstName: string) {
  const content = {
    subject: 'Your CHAPS account has been deleted',
    heading: 'Your account has been deleted',
    greeting: `Dear ${firstName},`,
    intro: [
      'As you asked, we have deleted your CHAPS account: your profile, consent forms, results and email choices are gone, and you have been signed out everywhere.',
      'Records of past bookings and card payments are kept for the charity’s accounts, as the law requires, with no name or contact details on them.',
    ],
    details: [],
    sections: [],
    closing: ['If you did not ask for this, contact us at once. You are always welcome to sign up again.'],
  };
  return { to, subject: content.subject, text: mailText(content), html: mailHtml(content) };
}

const PROVEN_ROW = { proven: col.bool() };
const PROFILE_ROW = {
  profile_id: col.int(),
  first_name: col.text(),
  email: col.text(),
  nhs_number: col.nullable(col.text()),
  date_of_birth: col.nullable(col.text()),
};
const SAMPLE_ROW = { sample_id: col.text() };
const UPCOMING_ROW = { n: col.int() };
const KEPT_BOOKING_ROW = { appointment_id: col.text() };
const KEPT_PAYMENT_ROW = { payment_id: col.text() };
/** The ids of his waiting-list entries and results, which his emails' reasons name. */
const NAMED_ROW = { id: col.text() };

export function createMemberErasure(deps: { db: Database; mailer: Mailer; jobSchema: string; policies: AuthPolicies; now: () => Date }): MemberErasure {
  const { db, mailer, jobSchema, policies, now } = deps;
  return {
    async erase(member, password, clientAddress) {
      const user = await findUserById(db, member.userId);
      if (!user) return { erased: false, reason: 'no_account' };
      // Counted before the check, as a sign-in is: a stolen session cannot try passwords at speed.
      const guard = await guardSignIn(db, user.email, clientAddress, now(), policies);
      if (!(await passwordMatches(password, user.encrypted_password))) {
        await guard.failed();
        return { erased: false, reason: 'wrong_password' };
      }
      await guard.succeeded();
      // A staff account's name is on the audit of what it changed: the charity removes the role first (npm run staff -- remove).
      if (staffRoleOf(user.app_metadata?.role)) return { erased: false, reason: 'staff_account' };
      const at = now();
      return db.transaction(async (tx) => {
        // Taken first, before any row: an import of the lab's file running now commits its held lines before
        // they are searched below, and one starting now waits until he is gone.
        await lockHoldsAlone(tx);
        // Two deletions sent at once: the second waits here, then finds no account (one erasure, one goodbye).
        const still = await rowOf(
          tx,
          PROVEN_ROW,
          'SELECT email_proven_at IS NOT NULL AS proven FROM auth_users WHERE id = $1::uuid FOR UPDATE',
          [member.userId],
        );
        if (!still) return { erased: false, reason: 'no_account' } as const;
        const profile = await rowOf(
          tx,
          PROFILE_ROW,
          `SELECT profile_id, first_name, email, nhs_number, to_char(date_of_birth, 'YYYY-MM-DD') AS date_of_birth
           FROM member_profiles WHERE user_id = $1::uuid FOR UPDATE`,
          [member.userId],
        );
        const profileId = profile?.profile_id ?? null;
        const upcoming = await rowOf(
          tx,
          UPCOMING_ROW,
          `SELECT count(*)::integer AS n FROM appointments a JOIN events e ON e.event_id = a.event_id
           WHERE (a.user_id = $1::uuid OR a.profile_id = $2) AND a.status IN ('held', 'confirmed') AND e.event_date >= $3::date`,
          [member.userId, profileId, londonDate(at)],
        );
        if (upcoming!.n > 0) return { erased: false, reason: 'upcoming_bookings' } as const;
        // The rows the email sweeps lock, locked (READ COMMITTED) before the queue is purged below. The recall
        // sweep locks member_results FOR UPDATE SKIP LOCKED, the waiting-list offer sweep waiting_list FOR UPDATE,
        // each queueing its email in the same transaction. A sweep that locked his row first has us wait here
        // until it commits; its job is then in the queue when the purge's DELETE (a later statement, so a newer
        // snapshot) runs, and goes. A sweep that comes after finds his rows locked: the recall sweep skips them,
        // the offer sweep waits and then finds them deleted with his profile. Either way no email to him is left.
        if (profileId !== null) {
          await tx.query('SELECT 1 FROM member_results WHERE profile_id = $1 FOR UPDATE', [profileId]);
          await tx.query('SELECT 1 FROM waiting_list WHERE profile_id = $1 FOR UPDATE', [profileId]);
        }
        // Rows found only by an address are his only when he proved the address is his (a link or code sent
        // there): without required confirmation anyone can sign up as someone else's address. The profile's
        // address is the account's (profile-service), so it adds nothing.
        const emails = still.proven ? [user.email.toLowerCase()] : [];
        const kept = await rowsOf(
          tx,
          KEPT_BOOKING_ROW,
          `UPDATE appointments SET profile_id = NULL, user_id = NULL, erased_at = $3
           WHERE user_id = $1::uuid OR profile_id = $2 RETURNING appointment_id::text AS appointment_id`,
          [member.userId, profileId, at],
        );
        const ids = kept.map((k) => k.appointment_id);
        const payments = await rowsOf(
          tx,
          KEPT_PAYMENT_ROW,
          `UPDATE payment_orders SET user_id = NULL, capture_answer = NULL
           WHERE user_id = $1::uuid OR appointment_id = ANY($2::uuid[]) RETURNING payment_id`,
          [member.userId, ids],
        );
        await tx.query('UPDATE payment_transactions SET payer_name = NULL WHERE payment_id = ANY($1::uuid[])', [payments.map((p) => p.payment_id)]);
        await tx.query('DELETE FROM payment_page_reports WHERE user_id = $1::uuid', [member.userId]);
        await tx.query('DELETE FROM client_error_logs WHERE user_id = $1::uuid', [member.userId]);
        // Staff audit rows about his results held the values and comments: the rows stay (who did what, when), the values go.
        await tx.query(
          `UPDATE staff_audit SET before = CASE WHEN before IS NULL THEN NULL ELSE '{"erased": true}'::jsonb END,
                                  after = CASE WHEN after IS NULL THEN NULL ELSE '{"erased": true}'::jsonb END
           WHERE entity IN ('result', 'consent_link') AND entity_id = ANY($1::text[])`,
          [ids],
        );
        // A held line of a results file that names him: attached to his booking or naming it (his tube's line in
        // any event's file, his booking cancelled or not), or carrying his NHS number, his tube's id, or his date
        // of birth beside a slip of his tube's id. The booking stays, placed by event and slot, so nothing of his
        // result stays beside it. The line keeps what staff did and words saying it was erased; it can no longer be attached.
        const tubes = await rowsOf(tx, SAMPLE_ROW, 'SELECT sample_id FROM samples WHERE appointment_id = ANY($1::uuid[])', [ids]);
        await eraseHeldLinesOf(
          tx,
          { appointmentIds: ids, nhsNumber: profile?.nhs_number ?? null, dateOfBirth: profile?.date_of_birth ?? null, sampleIds: tubes.map((t) => t.sample_id) },
          at,
        );
        await tx.query('DELETE FROM newsletter_subscriptions WHERE email = ANY($1::text[])', [emails]);
        await tx.query('DELETE FROM contact_enquiries WHERE lower(email) = ANY($1::text[])', [emails]);
        // The dev outbox stands in for mailboxes: mail to him, and his enquiries to the charity (Reply-To his address).
        await tx.query(
          `DELETE FROM outbox WHERE lower(btrim(to_address)) = ANY($1::text[]) OR lower(btrim(headers->>'Reply-To')) = ANY($1::text[])`,
          [emails],
        );
        // The account's own sign-in and link throttles, keyed by its address, proven or not.
        await tx.query(`DELETE FROM auth_throttles WHERE right(key, length($1) + 1) = ':' || $1`, [user.email.toLowerCase()]);
        await tx.query('DELETE FROM request_throttles WHERE strpos(key, $1) > 0', [member.userId]);
        // The rows his emails' reasons name, read before his profile's deletion takes the entries and results with it.
        const named = await rowsOf(
          tx,
          NAMED_ROW,
          `SELECT entry_id::text AS id FROM waiting_list WHERE profile_id = $1 UNION ALL SELECT result_id::text FROM member_results WHERE profile_id = $1`,
          [profileId],
        );
        await forgetQueuedEmails(tx, jobSchema, emails, [...ids, ...named.map((row) => row.id)]);
        // Who looked at his record was his to read; with him gone it names no one (docs/rules.md#record-access).
        await tx.query('DELETE FROM record_access WHERE profile_id = $1', [profileId]);
        if (profileId !== null) await tx.query('DELETE FROM member_profiles WHERE profile_id = $1', [profileId]);
        await tx.query('DELETE FROM auth_users WHERE id = $1::uuid', [member.userId]);
        await recordAudit(
          tx,
          { userId: member.userId, email: MEMBER_HIMSELF },
          { action: 'member.erase', entity: 'member', entityId: member.userId, before: null, after: { bookings_kept: ids.length, payments_kept: payments.length } },
          at,
        );
        const firstName = profile?.first_name ?? (typeof user.user_metadata.display_name === 'string' ? user.user_metadata.display_name : 'member');
        await mailer.send(goodbyeMail(user.email, firstName), tx, { kind: 'account_deleted', forgetAfterSending: true });
        return { erased: true, bookingsKept: ids.length, paymentsKept: payments.length } as const;
      });
    },
  };
}
