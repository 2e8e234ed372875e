/**
 * /dev/paypal: the local PayPal sandbox, served only while no PayPal
 * settings are given (docs/decisions/0009). It speaks PayPal's REST
 * protocol (OAuth token, Orders v2, Payments v2 capture / refund reads and
 * refund, webhook signature verification, webhook events and their
 * resend) so the server's PayPal client
 * cannot tell it from PayPal, sends PayPal's signed webhooks to the site,
 * and serves the stand-in SDK script that @paypal/react-paypal-js loads
 * through `sdkBaseUrl`. Checked against PayPal's published OpenAPI
 * documents (paypal/paypal-rest-api-specifications, Orders v2 and
 * Payments v2): every /v2 call, confirm-payment-source included, needs a
 * token it issued; card expiry is YYYY-MM; Prefer: return=minimal is the
 * default; a replayed PayPal-Request-Id answers the first result.
 *
 * /dev/paypal/sandbox/* are the stand-in's own controls (not PayPal's):
 * what a bank or PayPal does later, on demand. POST revoke-tokens,
 * refunds/{id}/complete, refunds/{id}/fail, captures/{id}/reverse,
 * webhooks/deliver (the kept ones not yet delivered); GET webhooks.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../../platform/db/adapter';
import { silentLogger, type Logger } from '../../platform/logger';
import { notFound, paypalError, type SandboxAnswer } from './answers';
import { sandboxOrders } from './orders';
import { sandboxTokens } from './tokens';
import { rawMemberText } from './raw-json';
import { sandboxWebhooks } from './webhooks';
import { findBadText, MAX_PAYPAL_JSON_DEPTH, parseJson } from '../../platform/http/text-rules';

/** The sandbox's credentials: the server's own client uses them when PAYPAL_* are unset. */
export const SANDBOX_CLIENT_ID = 'chaps-local-sandbox';
export const SANDBOX_CLIENT_SECRET = 'chaps-local-sandbox-secret';

const SDK_SCRIPT = readFileSync(new URL('./paypal-sdk.js', import.meta.url), 'utf8');
const MAX_BODY = 32 * 1024;

const reply = (c: Context, answer: SandboxAnswer) => c.json(answer.body, answer.status as 200);

/**
 * An order change answered as its Prefer header asks: PayPal's default,
 * return=minimal, is the id, status and links; return=representation the
 * whole order. Errors are answered whole either way.
 */
const replyOrder = (c: Context, answer: SandboxAnswer) => {
  if (answer.status >= 300 || /return=representation/i.test(c.req.header('Prefer') ?? '')) return reply(c, answer);
  const { id, status, links } = answer.body;
  return reply(c, { status: answer.status, body: { id, status, links } });
};

const SDK_TOKEN_PLACEHOLDER = "'__SANDBOX_ACCESS_TOKEN__'";

class MalformedBody extends Error {}

/** The request's JSON object; PayPal answers 400 MALFORMED_REQUEST_JSON for anything else, and so does the stand-in. */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  const parsed = parseJson(text, MAX_PAYPAL_JSON_DEPTH);
  const body = parsed.ok ? parsed.value : null;
  // The orders are kept as jsonb, which cannot hold what the text rule refuses (a NUL, a lone surrogate).
  if (!body || typeof body !== 'object' || Array.isArray(body) || findBadText(body) !== null) throw new MalformedBody();
  return body as Record<string, unknown>;
}

// PayPal-Request-Id values are the caller's idempotency keys; keep them short and plain.
const requestId = (c: Context) => {
  const value = c.req.header('PayPal-Request-Id');
  return value && /^[\w:.-]{1,108}$/.test(value) ? value : null;
};

