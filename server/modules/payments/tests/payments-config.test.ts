/**
 * The PayPal settings: unset means the local sandbox (its routes, its SDK
 * script, a CSP with no PayPal host); a real client id means PayPal's API
 * (defaulting to PayPal's own sandbox, never live by accident), the CSP
 * allowing PayPal's hosts, and no /dev/paypal. Plus the sandbox speaking
 * PayPal's protocol to a caller that is not our server.
 */
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../../platform/env';
import { getJson, testApp } from '../../../../tests/fixtures/app';

const REAL = { PAYPAL_CLIENT_ID: 'AbCdEfGhIjKlMnOp-123', PAYPAL_CLIENT_SECRET: 'EFgh-secret-0123456789' };
const csp = (res: Response) => res.headers.get('Content-Security-Policy') ?? '';

describe('PayPal settings', () => {
  it('unset: the local sandbox, whose SDK the page loads from this site', async () => {
    expect(parseEnv({}).paypal).toBeUndefined();
    const app = testApp();
    expect((await getJson(app, '/api/payments/config')).body).toEqual({ clientId: 'chaps-local-sandbox', sdkBaseUrl: '/dev/paypal/sdk/js' });
    const sdk = await app.request('/dev/paypal/sdk/js?client-id=chaps-local-sandbox&components=card-fields');
    expect(sdk.headers.get('Content-Type')).toContain('text/javascript');
    expect(await sdk.text()).toContain('window.paypal = { version');
    expect(csp(sdk)).not.toContain('paypal.com');
  });

  it('set: PayPal’s sandbox API unless PAYPAL_API_BASE says live; the CSP allows PayPal; no /dev/paypal', async () => {
    expect(parseEnv(REAL).paypal).toEqual({ clientId: REAL.PAYPAL_CLIENT_ID, clientSecret: REAL.PAYPAL_CLIENT_SECRET, apiBase: 'https://api-m.sandbox.paypal.com' });
    expect(parseEnv({ ...REAL, PAYPAL_API_BASE: 'https://api-m.paypal.com/' }).paypal?.apiBase).toBe('https://api-m.paypal.com');
    expect(parseEnv({ ...REAL, PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' }).paypal?.webhookId).toBe('8PT597110X687430LKGECATA');
    const app = testApp({ env: REAL });
    expect((await getJson(app, '/api/payments/config')).body).toEqual({ clientId: REAL.PAYPAL_CLIENT_ID });
    const res = await app.request('/dev/paypal/sdk/js');
    expect(res.status).toBe(404);
    expect(csp(res)).toContain('script-src \'self\' \'wasm-unsafe-eval\' https://www.paypal.com');
    expect(csp(res)).toContain('frame-src https://www.paypal.com');
  });

  it.each([
    [{ PAYPAL_CLIENT_ID: REAL.PAYPAL_CLIENT_ID }, 'must be set together'],
    [{ PAYPAL_CLIENT_SECRET: REAL.PAYPAL_CLIENT_SECRET }, 'must be set together'],
    [{ PAYPAL_API_BASE: 'https://api-m.paypal.com' }, 'needs PAYPAL_CLIENT_ID'],
    [{ ...REAL, PAYPAL_API_BASE: 'api-m.paypal.com' }, 'PAYPAL_API_BASE must be an http(s) URL'],
    [{ PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA' }, 'PAYPAL_WEBHOOK_ID needs PAYPAL_CLIENT_ID'],
    [{ ...REAL, PAYPAL_WEBHOOK_ID: 'not a webhook id!' }, 'PAYPAL_WEBHOOK_ID must be a PayPal webhook id'],
  ])('refuses %j', (env, words) => {
    expect(() => parseEnv(env)).toThrow(EnvError);
    expect(() => parseEnv(env)).toThrow(words);
  });
});

describe('the local sandbox’s protocol', () => {
  const app = testApp();
  it('refuses a wrong client secret and a missing token as PayPal does', async () => {
    const token = await getJson(app, '/dev/paypal/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('chaps-local-sandbox:wrong').toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(token).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    const order = await getJson(app, '/dev/paypal/v2/checkout/orders', { method: 'POST', body: '{}' });
    expect(order).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
  });
});
