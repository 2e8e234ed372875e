/**
 * POST /api/contact: the contact form. Field problems answer 422 with the
 * form service's codes per field; nothing filled in answers EMPTY; the
 * honeypot and the rate limit answer BLOCKED.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { checkEnquiry, HONEYPOT_FIELD } from '../../src/domain/contact-enquiry';
import { ApiError } from '../http/errors';
import { formBodyLimit, readJsonObject } from '../http/json-body';
import type { ContactService } from '../services/contact-service';

export const THANK_YOU = 'Thank you for reaching out! We will get back to you soon.';

/** The peer's address, when the server is on a real socket (not in-process tests). */
function clientAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null;
  }
}

const blocked = (status: 403 | 429, message: string) => new ApiError(status, 'BLOCKED', message);

export function contactRoutes(contact: ContactService): Hono {
  const app = new Hono();

  app.post('/', formBodyLimit(), async (c) => {
    const body = await readJsonObject(c);
    const honeypot = body[HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== '') throw blocked(403, 'This enquiry was blocked.');

    const check = checkEnquiry(body);
    if (!check.ok) {
      if (check.empty) throw new ApiError(422, 'EMPTY', 'The form is empty: please fill in every field.', check.problems);
      throw new ApiError(422, 'validation_failed', 'Please correct the fields shown.', check.problems);
    }
    const outcome = await contact.submit(check.enquiry, clientAddress(c));
    if (!outcome.stored) {
      c.header('Retry-After', '3600');
      throw blocked(429, 'Too many enquiries from this address. Please try again in an hour, or call us.');
    }
    return c.json({ ok: true, message: THANK_YOU }, 201);
  });

  return app;
}
