/**
 * The recall emails (docs/decisions/0020-recall-invitations-and-gp-prompt.md),
 * found by a sweep as the day-before reminders are (docs/decisions/0016): the
 * invitation four weeks before a result's next_test_due, listing the bookable
 * events nearest to where he was last tested; one follow-up a month later
 * unless he has booked since; and after a red result, the prompt to see a GP.
 *
 * Each batch of a kind is one transaction: the due results, found by
 * walking the kind's index in order (recall-walk.ts), are locked (FOR
 * UPDATE OF the result, SKIP LOCKED, so a second process's sweep passes
 * them by), marked on the result's own row (a result marked by another
 * sweep since the walk read it is dropped as no longer waiting), and each
 * email is queued as a job with the same transaction. Only his newest
 * result counts, and only while he wants that kind of email
 * (wantsEmailSql), read in the statement that locks it.
 *
 * The GP prompt is not for a man whose follow-up staff have recorded as
 * an outcome that answers it (seen his GP, referred, and beyond: see
 * GP_PROMPT_ANSWERED_BY): the sweep passes such a result by, and
 * gpPromptStillDue, asked again as the email is sent, drops a prompt
 * queued before the outcome was recorded.
 */
import type { ScreeningEvent } from '../../../src/domain/event';
import { GP_PROMPT_ANSWERED_BY } from '../../../src/domain/follow-up';
import { londonDate } from '../../../src/domain/london-time';
import { DEFAULT_NEAR_MILES, followUpDay, invitationEvents, invitationWindow, lateWindow } from '../../../src/domain/recall-invitations';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowsOf, type RowOf } from '../../platform/db/rows';
import { mailHtml, mailText, type MailContent, type Mailer, type MailMessage, type SendOptions } from '../../platform/mail';
import { wantsEmailSql, type UnsubscribeLinks } from '../members';
import { gpPromptContent, recallInvitationContent } from './recall-mail-text';
import { FOLLOW_UPS, GP_PROMPTS, INVITATIONS, lockChunk, take, walkWaiting, type Walk } from './recall-walk';

/**
 * Each kind is taken in batches of this many, one transaction each, until
 * a batch comes back short (its walk reached the end of the window) or the
 * sweep has run for SWEEP_BUDGET_MS; what is left is the next sweep's (a
 * minute later, or at once in another process, which SKIP LOCKED keeps
 * apart). A batch walks its index in order from where the last stopped
 * and stops at its limit, so its cost follows the rows it takes, not the
 * backlog, whatever the planner's statistics say (recall-walk.ts).
 */
const BATCH_LIMIT = 500;
/** Under the job's expiry (recall_emails: 300 s in server/platform/jobs/job-kinds.ts). */
const SWEEP_BUDGET_MS = 200_000;

export interface RecallEmailsSent {
  invitations: number;
  followUps: number;
  gpPrompts: number;
}

export interface RecallEmailsService {
  /** Queues the recall emails due now. */
  sendDue(): Promise<RecallEmailsSent>;
}

/** No result of his with a value is newer (by sample date) than `r`. */
const NEWEST = `NOT EXISTS (
  SELECT 1 FROM member_results n WHERE n.profile_id = r.profile_id AND n.test_result IS NOT NULL AND n.result_id <> r.result_id
    AND (n.sample_date > r.sample_date OR (n.sample_date = r.sample_date AND n.result_id > r.result_id)))`;

/** He has a confirmed booking of an event not yet past (`today` a parameter). */
const BOOKED_AHEAD = (today: string) => `EXISTS (
  SELECT 1 FROM appointments b JOIN events be ON be.event_id = b.event_id
  WHERE b.profile_id = r.profile_id AND b.status = 'confirmed' AND be.cancelled_at IS NULL AND be.event_date >= ${today}::date)`;

/** He has booked (a booking confirmed then, whether kept or cancelled since) since the invitation. */
const BOOKED_SINCE_INVITATION = `EXISTS (
  SELECT 1 FROM appointments s WHERE s.profile_id = r.profile_id AND s.status IN ('confirmed', 'cancelled') AND s.created_at >= r.recall_invited_at)`;

/** No follow-up outcome that answers the GP prompt has been recorded for `r` (the answering outcomes a parameter). */
const GP_PROMPT_UNANSWERED = (answers: string) => `(r.follow_up_outcome IS NULL OR NOT (r.follow_up_outcome = ANY(${answers}::text[])))`;

