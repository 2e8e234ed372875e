/**
 * PayPal's webhooks (https://developer.paypal.com/api/rest/webhooks/,
 * docs/decisions/0009). A delivery is believed only when PayPal's own
 * verify-webhook-signature says SUCCESS for it and our webhook id; its event id
 * is then stored once (recordWebhookEvent, in the receiving transaction, which
 * also queues its paypal_webhook job: webhook-jobs.ts), so a redelivery or a
 * replay changes nothing. Acting on it is that job's work: processPayPalWebhook
 * reads the stored event and then the resource's current state from PayPal (GET
 * capture, GET refund), never the state the event carried, because events
 * arrive late, twice and out of order. Everything it does goes through the
 * idempotent paths the capture and refunds already use (settle.ts,
 * recordRefund), so processing an event twice, or racing the capture call or
 * the reconciler, has one effect.
 *
 * What it does with the resource's state:
 * - a capture of an order we have not settled: settle it from the order
 *   (confirm, refund if the place has gone or the amount is wrong, or free
 *   the hold), as the reconciler does;
 * - a capture of a confirmed booking that PayPal now reports denied,
 *   reversed or refunded without us: flag the order for staff, keep the
 *   booking (staff decide; the member is not silently cancelled);
 * - a refund of an order we are refunding: COMPLETED marks it refunded
 *   (one email), FAILED or CANCELLED marks it refund_failed.
 */
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { Logger } from '../../platform/logger';
import { isPayPalId, type PayPalAnswer, type PayPalApi } from './paypal-client';
import { refundWord, type RefundWord } from './refunds';
import { paypalBodyForLog } from './payment-error';
import { isSettled, ORDER_COLUMNS, ORDER_ROW, REFUNDING, toOrder, type PaymentOrderRow, type PaymentOrderStatus, type PaymentProblem, type Settlement } from './settle';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The PAYPAL-* headers of a delivery, as Hono reads them (lower case). */
export const WEBHOOK_HEADERS = {
  transmissionId: 'paypal-transmission-id',
  transmissionTime: 'paypal-transmission-time',
  transmissionSig: 'paypal-transmission-sig',
  certUrl: 'paypal-cert-url',
  authAlgo: 'paypal-auth-algo',
} as const;

/** The events this site acts on; others are stored and left alone. */
export const ACTED_ON = [
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.REVERSED',
  'PAYMENT.CAPTURE.REFUNDED',
] as const;

export interface PayPalWebhookEvent {
  id: string;
  event_type: string;
  resource_type: string | null;
  resource_id: string | null;
  /** The event as parsed, kept as jsonb. */
  body: Json;
  /** The delivery's body exactly as received: what PayPal's signature check is given. */
  raw: string;
}

const EVENT_ID = /^[A-Za-z0-9-]{1,100}$/;
const EVENT_TYPE = /^[A-Z0-9._-]{1,100}$/;

/** The delivery's JSON (`value`, parsed from the body's text `raw`) as a PayPal event, or null when it is not one. */
export function webhookEvent(value: unknown, raw: string): PayPalWebhookEvent | null {
  const body = obj(value);
  const id = text(body.id);
  const type = text(body.event_type);
  if (!id || !EVENT_ID.test(id) || !type || !EVENT_TYPE.test(type)) return null;
  const resourceId = obj(body.resource).id;
  return {
    id,
    event_type: type,
    resource_type: text(body.resource_type)?.slice(0, 40) ?? null,
    resource_id: isPayPalId(resourceId) ? resourceId : null,
    body,
    raw,
  };
}

const PROCESSED_ROW = { processed_at: col.nullable(col.instant()) };
/** A stored event as processing reads it; the resource's links are a jsonb path, NULL when absent. */
const STORED_EVENT_ROW = {
  event_type: col.text(),
  resource_type: col.nullable(col.text()),
  resource_id: col.nullable(col.text()),
  resource_links: col.json(),
  processed_at: col.nullable(col.instant()),
  outcome: col.nullable(col.text()),
};

export type Verdict = 'verified' | 'forged' | 'unavailable' | 'not_configured';

/**
 * Stores a verified event once, in the caller's transaction. `processed`
 * says whether an earlier delivery was acted on already (a replay: nothing
 * to do); otherwise the route queues the event's paypal_webhook job in this
 * same transaction.
 */
