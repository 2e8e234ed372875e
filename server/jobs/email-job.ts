/**
 * The email job: hands one queued message to the mail server (or the
 * outbox), with the Message-ID it was given when queued. A mail server that
 * refuses or cannot be reached fails the try, and pg-boss tries again later.
 * A message queued with `forget` leaves only its Message-ID in the job once
 * sent (ADR 0021: the goodbye to a member who erased his account).
 */
import type { EmailReason, MailTransport } from '../mail';
import type { JobHandler } from './queue';

/** Blanks a sent job's data but for its Message-ID (server/services/member-erasure-service.ts). */
export type ForgetJobData = (jobId: string) => Promise<void>;

/** Whether an email's reason still holds as it is sent (false: the email is dropped, and the job ends). */
export type StillDue = (reason: EmailReason) => Promise<boolean>;

export function emailJob(transport: MailTransport, forget?: ForgetJobData, stillDue?: StillDue): JobHandler<'email'> {
  return async ({ message, messageId, forget: forgetAfterSending, reason }, job) => {
    if (reason && stillDue && !(await stillDue(reason))) return;
    await transport.deliver(message, messageId);
    if (forgetAfterSending && forget) await forget(job.id);
  };
}
