/**
 * Payment errors leave the server in the shape of docs/rules.md#api-shapes for
 * /payments/* (PayPal's own: `details[0] {issue, description}` and `debug_id`),
 * next to the site's usual `error` and `message`, so the checkout page reads
 * them as the original did and every other client as it reads any error. The
 * debug id is logged with the cause, so support can find it from what the
 * member saw.
 */
import { randomBytes } from 'node:crypto';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, type ErrorBody } from '../../platform/http/errors';

export interface PaymentErrorBody extends ErrorBody {
  name: string;
  details: { issue: string; description: string }[];
  debug_id: string;
}

export class PaymentError extends ApiError {
  readonly debugId: string;

  constructor(status: ContentfulStatusCode, readonly issue: string, description: string, debugId?: string) {
    super(status, issue.toLowerCase(), description);
    this.name = 'PaymentError';
    this.debugId = debugId || randomBytes(7).toString('hex');
  }

  override get body(): PaymentErrorBody {
    return {
      error: this.code,
      message: this.message,
      name: this.status === 404 ? 'RESOURCE_NOT_FOUND' : this.status === 422 ? 'UNPROCESSABLE_ENTITY' : 'PAYMENT_ERROR',
      details: [{ issue: this.issue, description: this.message }],
      debug_id: this.debugId,
    };
  }
}

/** A booking refusal (or any ApiError) from the shared booking rules, in the payment shape. */
export function asPaymentError(error: unknown): unknown {
  if (error instanceof PaymentError || !(error instanceof ApiError)) return error;
  return new PaymentError(error.status, error.code.toUpperCase(), error.message);
}

export const orderNotFound = () => new PaymentError(404, 'ORDER_NOT_FOUND', 'This payment was not found.');

/**
 * What of a PayPal answer goes to the log: its error fields (name, message,
 * debug id, each detail's issue, field and description) and an order's id
 * and status, never the payer's name, email or address that a capture's or
 * an order's answer carries.
 */
export function paypalBodyForLog(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { body: typeof body };
  const b = body as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const key of ['name', 'message', 'debug_id', 'id', 'status', 'event_type', 'verification_status'] as const) {
    if (typeof b[key] === 'string') kept[key] = (b[key] as string).slice(0, 200);
  }
  if (Array.isArray(b.details)) {
    kept.details = b.details.slice(0, 5).map((d) => {
      const detail = (d && typeof d === 'object' ? d : {}) as Record<string, unknown>;
      return { issue: String(detail.issue ?? '').slice(0, 100), field: String(detail.field ?? '').slice(0, 100), description: String(detail.description ?? '').slice(0, 300) };
    });
  }
  return kept;
}
