/**
 * Outgoing mail in two halves (docs/decisions/0013):
 * - createMailer: what the rest of the server calls. send() writes an email
 *   job with the Queryable it is given, so an email caused by a change is
 *   committed with that change or not at all, and is retried until the mail
 *   server takes it.
 * - createMailTransport: what the email job calls. SMTP through nodemailer
 *   when SMTP_URL is set, otherwise the outbox table. Every try of one job
 *   carries the same Message-ID, so a retry after an unknown outcome is
 *   recognisable as the same message (the outbox keeps one copy).
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/adapter';
import type { Env } from '../env';
import type { Jobs } from '../jobs/queue';
import type { Logger } from '../logger';
import { storeInOutbox } from './outbox';
import type { Mailer, MailMessage, SendOptions } from './types';

export interface MailTransportDependencies {
  db: Database;
  env: Pick<Env, 'smtpUrl' | 'mailFrom'> & Partial<Pick<Env, 'smtpMaxConnections' | 'smtpMaxPerSecond'>>;
  logger: Logger;
}

export interface MailTransport {
  /** Resolves once the mail server (or the outbox) has taken the message; throws to have the job retried. */
  deliver(message: MailMessage, messageId: string): Promise<void>;
  /** Closes the pooled connections (a process stopping). */
  close?(): void;
}

/** The domain of MAIL_FROM's address, for Message-IDs. */
export function mailDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9.-]+$/.test(domain) ? domain : 'localhost';
}

/**
 * A mail server's permanent answer about this message (RFC 5321: a 5yz reply, such as 550 for a mailbox that
 * does not exist): trying again would get the same answer. Temporary answers (4yz), a refused or dropped
 * connection and a timeout are worth another try. A refused login (535) is left temporary: it says the
 * SMTP_URL's password is wrong, which fails every email alike until the setting is put right.
 */
export function isPermanentMailError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && code !== 'EAUTH';
}

export function createMailTransport({ db, env, logger }: MailTransportDependencies): MailTransport {
  if (!env.smtpUrl) {
    return {
      async deliver(message, messageId) {
        await storeInOutbox(db, message, messageId);
        logger.debug(`Mail stored in the outbox: ${message.subject}`);
      },
      close() {},
    };
  }
  // A pool of connections, each used for many messages: a connection per message (a TCP and TLS
  // handshake, a greeting and a login each time) held delivery to about 15 emails a second.
  // Short timeouts: a mail server that hangs fails the try, and the job is tried again later.
  const transport = nodemailer.createTransport({
    url: env.smtpUrl,
    pool: true,
    maxConnections: env.smtpMaxConnections ?? 1,
    maxMessages: 100,
    ...(env.smtpMaxPerSecond ? { rateDelta: 1000, rateLimit: env.smtpMaxPerSecond } : {}),
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    close() {
      transport.close();
    },
    async deliver(message, messageId) {
      await transport.sendMail({
        from: env.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        messageId,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments ? { attachments: message.attachments } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      logger.info(`Mail sent: ${message.subject}`);
    },
  };
}

export interface MailerDependencies {
  db: Queryable;
  jobs: Pick<Jobs, 'send' | 'sendMany'>;
  env: Pick<Env, 'mailFrom'>;
}

export function createMailer({ db, jobs, env }: MailerDependencies): Mailer {
  const domain = mailDomain(env.mailFrom);
  const job = (message: MailMessage, options: SendOptions) => {
    const id = randomUUID();
    const data = {
      message,
      messageId: `<${id}@${domain}>`,
      kind: options.kind ?? 'email',
      ...(options.reason ? { reason: options.reason } : {}),
      ...(options.forgetAfterSending ? { forget: true } : {}),
    };
    return { id, data };
  };
  return {
    async send(message, q = db, options = {}) {
      const { id, data } = job(message, options);
      await jobs.send(q, 'email', data, { id });
    },
    async sendMany(messages, q = db) {
      if (messages.length === 0) return;
      await jobs.sendMany(q, 'email', messages.map(({ message, options = {} }) => job(message, options)));
    },
  };
}
