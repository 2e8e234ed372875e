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
