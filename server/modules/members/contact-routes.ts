/**
 * POST /api/contact: the contact form. Field problems answer 422 with the
 * form service's codes per field; nothing filled in answers EMPTY; the
 * honeypot and the rate limit answer BLOCKED.
 */
import { Hono } from 'hono';
import { CONTACT_THANK_YOU, enquirySchema, HONEYPOT_FIELD, isEmptyEnquiry } from '../../../src/domain/contact-enquiry';
import { formAcceptedSchema, toFieldProblem, type FormAccepted } from '../../../src/domain/form-fields';
import { responds } from '../../platform/http/contract';
import { clientAddress, NO_SOCKET, type TrustProxy } from '../../platform/http/client-address';
import { ApiError } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { validBody } from '../../platform/http/valid-body';
import type { ContactService } from './contact-service';

const blocked = (status: 403 | 429, message: string) => new ApiError(status, 'BLOCKED', message);

/** `trustProxy`: whose X-Forwarded-For names the sender, so the hourly limit is per visitor, not per proxy. */
export function contactRoutes(contact: ContactService, trustProxy: TrustProxy = null): Hono {
  const app = new Hono();

  const enquiry = validBody(enquirySchema, {
    first: (body) => {
      const honeypot = body[HONEYPOT_FIELD];
      if (honeypot !== undefined && honeypot !== '') throw blocked(403, 'This enquiry was blocked.');
    },
    invalid: (issues, body) =>
      isEmptyEnquiry(body)
        ? new ApiError(422, 'EMPTY', 'The form is empty: please fill in every field.', issues.map(toFieldProblem))
        : new ApiError(422, 'validation_failed', 'Please correct the fields shown.', issues.map(toFieldProblem)),
  });

  app.post('/', responds(formAcceptedSchema, { status: 201 }), formBodyLimit(), enquiry, async (c) => {
    const address = clientAddress(c, trustProxy);
    const outcome = await contact.submit(c.req.valid('json'), address === NO_SOCKET ? null : address);
    if (!outcome.stored) {
      c.header('Retry-After', '3600');
      throw blocked(429, 'Too many enquiries from this address. Please try again in an hour, or call us.');
    }
    return c.json({ ok: true, message: CONTACT_THANK_YOU } satisfies FormAccepted, 201);
  });

  return app;
}
