/**
 * The email job: hands one queued message to the mail server (or the
 * outbox), with the Message-ID it was given when queued. A mail server that
 * refuses or cannot be reached fails the try, and pg-boss tries again later.
 */
import type { MailTransport } from '../mail';
import type { JobHandler } from './queue';

export function emailJob(transport: MailTransport): JobHandler<'email'> {
  return async ({ message, messageId }) => {
    await transport.deliver(message, messageId);
  };
}
