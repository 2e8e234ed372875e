/**
 * The local sandbox's orders, kept in dev_paypal_orders as PayPal keeps
 * them, and changed the way PayPal changes them: created, approved by a
 * card (confirm-payment-source, which the stand-in SDK calls), captured
 * once, refunded once (the refund itself kept in dev_paypal_refunds, as
 * it may stay PENDING and complete or fail later). Each change runs in one
 * transaction under a lock on the order's row; a PayPal-Request-Id seen
 * before returns the first answer
 * (https://developer.paypal.com/api/rest/reference/idempotency/), even
 * when the same request arrives many times at once, with 200 where the
 * first was 201 for a create or capture, as Orders v2 answers a replay.
 * Orders are answered with PayPal's HATEOAS links for their status. A
 * change PayPal notifies (capture completed or declined, refund completed,
 * capture reversed) is handed to `notify` after its transaction has
 * committed, so the webhook is sent after the answer.
 *
 * How the answers are worded is answers.ts; the rows and the once-per-
 * request transaction are order-store.ts.
 */
import type { Database, Queryable } from '../../platform/db/adapter';
import { afterPaymentFor, cardBrand, declineFor, isPayPalExpiry, luhnValid, notExpired, PROCESSOR_CODES } from './cards';
import type { SandboxEvent } from './webhooks';
import { captureLinks, invalid, money, notFound, paypalId, refundLinks, unprocessable, withLinks, type Json, type SandboxAnswer } from './answers';
import { lockCapture, lockOrder, once, saveOrder, saveRefund, unit } from './order-store';

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
          // A card payment is outside PayPal Seller Protection, and PayPal's card captures say so.
          seller_protection: { status: 'NOT_ELIGIBLE' },
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
