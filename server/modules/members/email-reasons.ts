/**
 * What each email depends on, checked when it leaves. An email is queued
 * with the change that causes it, and may wait in the queue (the mail
 * server refusing, a retry hours later) while the booking is cancelled or
 * moved, the offer lapses, or the member deletes his account. Just before
 * the email job hands a message to the mail server it reads its reason
 * again, here; a reason that no longer holds drops the email.
 *
 * This is the one place a kind of email declares its check: add a type to
 * EmailReason (server/platform/mail/types.ts), its entry below (TypeScript asks for
 * it), and pass `{ kind, reason }` to mailer.send where the email is queued.
 */
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { EmailReason } from '../../platform/mail/types';
import { wantsEmailSql } from './email-choices-service';
import { gpPromptStillDue } from '../results';

type ReasonOf<T extends EmailReason['type']> = Extract<EmailReason, { type: T }>;

interface ReasonCheck<R extends EmailReason> {
  /** True while the fact holds at `at`. */
  holds(q: Queryable, reason: R, at: Date): Promise<boolean>;
  /** Put right what queuing the email had marked done, in the transaction that drops it. */
  dropped?(q: Queryable, reason: R): Promise<void>;
}

const FOUND_ROW = { found: col.bool() };
const exists = async (q: Queryable, sql: string, params: unknown[]) => (await rowOf(q, FOUND_ROW, `SELECT EXISTS (${sql}) AS found`, params))?.found ?? false;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The booking, confirmed at this date and start time, its event not cancelled, its member not erased. */
const BOOKED_AT = `SELECT 1 FROM appointments a JOIN events e ON e.event_id = a.event_id
  WHERE a.appointment_id = $1::uuid AND a.status = 'confirmed' AND a.user_id IS NOT NULL AND a.profile_id IS NOT NULL
    AND e.cancelled_at IS NULL AND e.event_date = $2::date AND to_char(a.slot_start, 'HH24:MI') = $3`;

const CHECKS: { [T in EmailReason['type']]: ReasonCheck<ReasonOf<T>> } = {
  booking_at: {
    holds: (q, r) => exists(q, BOOKED_AT, [r.id, r.date, r.start]),
  },
  reminder: {
    holds: (q, r) => exists(q, `${BOOKED_AT} AND ${wantsEmailSql('reminders', 'a.profile_id')}`, [r.id, r.date, r.start]),
    // The sweep marked the booking reminded when it queued this one: unmarked, the next sweep reminds him of
    // the booking as it is now (its new time), or passes it by (cancelled, or reminders turned off).
    dropped: async (q, r) => {
      await q.query(`UPDATE appointments SET reminder_sent_at = NULL WHERE appointment_id = $1::uuid AND status = 'confirmed'`, [r.id]);
    },
  },
  booking_cancelled: {
    holds: (q, r) =>
      exists(q, `SELECT 1 FROM appointments WHERE appointment_id = $1::uuid AND status = 'cancelled' AND user_id IS NOT NULL AND profile_id IS NOT NULL`, [r.id]),
  },
  booking_member: {
    holds: (q, r) => exists(q, 'SELECT 1 FROM appointments WHERE appointment_id = $1::uuid AND user_id IS NOT NULL AND profile_id IS NOT NULL', [r.id]),
  },
  offer_held: {
    holds: (q, r, at) =>
      exists(
        q,
        `SELECT 1 FROM waiting_list w WHERE w.entry_id = $1::uuid AND w.status = 'offered' AND w.offer_number = $2
           AND w.offer_expires_at > $3 AND ${wantsEmailSql('waiting_list', 'w.profile_id')}`,
        [r.id, r.offer, at],
      ),
  },
  offer_lapsed: {
    holds: (q, r) =>
      exists(
        q,
        `SELECT 1 FROM waiting_list w WHERE w.entry_id = $1::uuid AND w.status = 'lapsed' AND ${wantsEmailSql('waiting_list', 'w.profile_id')}
           AND NOT EXISTS (SELECT 1 FROM waiting_list n WHERE n.event_id = w.event_id AND n.profile_id = w.profile_id
                             AND n.status IN ('waiting', 'offered'))`,
        [r.id],
      ),
  },
  recall: {
    holds: (q, r) =>
      r.choice === 'gp_prompt'
        ? // Still his newest result, no outcome recorded that answers the prompt, and he still wants it.
          gpPromptStillDue(q, r.id)
        : exists(q, `SELECT 1 FROM member_results r WHERE r.result_id = $1::uuid AND ${wantsEmailSql('recall', 'r.profile_id')}`, [r.id]),
  },
};

/** Whether the email may still go. A reason this server does not know, or a malformed one, does not hold. */
export async function reasonHolds(q: Queryable, reason: EmailReason, at: Date): Promise<boolean> {
  const check = CHECKS[reason.type] as ReasonCheck<EmailReason> | undefined;
  if (!check || typeof reason.id !== 'string' || !UUID.test(reason.id)) return false;
  return check.holds(q, reason, at);
}

/** Runs the kind's clean-up for a dropped email, if it has one. */
export async function reasonDropped(q: Queryable, reason: EmailReason): Promise<void> {
  const check = CHECKS[reason.type] as ReasonCheck<EmailReason> | undefined;
  if (check?.dropped && UUID.test(reason.id)) await check.dropped(q, reason);
}
