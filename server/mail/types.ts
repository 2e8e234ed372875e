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
}

export interface Mailer {
  /** Resolves once the message is handed to SMTP or stored in the outbox. */
  send(message: MailMessage): Promise<void>;
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
}
