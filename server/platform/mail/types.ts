import type { Queryable } from '../db/adapter';

/** What the rest of the server hands the mail module. */
export interface MailAttachment {
  filename: string;
  /** The attachment as text (an .ics calendar file, a CSV), or its bytes in base64 when `encoding` says so. */
  content: string;
  contentType: string;
  /** 'base64' for bytes (a PNG picture): `content` is their base64. */
  encoding?: 'base64';
  /**
   * A picture shown inside the HTML part, which names it as `cid:<cid>`
   * (RFC 2392); nodemailer sends it inline.
   */
  cid?: string;
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
 * The fact an email depends on, named when it is queued and read again by
 * the email job just before it sends (server/modules/members/email-reasons.ts, where
 * each type declares its check): when the fact no longer holds, the email
 * is dropped, not sent. `id` is the row the fact is about (a booking, a
 * waiting-list entry, a result), so erasing a member finds every email
 * queued about him, whatever its state.
 */
export type EmailReason =
  /** This booking is confirmed at this date and start time (HH:mm, UK) and its member still has his account. */
  | { type: 'booking_at'; id: string; date: string; start: string }
  /** As booking_at, and he still wants reminders: the day-before reminder. */
  | { type: 'reminder'; id: string; date: string; start: string }
  /** This booking is cancelled and its member still has his account. */
  | { type: 'booking_cancelled'; id: string }
  /** This booking's member still has his account (its card payment returned). */
  | { type: 'booking_member'; id: string }
  /** This waiting-list offer (the entry and which offer) is still held for him, and he still wants the offers. */
  | { type: 'offer_held'; id: string; offer: number }
  /** This waiting-list entry's offer lapsed and it has not been joined again; he still wants waiting-list emails. */
  | { type: 'offer_lapsed'; id: string }
  /** This result is still on his record and he still wants this kind of recall email. */
  | { type: 'recall'; id: string; choice: 'recall' | 'gp_prompt' };

export interface SendOptions {
  /** What the email is (booking_confirmed, reminder...): all its job keeps once sent, with its Message-ID. */
  kind?: string;
  /** The fact it depends on, checked again when it leaves; none for mail that must go whatever changes. */
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
  /** As send, for many messages in one statement (a sweep's batch); each is still its own job. */
  sendMany(messages: readonly { message: MailMessage; options?: SendOptions }[], q?: Queryable): Promise<void>;
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