/**
 * Whether the GP prompt for this result should still go, asked as its email
 * is sent: the result is still there with its value and still his newest,
 * no outcome that answers the prompt has been recorded since it was
 * queued, and he still wants the prompt.
 */
export async function gpPromptStillDue(q: Queryable, resultId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM member_results r
     WHERE r.result_id = $1::uuid AND r.test_result IS NOT NULL AND ${GP_PROMPT_UNANSWERED('$2')}
       AND ${wantsEmailSql('gp_prompt', 'r.profile_id')} AND ${NEWEST}`,
    [resultId, GP_PROMPT_ANSWERED_BY],
  );
  return rows.length > 0;
}

const MEMBER_AND_PLACE = `r.result_id::text AS result_id, to_char(r.next_test_due, 'YYYY-MM-DD') AS next_test_due,
  to_char(r.sample_date, 'YYYY-MM-DD') AS sample_date,
  p.email, p.first_name, p.public_id::text AS public_id, le.latitude, le.longitude, le.city AS last_city
  FROM member_results r JOIN member_profiles p ON p.profile_id = r.profile_id
  LEFT JOIN member_appointments m ON m.appointment_id = r.appointment_id
  LEFT JOIN events le ON le.event_id = m.event_id`;

/** The member and where he was last tested (LEFT JOINs: the place may be unknown; latitude and longitude are double precision). */
const MEMBER_AND_PLACE_ROW = {
  result_id: col.text(),
  email: col.text(),
  first_name: col.text(),
  public_id: col.text(),
  latitude: col.nullable(col.float()),
  longitude: col.nullable(col.float()),
  last_city: col.nullable(col.text()),
};
type MemberAndPlace = RowOf<typeof MEMBER_AND_PLACE_ROW>;

/**
 * An invitation's or follow-up's row: the due date is there, as the invitation's
 * statement selects by it, and a follow-up is set only with an invitation and
 * cleared when the date moves (storeRecall in recall-service.ts).
 */
const RECALL_ROW = { ...MEMBER_AND_PLACE_ROW, next_test_due: col.text() };

/** A GP prompt's row: the prompt's date is set only from a result's sample date (storeRecall). */
const GP_PROMPT_ROW = { ...MEMBER_AND_PLACE_ROW, sample_date: col.text() };

export function createRecallEmailsService(
  db: Database,
  now: () => Date,
  mailer: Mailer,
  upcomingEvents: () => Promise<ScreeningEvent[]>,
  origin: string,
  unsubscribe: UnsubscribeLinks,
  /** RECALL_NEAR_MILES: no event further than this from where he was last tested is listed. */
  nearMiles = DEFAULT_NEAR_MILES,
): RecallEmailsService {
  const site = origin.replace(/\/+$/, '');

  /** `kind` names the email and the choice that must still be on when it leaves (server/modules/members/email-reasons.ts). */
  function mail(row: MemberAndPlace, content: MailContent, headers: Record<string, string>, kind: 'recall_invitation' | 'recall_follow_up' | 'gp_prompt') {
    const reason = { type: 'recall', id: row.result_id, choice: kind === 'gp_prompt' ? 'gp_prompt' : 'recall' } as const;
    return { message: { to: row.email, subject: content.subject, text: mailText(content), html: mailHtml(content), headers }, options: { kind, reason } };
  }

  /** The invitation or the follow-up: `followUp` picks which; `walk` is the sweep's walk of that kind's waiting results. */
  async function recall(at: Date, events: ScreeningEvent[], followUp: boolean, walk: Walk): Promise<number> {
    const today = londonDate(at);
    const { window } = walk;
    return db.transaction(async (tx) => {
      const rows = await take(tx, walk, BATCH_LIMIT, (ids) =>
        followUp
          ? rowsOf(
              tx,
              RECALL_ROW,
              lockChunk(
                FOLLOW_UPS,
                MEMBER_AND_PLACE,
                `${wantsEmailSql('recall', 'r.profile_id')} AND ${NEWEST} AND NOT ${BOOKED_SINCE_INVITATION} AND NOT ${BOOKED_AHEAD('$4')}`,
              ),
              [ids, window.from, window.to, today],
            )
          : rowsOf(
              tx,
              RECALL_ROW,
              lockChunk(INVITATIONS, MEMBER_AND_PLACE, `${wantsEmailSql('recall', 'r.profile_id')} AND ${NEWEST} AND NOT ${BOOKED_AHEAD('$2')}`),
              [ids, window.from, window.to],
            ),
      );
      // Each row's email is built here, in memory; then one statement marks the batch and one queues its emails.
      const marks: { result_id: string; events: string[] }[] = [];
      const mails: { message: MailMessage; options: SendOptions }[] = [];
      for (const row of rows) {
        const from = row.latitude === null || row.longitude === null ? null : { latitude: row.latitude, longitude: row.longitude };
        const listed = invitationEvents(events, from, at, nearMiles);
        marks.push({ result_id: row.result_id, events: listed.map((e) => e.event.event_id) });
        const link = await unsubscribe.linkFor(row.public_id, 'recall');
        const content = recallInvitationContent(
          {
            firstName: row.first_name,
            due: row.next_test_due,
            lastPlace: from && row.last_city ? row.last_city : null,
            nearMiles: from ? nearMiles : null,
            events: listed,
            origin: site,
            unsubscribeUrl: link.url,
          },
          followUp,
        );
        mails.push(mail(row, content, link.headers, followUp ? 'recall_follow_up' : 'recall_invitation'));
      }
      if (marks.length > 0) {
        await tx.query(
          followUp
            ? `UPDATE member_results r SET recall_followed_up_at = $2, recall_follow_up_events = m.events
               FROM jsonb_to_recordset($1::jsonb) AS m(result_id uuid, events uuid[]) WHERE r.result_id = m.result_id`
            : `UPDATE member_results r SET recall_invited_at = $2, recall_invited_events = m.events, recall_follow_up_on = $3::date
               FROM jsonb_to_recordset($1::jsonb) AS m(result_id uuid, events uuid[]) WHERE r.result_id = m.result_id`,
          followUp ? [JSON.stringify(marks), at] : [JSON.stringify(marks), at, followUpDay(at)],
        );
      }
      await mailer.sendMany(mails, tx);
      return rows.length;
    });
  }

  async function gpPrompts(at: Date, walk: Walk): Promise<number> {
    const { window } = walk;
    return db.transaction(async (tx) => {
      const rows = await take(tx, walk, BATCH_LIMIT, (ids) =>
        rowsOf(
          tx,
          GP_PROMPT_ROW,
          lockChunk(GP_PROMPTS, MEMBER_AND_PLACE, `${GP_PROMPT_UNANSWERED('$4')} AND ${wantsEmailSql('gp_prompt', 'r.profile_id')} AND ${NEWEST}`),
          [ids, window.from, window.to, GP_PROMPT_ANSWERED_BY],
        ),
      );
      const mails: { message: MailMessage; options: SendOptions }[] = [];
      for (const row of rows) {
        const link = await unsubscribe.linkFor(row.public_id, 'gp_prompt');
        const content = gpPromptContent({ firstName: row.first_name, sampleDate: row.sample_date, origin: site, unsubscribeUrl: link.url });
        mails.push(mail(row, content, link.headers, 'gp_prompt'));
      }
      if (rows.length > 0) {
        await tx.query('UPDATE member_results SET gp_prompt_sent_at = $2 WHERE result_id = ANY($1::uuid[])', [rows.map((r) => r.result_id), at]);
      }
      await mailer.sendMany(mails, tx);
      return rows.length;
    });
  }

  /** Batches of one kind until one comes back short or `deadline` (performance.now()) passes; how many were queued. */
  async function drain(batch: () => Promise<number>, deadline: number): Promise<number> {
    let total = 0;
    for (;;) {
      const taken = await batch();
      total += taken;
      if (taken < BATCH_LIMIT || performance.now() >= deadline) return total;
    }
  }

  return {
    async sendDue() {
      const at = now();
      const deadline = performance.now() + SWEEP_BUDGET_MS;
      // Outside any transaction: the events (read once for the sweep) and the signing key (PGlite has one connection).
      await unsubscribe.prepare();
      const events = await upcomingEvents();
      const invitationWalk = walkWaiting(INVITATIONS, invitationWindow(at));
      const invitations = await drain(() => recall(at, events, false, invitationWalk), deadline);
      const followUpWalk = walkWaiting(FOLLOW_UPS, lateWindow(at));
      const followUps = await drain(() => recall(at, events, true, followUpWalk), deadline);
      const gpPromptWalk = walkWaiting(GP_PROMPTS, lateWindow(at));
      return { invitations, followUps, gpPrompts: await drain(() => gpPrompts(at, gpPromptWalk), deadline) };
    },
  };
}
