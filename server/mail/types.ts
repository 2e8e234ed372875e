import type { Queryable } from '../db/adapter';

/** What the rest of the server hands the mail module. */
export interface MailAttachment {
  filename: string;
  /** The attachment as text (an .ics calendar file, a CSV). */
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * Why an email is sent, for a reason that can lapse between queuing and
 * sending; the email job asks whether it still holds and sends nothing if
 * not (the GP prompt: an outcome staff recorded since answers it).
 */
export interface EmailReason {
  kind: 'gp_prompt';
  resultId: string;
}

export interface SendOptions {
  /** The email is dropped at send time if this reason no longer holds. */
  reason?: EmailReason;
  /** Once sent, the job keeps only the Message-ID, not the address or words (ADR 0021: an erased member's last email). */
  forgetAfterSending?: boolean;
}

export interface Mailer {
  /**
   * Queues the message as an email job, written with `q` when given (a
   * transaction's handle: the email then goes only if that transaction
   * commits). Resolves once queued; the job sends it and retries.
   */
  send(message: MailMessage, q?: Queryable, options?: SendOptions): Promise<void>;
}

/** A stored outbox message, as /dev/outbox answers it. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  created_at: string;
  /** The Message-ID the email job gave it. */
  message_id: string | null;
  /** Extra headers it carries (List-Unsubscribe...). */
  headers: Record<string, string>;
}
