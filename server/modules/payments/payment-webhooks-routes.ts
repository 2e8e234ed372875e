/**
 * POST /api/payments/webhooks: PayPal's notifications (docs/decisions/0009).
 * No member token: PayPal's own signature check decides instead.
 * - The body is at most 64 KB (413) and must be a PayPal event (400): UTF-8
 *   text, with no nesting deeper than PayPal's documents and no text jsonb
 *   refuses.
 * - PayPal's verify-webhook-signature must answer SUCCESS for the
 *   delivery's PAYPAL-* headers, our webhook id and the body's exact text
 *   (PayPal signs the bytes it sent, so it is never re-serialised): FAILURE (or missing
 *   headers) is 400 and nothing is stored or done; PayPal unreachable is
 *   503, so PayPal sends it again.
 * - The event is stored once by its id and, unless an earlier delivery
 *   was acted on already, its paypal_webhook job queued, in one
 *   transaction; the answer is 200 at once. The job acts on it
 *   (processPayPalWebhook, server/modules/payments/paypal-webhook-job.ts) and retries
 *   while PayPal cannot be read, so PayPal's redelivery is not needed. A
 *   replay, even in parallel, is one stored event and one job.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from '../../../src/domain/schema-kit';
import type { Database } from '../../platform/db/adapter';
import { responds } from '../../platform/http/contract';
import { findBadText, MAX_PAYPAL_JSON_DEPTH, parseJson, tooDeepMessage } from '../../platform/http/text-rules';
import type { Logger } from '../../platform/logger';
import type { WebhookQueue } from './webhook-jobs';
import { PaymentError } from './payment-error';
import { recordWebhookEvent, webhookEvent, WEBHOOK_HEADERS, type PaymentWebhooks } from './webhooks';

/** PayPal's events are a few KB; anything near this is not one. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

// Strict: bytes that are not UTF-8 are refused rather than replaced, and a
// byte order mark is kept (and then refused by JSON.parse), so the text
// passed on to the signature check is the bytes PayPal sent.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
function exactText(bytes: ArrayBuffer): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** What PayPal is told of a notification stored for acting on: its 200 is all PayPal reads. */
const receivedSchema = z.strictObject({ status: z.literal('received') });

export function paymentWebhookRoutes(webhooks: PaymentWebhooks, queueWebhook: WebhookQueue, db: Database, now: () => Date, logger: Logger) {
  const app = new Hono();
  app.post(
    '/',
    responds(receivedSchema),
    bodyLimit({
      maxSize: MAX_WEBHOOK_BYTES,
      onError: () => {
        throw new PaymentError(413, 'REQUEST_TOO_LARGE', 'The notification is too large.');
      },
    }),
    async (c) => {
      const raw = exactText(await c.req.arrayBuffer());
      if (raw === null) throw new PaymentError(400, 'INVALID_EVENT', 'The notification is not JSON.');
      const parsed = parseJson(raw, MAX_PAYPAL_JSON_DEPTH);
      if (!parsed.ok) throw new PaymentError(400, 'INVALID_EVENT', parsed.problem === 'too_deep' ? tooDeepMessage(MAX_PAYPAL_JSON_DEPTH) : 'The notification is not JSON.');
      // Stored as jsonb: text PostgreSQL cannot keep is no PayPal event's.
      const event = findBadText(parsed.value) === null ? webhookEvent(parsed.value, raw) : null;
      if (!event) throw new PaymentError(400, 'INVALID_EVENT', 'The notification is not a PayPal event.');

      const verdict = await webhooks.verify((name) => c.req.header(name), event.raw);
      if (verdict === 'unavailable') throw new PaymentError(503, 'VERIFICATION_UNAVAILABLE', 'The notification could not be checked with PayPal just now.');
      if (verdict === 'not_configured') {
        logger.error(`PayPal webhook ${event.id} refused: PAYPAL_WEBHOOK_ID is not set, so no notification can be verified`);
        throw new PaymentError(400, 'WEBHOOK_NOT_CONFIGURED', 'This site cannot verify PayPal notifications.');
      }
      if (verdict !== 'verified') {
        logger.warn(`A PayPal webhook ${event.event_type} ${event.id} failed PayPal's signature check; ignored`);
        throw new PaymentError(400, 'WEBHOOK_SIGNATURE_INVALID', 'The notification’s signature is not valid.');
      }

      const transmissionId = c.req.header(WEBHOOK_HEADERS.transmissionId) ?? '';
      // Stored and its job queued together: a committed event is always acted on, a rolled-back one never.
      await db.transaction(async (tx) => {
        const { processed } = await recordWebhookEvent(tx, event, transmissionId, now());
        if (!processed) await queueWebhook(tx, event.id);
      });
      return c.json({ status: 'received' } satisfies z.output<typeof receivedSchema>);
    },
  );
  return app;
}
