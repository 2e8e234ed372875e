/**
 * The local sandbox's orders, kept in dev_paypal_orders as PayPal keeps
 * them, and changed the way PayPal changes them: created, approved by a
 * card (confirm-payment-source, which the stand-in SDK calls), captured
 * once, refunded once. Each change runs in one transaction under a lock on
 * the order's row; a PayPal-Request-Id seen before returns the first answer
 * (FACTS.md), even when the same request arrives many times at once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../../db/adapter';
import { cardBrand, declineFor, luhnValid, notExpired, parseExpiry, PROCESSOR_CODES } from './cards';

type Json = Record<string, unknown>;
export interface SandboxAnswer {
  status: number;
  body: Json;
}

const paypalId = (length = 17) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
};

export const paypalError = (status: number, name: string, issue: string, description: string): SandboxAnswer => ({
  status,
  body: {
    name,
    message: status === 404 ? 'The specified resource does not exist.' : 'The requested action could not be performed, semantically incorrect, or failed business validation.',
    details: [{ issue, description }],
    debug_id: randomBytes(7).toString('hex'),
  },
});

const notFound = () =>
  paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.');
const unprocessable = (issue: string, description: string) => paypalError(422, 'UNPROCESSABLE_ENTITY', issue, description);

/** Runs `act` once per request key; later calls with the key get the first answer. */
async function once(db: Database, key: string | null, act: (tx: Queryable) => Promise<SandboxAnswer>): Promise<SandboxAnswer> {
  return db.transaction(async (tx) => {
    if (key) {
      // A parallel insert of the same key waits here for the first to commit.
      const claimed = await tx.query('INSERT INTO dev_paypal_requests (request_key) VALUES ($1) ON CONFLICT DO NOTHING RETURNING 1', [key]);
      if (claimed.length === 0) {
        const [done] = await tx.query<{ http_status: number | null; answer: Json | null }>(
          'SELECT http_status, answer FROM dev_paypal_requests WHERE request_key = $1',
          [key],
        );
        if (done?.answer && done.http_status) return { status: done.http_status, body: done.answer };
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

export function sandboxOrders(db: Database, now: () => Date) {
  return {
    create(body: Json, requestId: string | null): Promise<SandboxAnswer> {
      return once(db, requestId && `create:${requestId}`, async (tx) => {
        const units = Array.isArray(body.purchase_units) ? (body.purchase_units as Json[]) : [];
        const amount = (units[0]?.amount ?? {}) as Json;
        if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return unprocessable('INVALID_PARAMETER_VALUE', 'intent must be CAPTURE or AUTHORIZE.');
        if (typeof amount.value !== 'string' || !/^\d{1,7}(\.\d{2})?$/.test(amount.value) || Number(amount.value) <= 0) {
          return paypalError(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'The value of a field is invalid.');
        }
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
        return { status: 201, body: order };
      });
    },

    async get(orderId: string): Promise<SandboxAnswer> {
      const [row] = await db.query<{ body: Json }>('SELECT body FROM dev_paypal_orders WHERE order_id = $1', [orderId]);
      return row ? { status: 200, body: row.body } : notFound();
    },

    /** The stand-in SDK's card, checked as a card network would; the order becomes APPROVED. */
    confirmCard(orderId: string, card: Json): Promise<SandboxAnswer> {
      return once(db, null, async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return notFound();
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured.');
        const number = String(card.number ?? '').replace(/[\s-]/g, '');
        const expiry = parseExpiry(String(card.expiry ?? ''));
        const name = String(card.name ?? '').trim().slice(0, 300);
        const brand = cardBrand(number);
        if (!luhnValid(number) || !brand) return unprocessable('CARD_NUMBER_INVALID', 'The card number is not valid.');
        if (!expiry || !notExpired(expiry, now())) return unprocessable('CARD_EXPIRED', 'The card is expired.');
        if (!/^\d{3,4}$/.test(String(card.security_code ?? ''))) return unprocessable('CVV_INVALID', 'The security code is not valid.');
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
        return { status: 200, body: order };
      });
    },

    capture(orderId: string, requestId: string | null): Promise<SandboxAnswer> {
      return once(db, requestId && `capture:${requestId}`, async (tx) => {
        const order = await lockOrder(tx, orderId);
        if (!order) return notFound();
        if (order.status === 'COMPLETED') return unprocessable('ORDER_ALREADY_CAPTURED', 'Order already captured. If \'intent=CAPTURE\' only one capture per order is allowed.');
        if (order.status !== 'APPROVED') return unprocessable('ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
        const card = ((order.payment_source as Json).card ?? {}) as Json;
        const decline = declineFor(String(card.name ?? ''));
        if (decline === 'REFUSED') {
          // The payer may choose another card: the order waits for a new approval.
          order.status = 'CREATED';
          delete order.payment_source;
          await saveOrder(tx, order);
          return unprocessable('INSTRUMENT_DECLINED', 'The instrument presented was either declined by the processor or bank, or it can\'t be used for this payment.');
        }
        const at = now().toISOString();
        const purchase = unit(order);
        purchase.payments = {
          captures: [
            {
              id: paypalId(),
              status: decline ? 'DECLINED' : 'COMPLETED',
              amount: purchase.amount,
              final_capture: true,
              custom_id: purchase.custom_id,
              processor_response: decline
                ? { avs_code: 'Y', cvv_code: 'M', response_code: PROCESSOR_CODES[decline] }
                : { avs_code: 'Y', cvv_code: 'M', response_code: '0000' },
              create_time: at,
              update_time: at,
            },
          ],
        };
        order.status = 'COMPLETED';
        order.update_time = at;
        await saveOrder(tx, order);
        return { status: 201, body: order };
      });
    },

    refund(captureId: string, requestId: string | null): Promise<SandboxAnswer> {
      return once(db, requestId && `refund:${requestId}`, async (tx) => {
        const [row] = await tx.query<{ order_id: string }>(
          `SELECT order_id FROM dev_paypal_orders WHERE body #>> '{purchase_units,0,payments,captures,0,id}' = $1`,
          [captureId],
        );
        const order = row ? await lockOrder(tx, row.order_id) : null;
        if (!order) return notFound();
        const payments = unit(order).payments as Json;
        const capture = (payments.captures as Json[])[0]!;
        if (capture.status === 'REFUNDED') return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
        if (capture.status !== 'COMPLETED') return unprocessable('CAPTURE_STATUS_NOT_VALID', 'Invalid capture status. Tracking ID is not valid for this action.');
        const refund = { id: paypalId(), status: 'COMPLETED', amount: capture.amount, create_time: now().toISOString() };
        capture.status = 'REFUNDED';
        payments.refunds = [refund];
        await saveOrder(tx, order);
        return { status: 201, body: { ...refund, links: [] } };
      });
    },
  };
}

export const sandboxToken = () => `A21AA${randomUUID().replace(/-/g, '')}`;
