/**
 * createMailer: SMTP through nodemailer when SMTP_URL is set, otherwise the
 * outbox table. Callers never know which; they await send() and a failure
 * throws like any other dependency's.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../db/adapter';
import type { Env } from '../env';
import type { Logger } from '../logger';
import { storeInOutbox } from './outbox';
import type { Mailer, MailMessage } from './types';

export interface MailerDependencies {
  db: Database;
  env: Pick<Env, 'smtpUrl' | 'mailFrom'>;
  logger: Logger;
}

export function createMailer({ db, env, logger }: MailerDependencies): Mailer {
  if (!env.smtpUrl) {
    return {
      async send(message) {
        await storeInOutbox(db, message);
        logger.debug(`Mail stored in the outbox: ${message.subject}`);
      },
    };
  }
  const transport = nodemailer.createTransport(env.smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from: env.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
      logger.info(`Mail sent: ${message.subject}`);
    },
  };
}
