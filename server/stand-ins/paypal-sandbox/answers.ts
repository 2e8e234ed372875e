/**
 * How the local sandbox's answers look, as PayPal's do: its ids, its error
 * bodies with their documented messages, the HATEOAS links of orders,
 * captures and refunds, and amounts in webhook summaries. Apart from
 * orders.ts so that what an order does and how PayPal words it are read
 * separately; the routes and webhooks use these too.
 */
import { randomBytes } from 'node:crypto';

export type Json = Record<string, unknown>;
export interface SandboxAnswer {
  status: number;
  body: Json;
}

export const paypalId = (length = 17) => {
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
export const unprocessable = (issue: string, description: string) => paypalError(422, 'UNPROCESSABLE_ENTITY', issue, description);
export const invalid = (issue: string, description: string, field?: string) => paypalError(400, 'INVALID_REQUEST', issue, description, field);

/** Where the sandbox's links point; the server's client reaches it in-process at this origin. */
export const SANDBOX_ORIGIN = 'http://paypal-sandbox.local';

export const captureLinks = (captureId: string, orderId: string) => [
  { href: `${SANDBOX_ORIGIN}/v2/payments/captures/${captureId}`, rel: 'self', method: 'GET' },
  { href: `${SANDBOX_ORIGIN}/v2/payments/captures/${captureId}/refund`, rel: 'refund', method: 'POST' },
  { href: `${SANDBOX_ORIGIN}/v2/checkout/orders/${orderId}`, rel: 'up', method: 'GET' },
];
export const refundLinks = (refundId: string, captureId: string) => [
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

export const money = (value: unknown) => {
  const amount = (value ?? {}) as Json;
  return `${String(amount.value ?? '')} ${String(amount.currency_code ?? '')}`.trim();
};
