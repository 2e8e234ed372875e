/**
 * The local sandbox's orders, kept in dev_paypal_orders as PayPal keeps
 * them, and changed the way PayPal changes them: created, approved by a
 * card (confirm-payment-source, which the stand-in SDK calls), captured
 * once, refunded once (the refund itself kept in dev_paypal_refunds, as
 * it may stay PENDING and complete or fail later). Each change runs in one
 * transaction under a lock on the order's row; a PayPal-Request-Id seen
 * before returns the first answer (FACTS.md), even when the same request
 * arrives many times at once, with 200 where the first was 201 for a
 * create or capture, as Orders v2 answers a replay. Orders are answered
 * with PayPal's HATEOAS links for their status. A change PayPal notifies (capture completed
 * or declined, refund completed, capture reversed) is handed to `notify`
 * after its transaction has committed, so the webhook is sent after the
 * answer.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../platform/db/adapter';
import { afterPaymentFor, cardBrand, declineFor, isPayPalExpiry, luhnValid, notExpired, PROCESSOR_CODES } from './cards';
import type { SandboxEvent } from './webhooks';

type Json = Record<string, unknown>;
export interface SandboxAnswer {
  status: number;
  body: Json;
}

const paypalId = (length = 17) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
};

// The message PayPal's Orders v2 and Payments v2 documents give each error status (error_400, error_404, error_422).
const ERROR_MESSAGES: Record<number, string> = {
  400: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  404: 'The specified resource does not exist.',
  422: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
};

/** PayPal's error answer; `field` is the JSON pointer of the field at fault, when there is one. */
export const paypalError = (status: number, name: string, issue: string, description: string, field?: string): SandboxAnswer => ({
  status,
  body: {
    name,
    message: ERROR_MESSAGES[status] ?? ERROR_MESSAGES[422],
    details: [field ? { field, location: 'body', issue, description } : { issue, description }],
    debug_id: randomBytes(7).toString('hex'),
  },
});

export const notFound = () =>
  paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
const unprocessable = (issue: string, description: string) => paypalError(422, 'UNPROCESSABLE_ENTITY', issue, description);
const invalid = (issue: string, description: string, field?: string) => paypalError(400, 'INVALID_REQUEST', issue, description, field);

/**
 * What Orders v2 answers to a create order's intent and amount, in its
 * documented issues: a field missing or of an unknown value is 400, a
 * number written wrong 400, and a well-written amount it cannot take
 * (more than two decimals, zero or less) 422. Null when they are fine.
 */
function createProblem(intent: unknown, amount: Json): SandboxAnswer | null {
  if (intent === undefined) return invalid('MISSING_REQUIRED_PARAMETER', 'A required parameter is missing.');
  if (intent !== 'CAPTURE' && intent !== 'AUTHORIZE') return invalid('INVALID_PARAMETER_VALUE', 'A parameter value is not valid.');
  const value = amount.value;
  if (value === undefined || amount.currency_code === undefined) return invalid('MISSING_REQUIRED_PARAMETER', 'A required parameter is missing.');
  if (typeof value !== 'string' || !/^-?\d{1,10}(\.\d+)?$/.test(value)) {
    return invalid('INVALID_PARAMETER_SYNTAX', 'The value of a field does not conform to the expected format.');
  }
  if (/\.\d{3,}$/.test(value)) return unprocessable('DECIMAL_PRECISION', 'If the currency supports decimals, only two decimal place precision is supported.');
  if (Number(value) <= 0) {
    return unprocessable('CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.');
  }
  return null;
}

/**
 * Runs `act` once per request key; later calls with the key get the first
 * answer. Orders v2 answers a replayed create or capture 200 where the
 * first was 201 (`replayOk`); Payments v2 documents 201 alone for refunds.
 */
