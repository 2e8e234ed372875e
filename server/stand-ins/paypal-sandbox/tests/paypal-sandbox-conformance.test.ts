/**
 * The local PayPal sandbox answers only what PayPal's published OpenAPI
 * documents allow (Orders v2, Payments v2, Webhooks v1, as zod schemas
 * written by hand from them in tests/fixtures/paypal-shapes.ts and
 * tests/fixtures/paypal-shapes/): every answer of a payment's life, errors
 * included, is checked against the schema for its operation and status,
 * and every webhook it sends against the event schema with its resource
 * against the capture or refund schema. Beside
 * the schemas, what PayPal's documents say in words: a missing intent is
 * 400 MISSING_REQUIRED_PARAMETER, 25.001 GBP is 422 DECIMAL_PRECISION, a
 * declined capture is PAYMENT.CAPTURE.DECLINED, a completed capture
 * carries seller_receivable_breakdown, every card capture (answered or in
 * an event) carries seller_protection NOT_ELIGIBLE as PayPal's do, and an
 * event links to itself and to its resend.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORIGIN } from '../answers';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { nonConformance, type PayPalDocument } from '../../../../tests/fixtures/paypal-shapes';
import { GOOD_CARD } from '../../../../tests/fixtures/payments';

type Json = Record<string, unknown>;
type Link = { href: string; rel: string; method: string };
const BASIC = `Basic ${Buffer.from('chaps-local-sandbox:chaps-local-sandbox-secret').toString('base64')}`;
const ORDER = { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'GBP', value: '25.00' }, description: 'Screening', custom_id: 'hold-1' }] };
const FULL = { Prefer: 'return=representation' };
/** What a card capture at PayPal carries: card payments are outside PayPal Seller Protection (no dispute category covered). */
const CARD_PROTECTION = { status: 'NOT_ELIGIBLE' };

/** The document and path template of each sandbox path the server calls. */
function operationOf(path: string): { document: PayPalDocument; template: string } {
  const rules: [RegExp, PayPalDocument, string][] = [
    [/^\/v2\/checkout\/orders$/, 'checkout_orders_v2', '/v2/checkout/orders'],
    [/^\/v2\/checkout\/orders\/[^/]+$/, 'checkout_orders_v2', '/v2/checkout/orders/{id}'],
    [/^\/v2\/checkout\/orders\/[^/]+\/confirm-payment-source$/, 'checkout_orders_v2', '/v2/checkout/orders/{id}/confirm-payment-source'],
    [/^\/v2\/checkout\/orders\/[^/]+\/capture$/, 'checkout_orders_v2', '/v2/checkout/orders/{id}/capture'],
    [/^\/v2\/payments\/captures\/[^/]+$/, 'payments_payment_v2', '/v2/payments/captures/{capture_id}'],
    [/^\/v2\/payments\/captures\/[^/]+\/refund$/, 'payments_payment_v2', '/v2/payments/captures/{capture_id}/refund'],
    [/^\/v2\/payments\/refunds\/[^/]+$/, 'payments_payment_v2', '/v2/payments/refunds/{refund_id}'],
    [/^\/v1\/notifications\/verify-webhook-signature$/, 'notifications_webhooks_v1', '/v1/notifications/verify-webhook-signature'],
    [/^\/v1\/notifications\/webhooks-events\/[^/]+$/, 'notifications_webhooks_v1', '/v1/notifications/webhooks-events/{event_id}'],
    [/^\/v1\/notifications\/webhooks-events\/[^/]+\/resend$/, 'notifications_webhooks_v1', '/v1/notifications/webhooks-events/{event_id}/resend'],
  ];
  const found = rules.find(([pattern]) => pattern.test(path));
  if (!found) throw new Error(`No PayPal document for ${path}`);
  return { document: found[1], template: found[2] };
}

