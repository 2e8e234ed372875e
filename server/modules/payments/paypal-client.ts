/**
 * PayPal's Orders v2 and Payments v2 REST calls, as the server makes them:
 * OAuth client-credentials token (kept until shortly before it expires, and
 * dropped when PayPal answers 401: a token can be revoked or expire early,
 * so the call is made once more with a new one), create order, capture,
 * get order, refund, get capture, get refund, and the webhook signature
 * check. The same client talks to
 * PayPal (sandbox or live) or to the local sandbox, which answers the same
 * protocol in-process. Answers come back as they are, status and JSON;
 * the payment services read them.
 */

export interface PayPalAnswer {
  /** HTTP status; 0 when PayPal could not be reached. */
  status: number;
  // PayPal's JSON, read defensively by the callers (see capture-answer.ts).
  body: Record<string, unknown>;
}

export interface CreateOrderInput {
  amountPence: number;
  description: string;
  /** Our hold (the appointment id): PayPal shows it back on the order. */
  customId: string;
  requestId: string;
}

export interface PayPalApi {
  createOrder(input: CreateOrderInput): Promise<PayPalAnswer>;
  captureOrder(orderId: string, requestId: string): Promise<PayPalAnswer>;
  getOrder(orderId: string): Promise<PayPalAnswer>;
  refundCapture(captureId: string, requestId: string): Promise<PayPalAnswer>;
  getCapture(captureId: string): Promise<PayPalAnswer>;
  getRefund(refundId: string): Promise<PayPalAnswer>;
  /** POST /v1/notifications/verify-webhook-signature: body {verification_status: 'SUCCESS' | 'FAILURE'}. */
  verifyWebhookSignature(input: WebhookSignatureInput): Promise<PayPalAnswer>;
}

/** What PayPal's signature check needs: the delivery's PAYPAL-* headers, our webhook's id and the event as received. */
export interface WebhookSignatureInput {
  auth_algo: string;
  cert_url: string;
  transmission_id: string;
  transmission_sig: string;
  transmission_time: string;
  webhook_id: string;
  /**
   * The delivery's body, the exact text PayPal sent (already checked to be
   * one JSON object). PayPal's signature covers those bytes, so the event
   * is sent back as that text, never parsed and serialised again: a `£`
   * written `\u00a3`, an escaped `/`, other spacing or key order would
   * otherwise differ and be refused.
   */
  webhook_event: string;
}

/**
 * The verify-webhook-signature request's JSON text: the other fields
 * serialised, and the event's own text placed as the value of
 * webhook_event, byte for byte.
 */
export function verifySignatureBody(input: WebhookSignatureInput): string {
  const { webhook_event: event, ...fields } = input;
  return `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${event}}`;
}

export interface PayPalClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The HTTP call; the local sandbox passes its in-process handler. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
}

const TOKEN_MARGIN_MS = 60_000;
const TIMEOUT_MS = 20_000;

/** Pence to PayPal's money value: "25.00". */
export const poundsValue = (pence: number) => (pence / 100).toFixed(2);

// PayPal ids are short upper-case letters and digits; anything else is not sent on.
const PAYPAL_ID = /^[A-Za-z0-9-]{6,64}$/;
export const isPayPalId = (value: unknown): value is string => typeof value === 'string' && PAYPAL_ID.test(value);

export function createPayPalClient({ apiBase, clientId, clientSecret, fetch: send = fetch, timeoutMs = TIMEOUT_MS }: PayPalClientOptions): PayPalApi {
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit): Promise<PayPalAnswer> {
    try {
      const response = await send(`${apiBase}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = text ? JSON.parse(text) : {};
        if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
      } catch {
        body = { name: 'INVALID_RESPONSE', message: text.slice(0, 200) };
      }
      return { status: response.status, body };
    } catch (error) {
      return { status: 0, body: { name: 'UNREACHABLE', message: error instanceof Error ? error.message : String(error) } };
    }
  }

  async function accessToken(): Promise<string | null> {
    if (token && token.expiresAt > Date.now() + TOKEN_MARGIN_MS) return token.value;
    const answer = await call('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const value = answer.body.access_token;
    if (answer.status !== 200 || typeof value !== 'string') return null;
    const seconds = typeof answer.body.expires_in === 'number' ? answer.body.expires_in : 300;
    token = { value, expiresAt: Date.now() + seconds * 1000 };
    return value;
  }

  /** `body` is serialised as JSON, except a string, which is JSON text already and sent as it is. */
  async function attempt(path: string, method: string, requestId?: string, body?: unknown): Promise<{ bearer: string | null; answer: PayPalAnswer }> {
    const bearer = await accessToken();
    if (!bearer) return { bearer, answer: { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'PayPal refused the client id and secret.' } } };
    const answer = await call(path, {
      method,
      headers: {
        Authorization: `Bearer ${bearer}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
        ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    return { bearer, answer };
  }

  async function authorised(path: string, method: string, requestId?: string, body?: unknown): Promise<PayPalAnswer> {
    const first = await attempt(path, method, requestId, body);
    if (first.answer.status !== 401) return first.answer;
    // PayPal no longer takes the token it gave (revoked, or expired before its time):
    // forget it and try once more with a new one. The request id is the same, so a
    // call PayPal did act on is not repeated. A parallel call may have renewed it already.
    if (token && token.value === first.bearer) token = null;
    return (await attempt(path, method, requestId, body)).answer;
  }

  return {
    createOrder: ({ amountPence, description, customId, requestId }) =>
      authorised('/v2/checkout/orders', 'POST', requestId, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            amount: { currency_code: 'GBP', value: poundsValue(amountPence) },
            description: description.slice(0, 127),
            custom_id: customId,
          },
        ],
        payment_source: { card: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
      }),
    captureOrder: (orderId, requestId) =>
      authorised(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, 'POST', requestId, {}),
    getOrder: (orderId) => authorised(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, 'GET'),
    // No amount: the whole capture comes back (the stand-in charges no fees; see docs/decisions/0009).
    refundCapture: (captureId, requestId) =>
      authorised(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, 'POST', requestId, {}),
    getCapture: (captureId) => authorised(`/v2/payments/captures/${encodeURIComponent(captureId)}`, 'GET'),
    getRefund: (refundId) => authorised(`/v2/payments/refunds/${encodeURIComponent(refundId)}`, 'GET'),
    verifyWebhookSignature: (input) => authorised('/v1/notifications/verify-webhook-signature', 'POST', undefined, verifySignatureBody(input)),
  };
}