async function once(db: Database, key: string | null, act: (tx: Queryable) => Promise<SandboxAnswer>, replayOk = false): Promise<SandboxAnswer> {
  return db.transaction(async (tx) => {
    if (key) {
      // A parallel insert of the same key waits here for the first to commit.
      const claimed = await tx.query('INSERT INTO dev_paypal_requests (request_key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1', [key]);
      if (claimed.length === 0) {
        const [done] = await tx.query<{ http_status: number | null; answer: Json | null }>(
          'SELECT http_status, answer FROM dev_paypal_requests WHERE request_key = $1',
          [key],
        );
        if (done?.answer && done.http_status) return { status: replayOk && done.http_status === 201 ? 200 : done.http_status, body: done.answer };
      }
    }
    const answer = await act(tx);
    if (key) {
      await tx.query('UPDATE dev_paypal_requests SET http_status = $2, answer = $3 WHERE request_key = $1', [key, answer.status, answer.body]);
    }
    return answer;
  });
}

async function lockOrder(tx: Queryable, orderId: string): Promise<Json | null> {
  const [row] = await tx.query<{ body: Json }>('SELECT body FROM dev_paypal_orders WHERE order_id = $1 FOR UPDATE', [orderId]);
  return row?.body ?? null;
}

const saveOrder = (tx: Queryable, order: Json) =>
  tx.query('UPDATE dev_paypal_orders SET body = $2 WHERE order_id = $1', [order.id, order]);

const unit = (order: Json) => ((order.purchase_units as Json[])[0] ?? {}) as Json;

/** Where the sandbox's links point; the server's client reaches it in-process at this origin. */
export const SANDBOX_ORIGIN = 'http://paypal-sandbox.local';