describe.each(ENGINES)('the local PayPal sandbox against PayPal’s OpenAPI documents on %s', (engine) => {
  let test: TestDatabase;
  const clock = new Date('2026-05-04T09:00:00Z');
  const app = () => testApp({ db: test.db, now: () => clock });
  let token = '';

  /** Calls the sandbox and asserts its answer is one the operation's document allows for that status. */
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await getJson<Json & { id?: string; status?: string; links?: Link[]; details?: Json[] }>(app(), `/dev/paypal${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const { document, template } = operationOf(path);
    expect(nonConformance(document, method, template, res.status, res.body), `${method} ${path} answered ${res.status} ${JSON.stringify(res.body)}`).toEqual([]);
    return res;
  }
  const issue = (res: { body: { details?: Json[] } }) => res.body.details?.[0]?.issue;
  const captureOf = (order: Json) => ((order.purchase_units as { payments: { captures: Json[] } }[])[0]!.payments.captures[0]!) as Json & { id: string };

  async function approvedOrder(card: Json = GOOD_CARD) {
    const created = await call('POST', '/v2/checkout/orders', ORDER);
    expect(created.status).toBe(201);
    expect((await call('POST', `/v2/checkout/orders/${created.body.id}/confirm-payment-source`, { payment_source: { card } })).status).toBe(200);
    return created.body.id!;
  }

  beforeAll(async () => {
    test = await createTestDatabase(engine);
    const res = await getJson<{ access_token: string }>(app(), '/dev/paypal/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    token = res.body.access_token;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('answers creating an order as Orders v2 documents, refusals included', async () => {
    expect((await call('POST', '/v2/checkout/orders', ORDER)).status).toBe(201);
    const full = await call('POST', '/v2/checkout/orders', ORDER, { ...FULL, 'PayPal-Request-Id': 'conformance-create' });
    expect(full.status).toBe(201);
    expect((await call('POST', '/v2/checkout/orders', ORDER, { ...FULL, 'PayPal-Request-Id': 'conformance-create' })).status).toBe(200);
    const noIntent = { purchase_units: ORDER.purchase_units };
    const refusals: [unknown, number, string][] = [
      [noIntent, 400, 'MISSING_REQUIRED_PARAMETER'],
      [{ ...ORDER, intent: 'SALE' }, 400, 'INVALID_PARAMETER_VALUE'],
      [{ ...ORDER, purchase_units: [{ amount: { currency_code: 'GBP' } }] }, 400, 'MISSING_REQUIRED_PARAMETER'],
      [{ ...ORDER, purchase_units: [{ amount: { currency_code: 'GBP', value: '25,00' } }] }, 400, 'INVALID_PARAMETER_SYNTAX'],
      [{ ...ORDER, purchase_units: [{ amount: { currency_code: 'GBP', value: '25.001' } }] }, 422, 'DECIMAL_PRECISION'],
      [{ ...ORDER, purchase_units: [{ amount: { currency_code: 'GBP', value: '0.00' } }] }, 422, 'CANNOT_BE_ZERO_OR_NEGATIVE'],
      ['{"intent":', 400, 'MALFORMED_REQUEST_JSON'],
    ];
    for (const [body, status, expected] of refusals) {
      const res = await call('POST', '/v2/checkout/orders', body);
      expect([res.status, issue(res)], JSON.stringify(body)).toEqual([status, expected]);
    }
    expect((await call('GET', `/v2/checkout/orders/${full.body.id}`)).status).toBe(200);
    expect((await call('GET', '/v2/checkout/orders/NOSUCHORDER123456')).status).toBe(404);
  });

  it('answers confirming a card and capturing as Orders v2 documents', async () => {
    const created = await call('POST', '/v2/checkout/orders', ORDER);
    const confirm = (card: Json) => call('POST', `/v2/checkout/orders/${created.body.id}/confirm-payment-source`, { payment_source: { card: { ...GOOD_CARD, ...card } } });
    expect(issue(await confirm({ expiry: '12/30' }))).toBe('INVALID_PARAMETER_SYNTAX');
    expect(issue(await confirm({ number: '4111 1111 1111 1112' }))).toBe('INVALID_PARAMETER_SYNTAX');
    expect(issue(await confirm({ expiry: '2026-04' }))).toBe('CARD_EXPIRED');
    expect(issue(await confirm({ security_code: '1' }))).toBe('INVALID_SECURITY_CODE_LENGTH');
    expect(issue(await call('POST', `/v2/checkout/orders/${created.body.id}/capture`, {}))).toBe('ORDER_NOT_APPROVED');
    expect((await confirm({})).status).toBe(200);
    const captured = await call('POST', `/v2/checkout/orders/${created.body.id}/capture`, {}, FULL);
    expect(captured.status).toBe(201);
    expect(issue(await call('POST', `/v2/checkout/orders/${created.body.id}/capture`, {}))).toBe('ORDER_ALREADY_CAPTURED');
    expect(issue(await confirm({}))).toBe('ORDER_ALREADY_CAPTURED');

    const refusedCard = await approvedOrder({ ...GOOD_CARD, name: 'CCREJECT-REFUSED' });
    expect(issue(await call('POST', `/v2/checkout/orders/${refusedCard}/capture`, {}))).toBe('INSTRUMENT_DECLINED');
    const declined = await call('POST', `/v2/checkout/orders/${await approvedOrder({ ...GOOD_CARD, name: 'CCREJECT-IF' })}/capture`, {}, FULL);
    expect([declined.status, captureOf(declined.body).status]).toEqual([201, 'DECLINED']);
  });

  it('answers captures and refunds as Payments v2 documents; a completed capture shows what the charity receives', async () => {
    const captured = await call('POST', `/v2/checkout/orders/${await approvedOrder()}/capture`, {}, FULL);
    const { id: captureId } = captureOf(captured.body);
    const shown = await call('GET', `/v2/payments/captures/${captureId}`);
    expect(captureOf(captured.body).seller_protection).toEqual(CARD_PROTECTION);
    expect(shown.body.seller_protection).toEqual(CARD_PROTECTION);
    expect(shown.body.seller_receivable_breakdown).toEqual({ gross_amount: { currency_code: 'GBP', value: '25.00' }, net_amount: { currency_code: 'GBP', value: '25.00' } });
    expect((await call('GET', '/v2/payments/captures/NOSUCHCAPTURE1234')).status).toBe(404);
    const refund = await call('POST', `/v2/payments/captures/${captureId}/refund`, {});
    expect([refund.status, refund.body.status]).toEqual([201, 'COMPLETED']);
    expect(issue(await call('POST', `/v2/payments/captures/${captureId}/refund`, {}))).toBe('CAPTURE_FULLY_REFUNDED');
    expect((await call('GET', `/v2/payments/refunds/${refund.body.id}`)).status).toBe(200);
    expect((await call('GET', '/v2/payments/refunds/NOSUCHREFUND12345')).status).toBe(404);

    const declined = await call('POST', `/v2/checkout/orders/${await approvedOrder({ ...GOOD_CARD, name: 'CCREJECT-IF' })}/capture`, {}, FULL);
    const declinedCapture = await call('GET', `/v2/payments/captures/${captureOf(declined.body).id}`);
    expect(declinedCapture.body.seller_receivable_breakdown).toBeUndefined();
    expect(declinedCapture.body.seller_protection).toEqual(CARD_PROTECTION);
    expect(issue(await call('POST', `/v2/payments/captures/${declinedCapture.body.id}/refund`, {}))).toBe('REFUND_NOT_ALLOWED');
  });

  it('sends PayPal’s events: the event and its resource as documented, DECLINED for a declined capture, links to itself and its resend', async () => {
    const completed = captureOf((await call('POST', `/v2/checkout/orders/${await approvedOrder()}/capture`, {}, FULL)).body);
    const declined = captureOf((await call('POST', `/v2/checkout/orders/${await approvedOrder({ ...GOOD_CARD, name: 'CCREJECT-IF' })}/capture`, {}, FULL)).body);
    await call('POST', `/v2/payments/captures/${completed.id}/refund`, {});
    const rows = await test.db.query<{ event: string; transmission_id: string; transmission_time: string; signature: string }>(
      'SELECT event, transmission_id, transmission_time, signature FROM dev_paypal_webhooks ORDER BY seq',
    );
    const events = rows.map((r) => JSON.parse(r.event) as Json & { id: string; event_type: string; resource_type: string; resource: Json & { id: string }; links: Link[] });
    const mine = events.filter((e) => e.resource.id === completed.id || e.resource.id === declined.id || (e.resource_type === 'refund' && JSON.stringify(e.resource.links).includes(completed.id)));
    expect(mine.map((e) => [e.event_type, e.resource.id === completed.id ? 'completed' : e.resource.id === declined.id ? 'declined' : 'refund'])).toEqual([
      ['PAYMENT.CAPTURE.COMPLETED', 'completed'],
      ['PAYMENT.CAPTURE.DECLINED', 'declined'],
      ['PAYMENT.CAPTURE.REFUNDED', 'refund'],
    ]);
    for (const event of events) {
      expect(nonConformance('notifications_webhooks_v1', 'GET', '/v1/notifications/webhooks-events/{event_id}', 200, event), event.event_type).toEqual([]);
      const resource = event.resource_type === 'capture' ? '/v2/payments/captures/{capture_id}' : '/v2/payments/refunds/{refund_id}';
      expect(nonConformance('payments_payment_v2', 'GET', resource, 200, event.resource), `${event.event_type} resource`).toEqual([]);
      if (event.resource_type === 'capture') expect(event.resource.seller_protection, `${event.event_type} resource`).toEqual(CARD_PROTECTION);
      expect(event.links.map((l) => `${l.method} ${l.rel}`)).toEqual(['GET self', 'POST resend']);
      // Each link is one the sandbox answers.
      const self = await call('GET', event.links[0]!.href.slice(SANDBOX_ORIGIN.length));
      expect(self.body).toEqual(event);
      expect((await call('POST', event.links[1]!.href.slice(SANDBOX_ORIGIN.length), {})).status).toBe(202);
    }
    expect((await call('GET', '/v1/notifications/webhooks-events/WH-NOSUCHEVENT')).status).toBe(404);
    const [first] = rows;
    const verified = await call(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      `{"auth_algo":"HMACSHA256","cert_url":"${SANDBOX_ORIGIN}/v1/notifications/certs/CERT-LOCAL-SANDBOX","transmission_id":"${first!.transmission_id}","transmission_sig":"${first!.signature}","transmission_time":"${first!.transmission_time}","webhook_id":"LOCALSANDBOXWEBHOOK","webhook_event":${first!.event}}`,
    );
    expect(verified.body).toEqual({ verification_status: 'SUCCESS' });
  });

  it('the check refuses shapes PayPal’s documents do not allow, so a sandbox answering one fails these tests', () => {
    const capture = { id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'GBP', value: '25.00' } };
    const path = '/v2/payments/captures/{capture_id}';
    expect(nonConformance('payments_payment_v2', 'GET', path, 200, capture)).toEqual([]);
    const wrong: [string, unknown][] = [
      ['a capture status PayPal has no word for', { ...capture, status: 'DENIED' }],
      ['an amount with a comma', { ...capture, amount: { currency_code: 'GBP', value: '25,00' } }],
      ['a breakdown without its gross amount', { ...capture, seller_receivable_breakdown: { net_amount: capture.amount } }],
      ['a link with no rel', { ...capture, links: [{ href: 'http://x', method: 'GET' }] }],
      ['a seller protection status PayPal has no word for', { ...capture, seller_protection: { status: 'PROTECTED' } }],
      ['a dispute category PayPal does not cover', { ...capture, seller_protection: { status: 'ELIGIBLE', dispute_categories: ['SIGNIFICANTLY_NOT_AS_DESCRIBED'] } }],
    ];
    for (const [what, body] of wrong) expect(nonConformance('payments_payment_v2', 'GET', path, 200, body), what).not.toEqual([]);
    const refundRefused = (description: string) => ({
      name: 'UNPROCESSABLE_ENTITY',
      message: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
      details: [{ issue: 'CAPTURE_FULLY_REFUNDED', description }],
      debug_id: 'abc',
    });
    const refundPath = '/v2/payments/captures/{capture_id}/refund';
    expect(nonConformance('payments_payment_v2', 'POST', refundPath, 422, refundRefused('The capture has already been fully refunded'))).toEqual([]);
    expect(nonConformance('payments_payment_v2', 'POST', refundPath, 422, refundRefused('The capture has already been fully refunded.'))).not.toEqual([]);
    // A 400 with the 422's message, and an issue the create order's 422 does not list.
    expect(nonConformance('checkout_orders_v2', 'POST', '/v2/checkout/orders', 400, { ...refundRefused('x'), name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }] })).not.toEqual([]);
    expect(nonConformance('checkout_orders_v2', 'POST', '/v2/checkout/orders', 422, { ...refundRefused('x'), details: [{ issue: 'INVALID_PARAMETER_VALUE' }] })).not.toEqual([]);
    expect(nonConformance('notifications_webhooks_v1', 'POST', '/v1/notifications/verify-webhook-signature', 200, { verification_status: 'OK' })).not.toEqual([]);
  });
});
