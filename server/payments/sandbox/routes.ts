/**
 * /dev/paypal: the local PayPal sandbox, served only while no PayPal
 * settings are given (docs/decisions/0009). It speaks PayPal's REST
 * protocol (OAuth token, Orders v2, Payments v2 refund) so the server's
 * PayPal client cannot tell it from PayPal, and serves the stand-in SDK
 * script that @paypal/react-paypal-js loads through `sdkBaseUrl`.
 */
import { readFileSync } from 'node:fs';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../../db/adapter';
import { paypalError, sandboxOrders, sandboxToken, type SandboxAnswer } from './orders';

/** The sandbox's credentials: the server's own client uses them when PAYPAL_* are unset. */
export const SANDBOX_CLIENT_ID = 'chaps-local-sandbox';
export const SANDBOX_CLIENT_SECRET = 'chaps-local-sandbox-secret';

const SDK_SCRIPT = readFileSync(new URL('./paypal-sdk.js', import.meta.url), 'utf8');
const MAX_BODY = 32 * 1024;

const reply = (c: Context, answer: SandboxAnswer) => c.json(answer.body, answer.status as 200);

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await c.req.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

// PayPal-Request-Id values are the caller's idempotency keys; keep them short and plain.
const requestId = (c: Context) => {
  const value = c.req.header('PayPal-Request-Id');
  return value && /^[\w:.-]{1,108}$/.test(value) ? value : null;
};

export function devPayPalRoutes(db: Database, now: () => Date): Hono {
  const app = new Hono();
  const orders = sandboxOrders(db, now);
  app.use(bodyLimit({ maxSize: MAX_BODY, onError: (c) => reply(c, paypalError(413, 'INVALID_REQUEST', 'REQUEST_TOO_LARGE', 'The request is too large.')) }));

  app.get('/sdk/js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(SDK_SCRIPT);
  });

  app.post('/v1/oauth2/token', async (c) => {
    const expected = `Basic ${Buffer.from(`${SANDBOX_CLIENT_ID}:${SANDBOX_CLIENT_SECRET}`).toString('base64')}`;
    const form = await c.req.text();
    if (c.req.header('Authorization') !== expected || !/(^|&)grant_type=client_credentials(&|$)/.test(form)) {
      return c.json({ error: 'invalid_client', error_description: 'Client Authentication failed' }, 401);
    }
    return c.json({ scope: 'https://uri.paypal.com/services/payments/payment', access_token: sandboxToken(), token_type: 'Bearer', app_id: 'APP-LOCAL', expires_in: 32400, nonce: now().toISOString() });
  });

  // The browser's stand-in SDK confirms the card with no server token, as PayPal's SDK does with its own.
  app.post('/v2/checkout/orders/:id/confirm-payment-source', async (c) => {
    const body = await jsonBody(c);
    const source = (body.payment_source ?? {}) as Record<string, unknown>;
    return reply(c, await orders.confirmCard(c.req.param('id'), (source.card ?? {}) as Record<string, unknown>));
  });

  // Everything below needs the server's bearer token.
  app.use('/v2/*', async (c, next) => {
    if (!/^Bearer A21AA[0-9a-f]{32}$/.test(c.req.header('Authorization') ?? '')) {
      return c.json({ error: 'invalid_token', error_description: 'Token signature verification failed' }, 401);
    }
    await next();
  });
  app.post('/v2/checkout/orders', async (c) => reply(c, await orders.create(await jsonBody(c), requestId(c))));
  app.get('/v2/checkout/orders/:id', async (c) => reply(c, await orders.get(c.req.param('id'))));
  app.post('/v2/checkout/orders/:id/capture', async (c) => reply(c, await orders.capture(c.req.param('id'), requestId(c))));
  app.post('/v2/payments/captures/:id/refund', async (c) => reply(c, await orders.refund(c.req.param('id'), requestId(c))));
  return app;
}
