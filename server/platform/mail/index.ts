/** Mail: createMailer for senders, the transport the email job sends through, the outbox the local stand-in reads. */
export { createMailer, createMailTransport, isPermanentMailError, mailDomain, type MailerDependencies, type MailTransport } from './mailer';
export { readOutbox } from './outbox';
export type { EmailReason, MailAttachment, Mailer, MailMessage, OutboxMessage, SendOptions } from './types';
export { escapeHtml, mailHtml, mailText, type MailContent, type MailDetail, type MailSection } from './content';