export function createPayPalSandbox(db: Database, now: () => Date, logger: Logger = silentLogger) {
  const app = new Hono();
  const webhooks = sandboxWebhooks(db, now, logger);
  const orders = sandboxOrders(db, now, webhooks.emit);
  const tokens = sandboxTokens(db, now);
  app.use(bodyLimit({ maxSize: MAX_BODY, onError: (c) => reply(c, paypalError(413, 'INVALID_REQUEST', 'REQUEST_TOO_LARGE', 'The request is too large.')) }));

  app.onError((error, c) => {
    if (error instanceof MalformedBody) {
      return reply(c, paypalError(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
    }
    throw error;
  });

  // PayPal's SDK is loaded for a client id and carries an access token for it, with which the
  // browser confirms the card; the stand-in issues one per load the same way.
  app.get('/sdk/js', async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-store');
    const clientId = c.req.query('client-id');
    if (clientId !== SANDBOX_CLIENT_ID) {
      return c.body(`throw new Error(${JSON.stringify(`SDK Validation error: 'Invalid query value for client-id: ${String(clientId ?? '').slice(0, 80)}'`)});`, 400);
    }
    const { token } = await tokens.issue();
    return c.body(SDK_SCRIPT.replace(SDK_TOKEN_PLACEHOLDER, JSON.stringify(token)));
  });

  app.post('/v1/oauth2/token', async (c) => {
    const expected = `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`;
    const form = await c.req.text();
    if (c.req.header('Authorization') !== expected || !/(^|&)grant_type=client_credentials(&|$)/.test(form)) {
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
    }
    const { token, expiresIn } = await tokens.issue();
    return c.json({ scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-LOCAL', expires_in: expiresIn, nonce: now().toISOString() });
  });

  // Everything below needs a bearer token this sandbox issued (to the server's client, or with the SDK), not revoked or expired.
  const bearer = async (c: Context, next: () => Promise<void>) => {
    if (!(await tokens.valid(c.req.header('Authorization')))) {
      return c.json({ error: 'invalid_token', error_description: 'Token signature verification failed' }, 401);
    }
    await next();
  };
  app.use('/v2/*', bearer);
  app.use('/v1/notifications/*', bearer);
  // A path the database cannot hold (a NUL, a lone surrogate) names no id this sandbox issued: PayPal's 404, as for any unknown id.
  app.use(async (c, next) => {
    if (findBadText(c.req.path) !== null) {
      return reply(c, paypalError(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.'));
    }
    await next();
  });
  app.post('/v2/checkout/orders', async (c) => replyOrder(c, await orders.create(await jsonBody(c), requestId(c))));
  app.get('/v2/checkout/orders/:id', async (c) => reply(c, await orders.get(c.req.param('id'))));
  app.post('/v2/checkout/orders/:id/confirm-payment-source', async (c) => {
    const body = await jsonBody(c);
    const source = (body.payment_source ?? {}) as Record<string, unknown>;
    return replyOrder(c, await orders.confirmCard(c.req.param('id'), (source.card ?? {}) as Record<string, unknown>));
  });
  app.post('/v2/checkout/orders/:id/capture', async (c) => replyOrder(c, await orders.capture(c.req.param('id'), requestId(c))));
  app.post('/v2/payments/captures/:id/refund', async (c) => reply(c, await orders.refund(c.req.param('id'), requestId(c))));
  app.get('/v2/payments/captures/:id', async (c) => reply(c, await orders.getCapture(c.req.param('id'))));
  app.get('/v2/payments/refunds/:id', async (c) => reply(c, await orders.getRefund(c.req.param('id'))));
  app.get('/v1/notifications/webhooks-events/:id', async (c) => {
    const event = await webhooks.event(c.req.param('id'));
    return event ? c.json(event) : reply(c, notFound());
  });
  app.post('/v1/notifications/webhooks-events/:id/resend', async (c) => {
    await jsonBody(c);
    const event = await webhooks.resendEvent(c.req.param('id'));
    return event ? c.json(event, 202) : reply(c, notFound());
  });
  app.post('/v1/notifications/verify-webhook-signature', async (c) => {
    const input = await jsonBody(c);
    return c.json({ verification_status: await webhooks.verify(input, rawMemberText(await c.req.text(), 'webhook_event')) });
  });

  const control = {
    /** Revokes every access token issued so far, as PayPal may before expires_in; resolves to how many. */
    revokeTokens: () => tokens.revokeAll(),
    completeRefund: orders.completeRefund,
    failRefund: orders.failRefund,
    reverseCapture: orders.reverseCapture,
    webhooks: {
      connect: webhooks.connect,
      setAutoDeliver: webhooks.setAutoDeliver,
      settled: webhooks.settled,
      deliverPending: webhooks.deliverPending,
      resend: webhooks.resend,
      signText: webhooks.signText,
      sent: webhooks.sent,
    },
  };

  // The stand-in's own controls, for a person trying the flows by hand (tests call `control`).
  app.post('/sandbox/revoke-tokens', async (c) => c.json({ revoked: await control.revokeTokens() }));
  app.post('/sandbox/refunds/:id/complete', async (c) => reply(c, await control.completeRefund(c.req.param('id'))));
  app.post('/sandbox/refunds/:id/fail', async (c) => reply(c, await control.failRefund(c.req.param('id'))));
  app.post('/sandbox/captures/:id/reverse', async (c) => reply(c, await control.reverseCapture(c.req.param('id'))));
  app.get('/sandbox/webhooks', async (c) => c.json({ webhooks: await webhooks.sent() }));
  app.post('/sandbox/webhooks/deliver', async (c) => c.json({ statuses: await webhooks.deliverPending() }));

  return { routes: app, control };
}

export type PayPalSandbox = ReturnType<typeof createPayPalSandbox>;
export type SandboxControl = PayPalSandbox['control'];