const captureLinks = (captureId: string, orderId: string) => [
  { href: `${SANDBOX_ORIGIN}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
  { href: `${SANDBOX_ORIGIN}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
  { href: `${SANDBOX_ORIGIN}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
];
const refundLinks = (refundId: string, captureId: string) => [
  { href: `${SANDBOX_ORIGIN}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
  { href: `${SANDBOX_ORIGIN}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
];

const orderHref = (orderId: string) => `${SANDBOX_ORIGIN}/v2/checkout/orders/${orderId}`;

/** The order as PayPal shows it: with the HATEOAS links for what may be done next, by its status. */
export function withLinks(order: Json): Json {
  const id = String(order.id);
  const self = { href: orderHref(id), rel: 'self', method: 'GET' };
  const update = { href: orderHref(id), rel: 'update', method: 'PATCH' };
  const capture = { href: `${orderHref(id)}/capture`, rel: 'capture', method: 'POST' };
  const approve = { href: `${SANDBOX_ORIGIN}/checkoutnow?token=${id}`, rel: 'approve', method: 'GET' };
  const links = order.status === 'CREATED' ? [self, approve, update, capture] : order.status === 'APPROVED' ? [self, update, capture] : [self];
  return { ...order, links };
}

/** The order holding capture `captureId`, locked, with that capture. */
async function lockCapture(tx: Queryable, captureId: string): Promise<{ order: Json; capture: Json } | null> {
  const [row] = await tx.query<{ order_id: string }>(
    `SELECT order_id FROM dev_paypal_orders WHERE body #>> '{purchase_units,0,payments,captures,0,id}' = $1`,
    [captureId],
  );
  const order = row ? await lockOrder(tx, row.order_id) : null;
  if (!order) return null;
  return { order, capture: ((unit(order).payments as Json).captures as Json[])[0]! };
}

/** Keeps a refund in its table and in its order's payments.refunds, as GET order shows it. */
async function saveRefund(tx: Queryable, order: Json, refund: Json, captureId: string) {
  await tx.query(
    `INSERT INTO dev_paypal_refunds (refund_id, capture_id, order_id, body) VALUES ($1, $2, $3, $4)
     ON CONFLICT (refund_id) DO UPDATE SET body = EXCLUDED.body`,
    [refund.id, captureId, order.id, refund],
  );
  const payments = unit(order).payments as Json;
  const others = ((payments.refunds as Json[] | undefined) ?? []).filter((r) => r.id !== refund.id);
  payments.refunds = [...others, refund];
  await saveOrder(tx, order);
}

const money = (value: unknown) => {
  const amount = (value ?? {}) as Json;
  return `${String(amount.value ?? '')} ${String(amount.currency_code ?? '')}`.trim();
};

export function sandboxOrders(db: Database, now: () => Date, notify: (events: SandboxEvent[]) => Promise<void> = async () => {}) {
  /** Runs `change` in once(); the events it names are notified after the commit. */
  async function notifying(key: string | null, change: (tx: Queryable, events: SandboxEvent[]) => Promise<SandboxAnswer>, replayOk = false): Promise<SandboxAnswer> {
    const events: SandboxEvent[] = [];
    const answer = await once(db, key, (tx) => change(tx, events), replayOk);
    await notify(events);
    return answer;
  }

  /** A PENDING refund becomes `status`; the capture is refunded when it completes. */
  function settleRefund(refundId: string, status: 'COMPLETED' | 'FAILED'): Promise<SandboxAnswer> {
    return notifying(null, async (tx, events) => {
      const [row] = await tx.query<{ capture_id: string }>('SELECT capture_id FROM dev_paypal_refunds WHERE refund_id = $1', [refundId]);
      const found = row ? await lockCapture(tx, row.capture_id) : null;
      if (!found) return notFound();
      const [current] = await tx.query<{ body: Json }>('SELECT body FROM dev_paypal_refunds WHERE refund_id = $1', [refundId]);
      const refund = current!.body;
      if (refund.status !== 'PENDING') return unprocessable('REFUND_NOT_PENDING', `The refund is ${String(refund.status)}, not PENDING.`);
      refund.status = status;
      refund.update_time = now().toISOString();
      if (status === 'COMPLETED') {
        delete refund.status_details;
        found.capture.status = 'REFUNDED';
        events.push({ type: 'PAYMENT.CAPTURE.REFUNDED', resourceType: 'refund', resource: refund, summary: `A ${money(refund.amount)} capture payment was refunded` });
      }
      // PayPal documents no webhook for a refund that fails: the server learns it from GET refund.
      await saveRefund(tx, found.order, refund, row!.capture_id);
      return { status: 200, body: refund };
    });
  }

  return {
    create(body: Json, requestId: string | null): Promise<SandboxAnswer> {
      return once(db, requestId && `create:${requestId}`, async (tx) => {
        const units = Array.isArray(body.purchase_units) ? (body.purchase_units as Json[]) : [];
        const amount = (units[0]?.amount ?? {}) as Json;
        const problem = createProblem(body.intent, amount);
        if (problem) return problem;
        const at = now().toISOString();
        const order: Json = {
          id: paypalId(),
          intent: body.intent,
          status: 'CREATED',
          purchase_units: [
            {
              reference_id: 'default',
              amount: { currency_code: String(amount.currency_code ?? 'GBP'), value: amount.value },
              description: typeof units[0]?.description === 'string' ? units[0].description : undefined,
              custom_id: typeof units[0]?.custom_id === 'string' ? units[0].custom_id : undefined,
            },
          ],
          create_time: at,
          update_time: at,
        };
        await tx.query('INSERT INTO dev_paypal_orders (order_id, body) VALUES ($1, $2)', [order.id, order]);
        return { status: 201, body: withLinks(order) };
      }, true);
    },

    async get(orderId: string): Promise<SandboxAnswer> {
      const [row] = await db.query<{ body: Json }>('SELECT body FROM dev_paypal_orders WHERE order_id = $1', [orderId]);
      return row ? { status: 200, body: withLinks(row.body) } : notFound();
    },

    /** The stand-in SDK's card, checked as a card network would; the order becomes APPROVED. */
    confirmCard(orderId: string, card: Json): Promise<SandboxAnswer> {
      return once(db, null, async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return notFound();
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
        const number = String(card.number ?? '').replace(/[\s-]/g, '');
        const expiry = String(card.expiry ?? '');
        const name = String(card.name ?? '').trim().slice(0, 300);
        const brand = cardBrand(number);
        // Issues and descriptions as Orders v2 documents them for confirm-payment-source (orders.confirm-400, -422).
        if (!isPayPalExpiry(expiry)) {
          return invalid('INVALID_PARAMETER_SYNTAX', 'The value of the field does not conform to the expected format.', '/payment_source/card/expiry');
        }
        if (!luhnValid(number)) return invalid('INVALID_PARAMETER_SYNTAX', 'The value of the field does not conform to the expected format.', '/payment_source/card/number');
        if (!brand) return unprocessable('CARD_TYPE_NOT_SUPPORTED', 'Processing of this card type is not supported. Use another card type.');
        if (!notExpired(expiry, now())) return unprocessable('CARD_EXPIRED', 'The card is expired');
        if (!/^\d{3,4}$/.test(String(card.security_code ?? ''))) {
          return unprocessable('INVALID_SECURITY_CODE_LENGTH', 'The security_code length is invalid for the specified card brand.');
        }
        const address = card.billing_address && typeof card.billing_address === 'object' ? (card.billing_address as Json) : null;
        order.payment_source = {
          card: {
            name, last_digits: number.slice(-4), expiry, brand, type: 'CREDIT', bin_details: { issuing_bank: 'CHAPS Local Sandbox Bank' },
            ...(address ? { billing_address: Object.fromEntries(Object.entries(address).map(([k, v]) => [k, String(v ?? '').slice(0, 300)])) } : {}),
          },
        };
        order.status = 'APPROVED';
        order.update_time = now().toISOString();
        await saveOrder(tx, order);
        return { status: 200, body: withLinks(order) };
      });
    },

    capture(orderId: string, requestId: string | null): Promise<SandboxAnswer> {
      return notifying(requestId && `capture:${requestId}`, async (tx, events) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return notFound();
        // Descriptions exactly as orders.capture-422 documents them.
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
        if (order.status !== 'APPROVED') {
          return unprocessable(
            'ORDER_NOT_APPROVED',
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request.",
          );
        }
        const card = ((order.payment_source as Json).card ?? {}) as Json;
        const decline = declineFor(String(card.name ?? ''));
        if (decline === 'REFUSED') {
          // The payer may choose another card: the order waits for a new approval.
          order.status = 'CREATED';
          delete order.payment_source;
          await saveOrder(tx, order);
          return unprocessable('INSTRUMENT_DECLINED', "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.");
        }
        const at = now().toISOString();
        const purchase = unit(order);
        const captureId = paypalId();
        const ordered = purchase.amount as Json;
        const amount = afterPaymentFor(String(card.name ?? '')) === 'CAPTURE_ONE_PENNY' ? { currency_code: ordered.currency_code, value: '0.01' } : ordered;
        const capture: Json = {
          id: captureId,
          status: decline ? 'DECLINED' : 'COMPLETED',
          amount,
          // What the charity receives; the stand-in takes no fee, so net is gross.
          ...(decline ? {} : { seller_receivable_breakdown: { gross_amount: amount, net_amount: amount } }),
          final_capture: true,
          custom_id: purchase.custom_id,
          processor_response: decline
            ? { avs_code: 'Y', cvv_code: 'M', response_code: PROCESSOR_CODES[decline] }
            : { avs_code: 'Y', cvv_code: 'M', response_code: '0000' },
          supplementary_data: { related_ids: { order_id: order.id } },
          links: captureLinks(captureId, String(order.id)),
          create_time: at,
          update_time: at,
        };
        purchase.payments = { captures: [capture] };
        order.status = 'COMPLETED';
        order.update_time = at;
        await saveOrder(tx, order);
        events.push(
          decline
            ? { type: 'PAYMENT.CAPTURE.DECLINED', resourceType: 'capture', resource: capture, summary: `Payment declined for ${money(capture.amount)}` }
            : { type: 'PAYMENT.CAPTURE.COMPLETED', resourceType: 'capture', resource: capture, summary: `Payment completed for ${money(capture.amount)}` },
        );
        return { status: 201, body: withLinks(order) };
      }, true);
    },

    async getCapture(captureId: string): Promise<SandboxAnswer> {
      const [row] = await db.query<{ capture: Json }>(
        `SELECT body #> '{purchase_units,0,payments,captures,0}' AS capture FROM dev_paypal_orders
         WHERE body #>> '{purchase_units,0,payments,captures,0,id}' = $1`,
        [captureId],
      );
      return row ? { status: 200, body: row.capture } : notFound();
    },

    async getRefund(refundId: string): Promise<SandboxAnswer> {
      const [row] = await db.query<{ body: Json }>('SELECT body FROM dev_paypal_refunds WHERE refund_id = $1', [refundId]);
      return row ? { status: 200, body: row.body } : notFound();
    },

    /** The whole capture back: COMPLETED at once, or PENDING for a card named LOCAL-REFUND-PENDING. */
    refund(captureId: string, requestId: string | null): Promise<SandboxAnswer> {
      return notifying(requestId && `refund:${requestId}`, async (tx, events) => {
        const found = await lockCapture(tx, captureId);
        if (!found) return notFound();
        const { order, capture } = found;
        // Issues and descriptions as captures.refund-422 documents them.
        if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
        if (capture.status !== 'COMPLETED') return unprocessable('REFUND_NOT_ALLOWED', 'Capture cannot be refunded.');
        const waiting = ((unit(order).payments as Json).refunds as Json[] | undefined)?.some((r) => r.status === 'PENDING');
        if (waiting) return unprocessable('REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
        const card = (((order.payment_source ?? {}) as Json).card ?? {}) as Json;
        const pending = afterPaymentFor(String(card.name ?? '')) === 'REFUND_PENDING';
        const at = now().toISOString();
        const refundId = paypalId();
        const refund: Json = {
          id: refundId,
          status: pending ? 'PENDING' : 'COMPLETED',
          ...(pending ? { status_details: { reason: 'ECHECK' } } : {}),
          amount: capture.amount,
          create_time: at,
          update_time: at,
          links: refundLinks(refundId, captureId),
        };
        if (!pending) {
          capture.status = 'REFUNDED';
          events.push({ type: 'PAYMENT.CAPTURE.REFUNDED', resourceType: 'refund', resource: refund, summary: `A ${money(refund.amount)} capture payment was refunded` });
        }
        await saveRefund(tx, order, refund, captureId);
        return { status: 201, body: refund };
      });
    },

    /** /dev/paypal/sandbox: a PENDING refund completes (PayPal then sends PAYMENT.CAPTURE.REFUNDED). */
    completeRefund: (refundId: string) => settleRefund(refundId, 'COMPLETED'),

    /** /dev/paypal/sandbox: a PENDING refund fails (PayPal sends no webhook for it). */
    failRefund: (refundId: string) => settleRefund(refundId, 'FAILED'),

    /** /dev/paypal/sandbox: the card's bank takes a completed payment back (a chargeback): PAYMENT.CAPTURE.REVERSED. */
    reverseCapture(captureId: string): Promise<SandboxAnswer> {
      return notifying(null, async (tx, events) => {
        const found = await lockCapture(tx, captureId);
        if (!found) return notFound();
        const { order, capture } = found;
        if (capture.status !== 'COMPLETED') return unprocessable('CAPTURE_STATUS_NOT_VALID', 'Only a completed capture can be reversed.');
        const at = now().toISOString();
        capture.status = 'REFUNDED';
        capture.status_details = { reason: 'CHARGEBACK' };
        capture.update_time = at;
        const refundId = paypalId();
        const reversal: Json = { id: refundId, status: 'COMPLETED', amount: capture.amount, note_to_payer: 'Payment reversed', create_time: at, update_time: at, links: refundLinks(refundId, captureId) };
        events.push({ type: 'PAYMENT.CAPTURE.REVERSED', resourceType: 'refund', resource: reversal, summary: `A ${money(capture.amount)} capture payment was reversed` });
        await saveRefund(tx, order, reversal, captureId);
        return { status: 200, body: capture };
      });
    },
  };
}