export async function recordWebhookEvent(
  tx: Queryable,
  event: PayPalWebhookEvent,
  transmissionId: string,
  at: Date,
): Promise<{ stored: boolean; processed: boolean }> {
  const inserted = await tx.query(
    `INSERT INTO paypal_webhook_events (event_id, event_type, resource_type, resource_id, body, transmission_id, received_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
    [event.id, event.event_type, event.resource_type, event.resource_id, event.body, transmissionId.slice(0, 100), at],
  );
  if (inserted.length > 0) return { stored: true, processed: false };
  const known = await rowOf(tx, PROCESSED_ROW, 'SELECT processed_at FROM paypal_webhook_events WHERE event_id = $1', [event.id]);
  return { stored: false, processed: Boolean(known?.processed_at) };
}

export interface WebhookDeps {
  db: Database;
  paypal: PayPalApi;
  /** Our webhook's id at PayPal (PAYPAL_WEBHOOK_ID), or the local sandbox's; null: none can be verified. */
  webhookId: string | null;
  settleFrom: (order: PaymentOrderRow, answer: PayPalAnswer) => Promise<Settlement | null>;
  recordRefund: (order: PaymentOrderRow, word: RefundWord) => Promise<PaymentOrderStatus>;
  now: () => Date;
  logger: Logger;
}

/** The id at the end of a PayPal link of `kind` (captures, orders) among `links`. */
function linkedId(links: unknown, kind: 'captures' | 'orders'): string | null {
  if (!Array.isArray(links)) return null;
  const pattern = new RegExp(`/v2/(?:payments|checkout)/${kind}/([A-Za-z0-9-]{6,64})(?:[/?]|$)`);
  for (const link of links) {
    const match = pattern.exec(text(obj(link).href) ?? '');
    if (match && obj(link).rel === 'up') return match[1]!;
  }
  return null;
}

const FLAG_TEXT: Record<Exclude<PaymentProblem, 'amount_mismatch'>, string> = {
  capture_denied: 'PayPal now reports the payment denied',
  capture_reversed: 'PayPal reversed the payment (a chargeback or dispute)',
  refunded_at_paypal: 'the payment was refunded at PayPal, not through this site',
};

export function createWebhooks({ db, paypal, webhookId, settleFrom, recordRefund, now, logger }: WebhookDeps) {
  const findOrder = async (where: string, params: unknown[]): Promise<PaymentOrderRow | null> => {
    const row = await rowOf(db, ORDER_ROW, `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE ${where} LIMIT 1`, params);
    return row ? toOrder(row) : null;
  };

  async function flag(order: PaymentOrderRow, problem: Exclude<PaymentProblem, 'amount_mismatch'>, detail: string): Promise<string> {
    const at = now();
    const [changed] = await db.query(
      `UPDATE payment_orders SET problem = $2, problem_detail = $3, problem_at = $4, updated_at = $4
       WHERE payment_id = $1::uuid AND problem IS DISTINCT FROM $2 RETURNING 1`,
      [order.payment_id, problem, detail.slice(0, 500), at],
    );
    if (changed) {
      logger.error(`Card payment ${order.order_id} of confirmed booking ${order.appointment_id}: ${detail}. The booking stands until staff decide.`);
    }
    return `flagged_${problem}`;
  }

  /** Acts on a capture's current state at PayPal. */
  async function fromCapture(captureId: string, eventType: string): Promise<string> {
    const answer = await paypal.getCapture(captureId);
    if (answer.status === 404) return 'capture_not_found';
    if (answer.status !== 200) throw new Error(`PayPal answered ${answer.status} to GET capture ${captureId}`);
    const capture = answer.body;
    const orderId = text(obj(obj(capture.supplementary_data).related_ids).order_id) ?? linkedId(capture.links, 'orders');
    const order = await findOrder('capture_id = $1 OR (order_id IS NOT NULL AND order_id = $2) ORDER BY (capture_id = $1) IS TRUE DESC', [captureId, orderId ?? '']);
    if (!order) return 'not_ours';
    const status = text(capture.status) ?? '';

    if (!isSettled(order.status)) {
      // Settled from the whole order, as the capture call and the reconciler settle it (amount check included).
      if (status === 'PENDING' || !order.order_id) return 'capture_pending';
      const current = await paypal.getOrder(order.order_id);
      if (current.status !== 200) throw new Error(`PayPal answered ${current.status} to GET order ${order.order_id}`);
      if (current.body.status !== 'COMPLETED') return 'order_not_completed';
      const settlement = await settleFrom(order, current);
      return settlement ? `settled_${settlement.order.status}` : 'undecided';
    }
    if (order.status !== 'completed') return 'no_change';
    // The booking was confirmed on a completed capture; PayPal now says otherwise.
    if (status === 'DECLINED' || status === 'FAILED') return flag(order, 'capture_denied', `${FLAG_TEXT.capture_denied} (capture ${captureId} is ${status})`);
    if (status === 'REFUNDED' || status === 'PARTIALLY_REFUNDED') {
      const reason = text(obj(capture.status_details).reason);
      const reversed = eventType === 'PAYMENT.CAPTURE.REVERSED' || reason === 'CHARGEBACK' || reason === 'BUYER_COMPLAINT';
      const problem = reversed ? 'capture_reversed' : 'refunded_at_paypal';
      return flag(order, problem, `${FLAG_TEXT[problem]} (capture ${captureId} is ${status}${reason ? `, ${reason}` : ''})`);
    }
    return 'no_change';
  }

  /**
   * Acts on a refund's current state at PayPal. `upCapture` is the capture
   * the event's own resource names in its `up` link: when PayPal has no
   * refund by that id (a reversal, a chargeback, is not always one it
   * shows as a refund), that capture's current state decides instead.
   */
  async function fromRefund(refundId: string, eventType: string, upCapture: string | null): Promise<string> {
    const answer = await paypal.getRefund(refundId);
    if (answer.status === 404) return upCapture ? fromCapture(upCapture, eventType) : 'refund_not_found';
    if (answer.status !== 200) throw new Error(`PayPal answered ${answer.status} to GET refund ${refundId}`);
    const word = refundWord(answer.body);
    const captureId = linkedId(answer.body.links, 'captures');
    const order = await findOrder('refund_id = $1 OR (capture_id IS NOT NULL AND capture_id = $2) ORDER BY (refund_id = $1) IS TRUE DESC', [refundId, captureId ?? '']);
    if (order && (REFUNDING as readonly string[]).includes(order.status)) return `refund_${await recordRefund(order, word)}`;
    // Not a refund we asked for: what it means depends on the capture (not yet settled here, or a confirmed booking).
    if (captureId && (!order || order.status === 'completed' || !isSettled(order.status))) return fromCapture(captureId, eventType);
    return order ? 'no_change' : 'not_ours';
  }

  return {
    /** PayPal's verdict on one delivery: its headers and its body's exact text. */
    async verify(header: (name: string) => string | undefined, rawEvent: string): Promise<Verdict> {
      if (!webhookId) return 'not_configured';
      const read = (name: string, max: number) => {
        const value = header(name);
        return value && value.length <= max ? value : null;
      };
      const input = {
        auth_algo: read(WEBHOOK_HEADERS.authAlgo, 100),
        cert_url: read(WEBHOOK_HEADERS.certUrl, 500),
        transmission_id: read(WEBHOOK_HEADERS.transmissionId, 50),
        transmission_sig: read(WEBHOOK_HEADERS.transmissionSig, 500),
        transmission_time: read(WEBHOOK_HEADERS.transmissionTime, 100),
      };
      const { auth_algo, cert_url, transmission_id, transmission_sig, transmission_time } = input;
      if (!auth_algo || !cert_url || !transmission_id || !transmission_sig || !transmission_time) return 'forged';
      const answer = await paypal.verifyWebhookSignature({
        auth_algo, cert_url, transmission_id, transmission_sig, transmission_time, webhook_id: webhookId, webhook_event: rawEvent,
      });
      if (answer.status === 200) return answer.body.verification_status === 'SUCCESS' ? 'verified' : 'forged';
      // PayPal refuses headers that are not even well formed: nothing it sent.
      if (answer.status === 400 || answer.status === 422) return 'forged';
      logger.error(`PayPal's webhook signature check answered ${answer.status}; the delivery is refused for PayPal to send again`, paypalBodyForLog(answer.body));
      return 'unavailable';
    },

    /**
     * Acts on stored event `eventId` (idempotent: an event processed before
     * is left alone, and every effect is one however often this runs): the
     * paypal_webhook job's work. Resolves to what it did; throws when PayPal
     * cannot be read, so the job tries again later (the event stays
     * unprocessed).
     */
    async processPayPalWebhook(eventId: string): Promise<string> {
      const event = await rowOf(
        db,
        STORED_EVENT_ROW,
        `SELECT event_type, resource_type, resource_id, body #> '{resource,links}' AS resource_links, processed_at, outcome
         FROM paypal_webhook_events WHERE event_id = $1`,
        [eventId],
      );
      if (!event) return 'unknown_event';
      if (event.processed_at) return event.outcome ?? 'processed';
      let outcome = 'ignored';
      const type = event.event_type;
      if ((ACTED_ON as readonly string[]).includes(type) && event.resource_id) {
        // REFUNDED and REVERSED carry a refund; the rest a capture. The resource type, when given, decides.
        const isRefund = event.resource_type ? event.resource_type === 'refund' : type === 'PAYMENT.CAPTURE.REFUNDED' || type === 'PAYMENT.CAPTURE.REVERSED';
        outcome = isRefund ? await fromRefund(event.resource_id, type, linkedId(event.resource_links, 'captures')) : await fromCapture(event.resource_id, type);
      }
      await db.query('UPDATE paypal_webhook_events SET processed_at = $2, outcome = $3 WHERE event_id = $1 AND processed_at IS NULL', [
        eventId,
        now(),
        outcome,
      ]);
      return outcome;
    },
  };
}

export type PaymentWebhooks = ReturnType<typeof createWebhooks>;
