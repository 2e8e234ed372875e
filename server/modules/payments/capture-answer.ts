/**
 * Reading PayPal's capture answer. A decline may come as HTTP 422 with an
 * issue, or as HTTP 201 with the order COMPLETED and the capture itself
 * DECLINED (docs/decisions/0009-card-payments.md;
 * https://developer.paypal.com/docs/api/orders/v2/#orders_capture): so the
 * outcome is decided from the capture's own status, never from the HTTP status
 * or the order's.
 */
import type { PayPalAnswer } from './paypal-client';

type Json = Record<string, unknown>;

const obj = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const first = (value: unknown): Json => (Array.isArray(value) ? obj(value[0]) : {});
const text = (value: unknown, max = 120): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : null;

/** Recoverable: the member may try again (another card, or 3-D Secure); the hold stays. */
export const RECOVERABLE_ISSUES = ['INSTRUMENT_DECLINED', 'PAYER_ACTION_REQUIRED'] as const;

/** captures[0], or authorizations[0] for an authorise intent. */
export function firstCapture(body: Json): Json {
  const payments = obj(first(body.purchase_units).payments);
  const capture = first(payments.captures);
  return Object.keys(capture).length > 0 ? capture : first(payments.authorizations);
}

/** PayPal's issue code: details[0].issue (some specs say issues[0]). */
export function issueOf(body: Json): { issue: string; description: string } | null {
  const detail = Object.keys(first(body.details)).length > 0 ? first(body.details) : first(body.issues);
  const issue = text(detail.issue, 64);
  if (!issue) return null;
  return { issue, description: text(detail.description, 300) ?? text(body.message, 300) ?? issue };
}

export type CaptureOutcome =
  | { kind: 'completed'; captureId: string }
  | { kind: 'recoverable'; issue: string; captureId: string | null }
  | { kind: 'failed'; issue: string; captureId: string | null }
  // PayPal could not be asked or has not decided: leave it to reconciliation.
  | { kind: 'unknown' };

export function captureOutcome(answer: PayPalAnswer): CaptureOutcome {
  if (answer.status === 0 || answer.status >= 500) return { kind: 'unknown' };
  const problem = issueOf(answer.body);
  if (problem) {
    if (problem.issue === 'ORDER_ALREADY_CAPTURED') return { kind: 'unknown' };
    const recoverable = (RECOVERABLE_ISSUES as readonly string[]).includes(problem.issue);
    return { kind: recoverable ? 'recoverable' : 'failed', issue: problem.issue, captureId: null };
  }
  const capture = firstCapture(answer.body);
  const captureId = text(capture.id, 64);
  const status = text(capture.status, 32);
  if (captureId && status === 'COMPLETED') return { kind: 'completed', captureId };
  if (status === 'PENDING') return { kind: 'unknown' };
  return { kind: 'failed', issue: status === 'DECLINED' ? 'CAPTURE_DECLINED' : `CAPTURE_${status ?? 'MISSING'}`, captureId };
}

/** The currency every order is made in (create-order.ts). */
export const ORDER_CURRENCY = 'GBP';

const MONEY_VALUE = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** PayPal's money object as pence and currency; null when absent or not a plain amount. */
export function moneyInPence(money: unknown): { pence: number; currency: string } | null {
  const { currency_code: currency, value } = obj(money);
  const match = typeof value === 'string' ? MONEY_VALUE.exec(value) : null;
  if (!match || typeof currency !== 'string') return null;
  return { pence: Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')), currency };
}

/**
 * Why a completed capture cannot pay for the order
 * (docs/decisions/0009-card-payments.md, "Amount check": confirmed only when
 * the captured amount and currency equal the order's), or null when they are
 * equal. A capture that states no amount is not taken on trust either.
 */
export function amountMismatch(answer: PayPalAnswer, orderPence: number, currency = ORDER_CURRENCY): string | null {
  const captured = moneyInPence(firstCapture(answer.body).amount);
  if (captured && captured.pence === orderPence && captured.currency === currency) return null;
  const ordered = `${currency} ${(orderPence / 100).toFixed(2)}`;
  if (!captured) return `PayPal stated no amount for the capture of an order of ${ordered}`;
  return `PayPal captured ${captured.currency} ${(captured.pence / 100).toFixed(2)} for an order of ${ordered}`;
}

/** The server's record of a capture (docs/rules.md#card-payment), from PayPal's answer. */
export interface TransactionRecord {
  payer_name: string | null;
  amount: string | null;
  payment_reference: string;
  status: string;
  payment_method: string | null;
  card_brand: string | null;
  card_last_digits: string | null;
  card_expiry: string | null;
  issuing_bank: string | null;
  avs_code: string | null;
  cvv_code: string | null;
}

export function transactionRecord(orderId: string, answer: PayPalAnswer): TransactionRecord {
  const capture = firstCapture(answer.body);
  const card = obj(obj(answer.body.payment_source).card);
  const processor = obj(capture.processor_response);
  const problem = issueOf(answer.body);
  return {
    payer_name: text(card.name, 300),
    amount: text(obj(capture.amount).value, 20),
    payment_reference: orderId,
    status: text(capture.status, 32) ?? problem?.issue ?? `HTTP_${answer.status}`,
    payment_method: Object.keys(card).length > 0 ? 'card' : null,
    card_brand: text(card.brand, 40),
    card_last_digits: text(card.last_digits, 4),
    card_expiry: text(card.expiry, 7),
    issuing_bank: text(obj(card.bin_details).issuing_bank, 120),
    avs_code: text(processor.avs_code, 8),
    cvv_code: text(processor.cvv_code, 8),
  };
}

/**
 * What the page is told about a capture (docs/rules.md#api-shapes): the order's
 * id and status, the capture and the card, nothing else PayPal sent (no links,
 * no payer e-mail).
 */
export function captureAnswerForPage(answer: PayPalAnswer): Json {
  const body = answer.body;
  const problem = issueOf(body);
  if (problem) {
    return {
      name: text(body.name, 64) ?? 'UNPROCESSABLE_ENTITY',
      message: text(body.message, 300) ?? problem.description,
      details: [problem],
      debug_id: text(body.debug_id, 64) ?? '',
    };
  }
  const capture = firstCapture(body);
  const card = obj(obj(body.payment_source).card);
  const processor = obj(capture.processor_response);
  return {
    id: text(body.id, 64),
    status: text(body.status, 32),
    payment_source: {
      card: {
        name: text(card.name, 300),
        type: text(card.type, 20),
        brand: text(card.brand, 40),
        last_digits: text(card.last_digits, 4),
        expiry: text(card.expiry, 7),
        bin_details: { issuing_bank: text(obj(card.bin_details).issuing_bank, 120) },
      },
    },
    purchase_units: [
      {
        payments: {
          captures: [
            {
              id: text(capture.id, 64),
              status: text(capture.status, 32),
              amount: { currency_code: text(obj(capture.amount).currency_code, 3), value: text(obj(capture.amount).value, 20) },
              processor_response: {
                avs_code: text(processor.avs_code, 8),
                cvv_code: text(processor.cvv_code, 8),
                response_code: text(processor.response_code, 8),
              },
            },
          ],
        },
      },
    ],
  };
}
