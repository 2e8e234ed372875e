/** The mail module: createMailer for senders, the /dev/outbox routes for the server. */
export { createMailer, createMailTransport, isPermanentMailError, mailDomain, type MailerDependencies, type MailTransport } from './mailer';
export { devOutboxRoutes, linkify } from './dev-outbox-routes';
export { readOutbox } from './outbox';
export type { EmailReason, MailAttachment, Mailer, MailMessage, OutboxMessage, SendOptions } from './types';
export { escapeHtml, mailHtml, mailText, type MailContent, type MailDetail, type MailSection } from './content';
