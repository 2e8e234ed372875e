/** The mail module: createMailer for senders, the /dev/outbox routes for the server. */
export { createMailer, type MailerDependencies } from './mailer';
export { devOutboxRoutes, linkify } from './dev-outbox-routes';
export { readOutbox } from './outbox';
export type { MailAttachment, Mailer, MailMessage, OutboxMessage } from './types';
