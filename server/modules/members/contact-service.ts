/**
 * Contact enquiries: stored first, then emailed to the charity. A sender
 * gets a few enquiries an hour, counted in the database
 * (docs/decisions/0008-threat-model.md, control 3: throttles hold across
 * server processes); the lock makes the count and the insert one step, so
 * parallel requests cannot slip past it.
 */
import { createHash } from 'node:crypto';
import { ENQUIRY_LABELS, ENQUIRY_FIELDS, type ContactEnquiry } from '../../../src/domain/contact-enquiry';
import type { Database } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail';

export const ENQUIRIES_PER_EMAIL_PER_HOUR = 5;
export const ENQUIRIES_PER_CLIENT_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;

/** The sender's enquiries in the last hour (count(*): int8), by address and by client. */
const RECENT_COUNTS_ROW = { by_email: col.int(), by_client: col.int() };
const STORED_ROW = { id: col.text() };

export type EnquiryOutcome = { stored: true; id: string } | { stored: false; reason: 'rate_limited' };

export interface ContactService {
  submit(enquiry: ContactEnquiry, client: string | null): Promise<EnquiryOutcome>;
}

export function hashClient(client: string): string {
  return createHash('sha256').update(`contact:${client}`).digest('hex');
}

function enquiryText(enquiry: ContactEnquiry): string {
  const lines = ENQUIRY_FIELDS.filter((f) => f !== 'message').map((f) => `${ENQUIRY_LABELS[f]}: ${enquiry[f]}`);
  return `A new enquiry from the website's contact form.\n\n${lines.join('\n')}\n\nMessage:\n${enquiry.message}\n`;
}

export function createContactService(
  db: Database,
  mailer: Mailer,
  { to, now, logger }: { to: string; now: () => Date; logger: Logger },
): ContactService {
  return {
    async submit(enquiry, client) {
      const email = enquiry.email.toLowerCase();
      const clientHash = client ? hashClient(client) : null;
      const since = new Date(now().getTime() - HOUR_MS);

      const id = await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`contact:${email}`]);
        if (clientHash) await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`contact:${clientHash}`]);
        const counts = await rowOf(
          tx,
          RECENT_COUNTS_ROW,
          `SELECT count(*) FILTER (WHERE lower(email) = $1) AS by_email,
                  count(*) FILTER (WHERE client_hash = $2) AS by_client
             FROM contact_enquiries
            WHERE created_at > $3 AND (lower(email) = $1 OR client_hash = $2)`,
          [email, clientHash, since],
        );
        if (
          (counts?.by_email ?? 0) >= ENQUIRIES_PER_EMAIL_PER_HOUR ||
          (counts?.by_client ?? 0) >= ENQUIRIES_PER_CLIENT_PER_HOUR
        ) {
          return null;
        }
        const row = await rowOf(
          tx,
          STORED_ROW,
          `INSERT INTO contact_enquiries (first_name, last_name, email, phone_number, message, client_hash, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            enquiry['first-name'],
            enquiry['last-name'],
            enquiry.email,
            enquiry['phone-number'],
            enquiry.message,
            clientHash,
            now(),
          ],
        );
        return row?.id ?? null;
      });
      if (!id) return { stored: false, reason: 'rate_limited' };

      try {
        await mailer.send({
          to,
          subject: `Website enquiry from ${enquiry['first-name']} ${enquiry['last-name']}`,
          text: enquiryText(enquiry),
          // The charity's reply goes to the sender; "Delete my account" finds his enquiries' mail by it, exactly (ADR 0021).
          headers: { 'Reply-To': email },
        });
        await db.query('UPDATE contact_enquiries SET emailed_at = $2 WHERE id = $1', [id, now()]);
      } catch (error) {
        // The enquiry is stored; the charity can still read it. The sender is not asked to repeat it.
        logger.error(`Enquiry ${id} was stored but could not be emailed`, error);
      }
      return { stored: true, id };
    },
  };
}
