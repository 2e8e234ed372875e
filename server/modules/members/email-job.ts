/**
 * The email job: hands one queued message to the mail server (or the
 * outbox), with the Message-ID it was given when queued.
 *
 * Just before it sends, it reads the email's reason again (the booking
 * still confirmed at that time, the offer still held, the member still
 * here and still wanting this kind; server/modules/members/email-reasons.ts): an email
 * whose reason is gone is dropped, recorded in dropped_emails without the
 * address or the words, and the job completes. The check and the hand-over
 * are one step of one try, so a retry hours after a refusal checks again.
 *
 * A temporary failure (a 4xx answer, a refused or dropped connection, a
 * timeout) fails the try and pg-boss tries again later; a permanent answer
 * (5xx) fails the job at once, for staff to see. Sent or dropped, the job
 * keeps only its Message-ID and kind: the address, name and words go
 * before pg-boss completes and later archives it. An erased member's
 * goodbye (`forget`) that cannot be delivered loses them too.
 */
import type { Database, Queryable } from '../../platform/db/adapter';
import { isPermanentMailError, type MailTransport } from '../../platform/mail';
import { reasonDropped, reasonHolds } from './email-reasons';
import { PermanentJobError, type JobData, type JobHandler } from '../../platform/jobs/queue';

export interface EmailJobDependencies {
  transport: MailTransport;
  db: Database;
  /** pg-boss's schema (Jobs.schema), whose job row is emptied once the email is done. */
  jobSchema: string;
  now: () => Date;
}

/**
 * Leaves only the Message-ID and kind in the job (and so in pg-boss's archive after it). By the queue's name
 * as well as the id: pg-boss's job table is split by queue name and keyed by (name, id), so the id alone
 * searched every queue and the whole of the email queue's key, a cost that grew with every email kept.
 */
export const keepOnlyIdsSql = (schema: string) =>
  `UPDATE ${schema}.job SET data = jsonb_build_object('messageId', $2::text, 'kind', $3::text) WHERE name = 'email' AND id = $1::uuid`;

async function keepOnlyIds(q: Queryable, schema: string, jobId: string, data: JobData['email']): Promise<void> {
  await q.query(keepOnlyIdsSql(schema), [jobId, data.messageId, data.kind ?? 'email']);
}

/** The mail server's words without the recipient's address (they often repeat it: "550 <bob@x>: no such user"). */
function withoutAddress(message: string, address: string): string {
  return address ? message.split(address).join('[address]') : message;
}

export function emailJob({ transport, db, jobSchema, now }: EmailJobDependencies): JobHandler<'email'> {
  return async (data, job) => {
    const { message, messageId, reason } = data;
    // Already sent or dropped by a try whose completion was lost (a killed process): nothing is left to send.
    if (!message) return;
    if (reason && !(await reasonHolds(db, reason, now()))) {
      await db.transaction(async (tx) => {
        await tx.query('INSERT INTO dropped_emails (message_id, kind, reason, dropped_at) VALUES ($1, $2, $3, $4)', [
          messageId,
          data.kind ?? 'email',
          reason.type,
          now(),
        ]);
        await reasonDropped(tx, reason);
        await keepOnlyIds(tx, jobSchema, job.id, data);
      });
      return;
    }
    try {
      await transport.deliver(message, messageId);
    } catch (error) {
      const permanent = isPermanentMailError(error);
      const text = error instanceof Error ? error.message : String(error);
      if (!data.forget) throw permanent ? new PermanentJobError(text) : error;
      // A goodbye to an erased member: his address stays in the job only while it may still be delivered.
      if (permanent || job.lastTry) await keepOnlyIds(db, jobSchema, job.id, data);
      const safe = withoutAddress(text, message.to);
      throw permanent ? new PermanentJobError(safe) : new Error(safe);
    }
    await keepOnlyIds(db, jobSchema, job.id, data);
  };
}
