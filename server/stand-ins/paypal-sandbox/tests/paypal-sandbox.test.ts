/**
 * The local PayPal sandbox answers as PayPal's published
 * OpenAPI documents (Orders v2, Payments v2) say PayPal does, since every
 * payment test trusts it: only tokens it issued, until they expire, and
 * for every /v2 call, confirm-payment-source included; card expiry in
 * YYYY-MM; a replayed PayPal-Request-Id answers 200 for a create or
 * capture; GET capture; orders with HATEOAS links; Prefer honoured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_ORIGIN } from '../answers';
import { TOKEN_SECONDS } from '../tokens';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../../../tests/fixtures/db';
import { GOOD_CARD, sdkToken } from '../../../../tests/fixtures/payments';

type Json = Record<string, unknown> & { id?: string; status?: string; links?: { href: string; rel: string; method: string }[]; details?: { issue: string }[] };
const BASIC = `Basic ${Buffer.from('chaps-local-sandbox:chaps-local-sandbox-secret').toString('base64')}`;
const ORDER = { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'GBP', value: '25.00' }, description: 'Screening', custom_id: 'hold-1' }] };

describe.each(ENGINES)('the local PayPal sandbox on %s', (engine) => {
  let test: TestDatabase;
  let clock = new Date('2026-05-04T09:00:00Z');
  const app = () => testApp({ db: test.db, now: () => clock });
  const call = (method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    getJson<Json>(app(), `/dev/paypal${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  const serverToken = async () => {
    const res = await getJson<{ access_token: string; expires_in: number }>(app(), '/dev/paypal/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    return res.body.access_token;
  };
  const FULL = { Prefer: 'return=representation' };
  const rels = (body: Json) => body.links?.map((l) => `${l.method} ${l.rel}`);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('takes only tokens it issued, until they expire', async () => {
    const forged = `A21AA${'0'.repeat(32)}`;
    expect((await call('POST', '/v2/checkout/orders', forged, ORDER)).status).toBe(401);
    const token = await serverToken();
    expect((await call('POST', '/v2/checkout/orders', token, ORDER)).status).toBe(201);
    const issuedAt = clock;
    clock = new Date(issuedAt.getTime() + TOKEN_SECONDS * 1000 + 1000);
    expect((await call('POST', '/v2/checkout/orders', token, ORDER)).status).toBe(401);
    clock = issuedAt;
  });

  it('needs a token for confirm-payment-source, as PayPal does; the SDK script carries one for its client id', async () => {
    const token = await serverToken();
    const order = await call('POST', '/v2/checkout/orders', token, ORDER);
    const confirm = (bearer: string | null, card: Record<string, unknown> = GOOD_CARD) =>
      call('POST', `/v2/checkout/orders/${order.body.id}/confirm-payment-source`, bearer, { payment_source: { card } });
    expect((await confirm(null)).status).toBe(401);
    expect((await confirm(`A21AA${'f'.repeat(32)}`)).status).toBe(401);
    const approved = await confirm(await sdkToken(app()));
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({ id: order.body.id, status: 'APPROVED', links: expect.any(Array) });
    for (const query of ['', '?client-id=someone-else']) {
      const res = await app().request(`/dev/paypal/sdk/js${query}`);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Invalid query value for client-id');
    }
  });

  it('takes the card expiry in PayPal’s YYYY-MM and refuses other spellings as malformed', async () => {
    const token = await serverToken();
    const confirm = async (expiry: string) => {
      const order = await call('POST', '/v2/checkout/orders', token, ORDER);
      return call('POST', `/v2/checkout/orders/${order.body.id}/confirm-payment-source`, token, { payment_source: { card: { ...GOOD_CARD, expiry } } });
    };
    expect((await confirm('2030-12')).status).toBe(200);
    expect((await confirm('2026-05')).status).toBe(200);
    for (const malformed of ['12/30', '12/2030', '2030-13', '2030-1', '']) {
      const res = await confirm(malformed);
      expect(res.status, malformed).toBe(400);
      expect(res.body.details?.[0]?.issue).toBe('INVALID_PARAMETER_SYNTAX');
    }
    const expired = await confirm('2026-04');
    expect(expired.status).toBe(422);
    expect(expired.body.details?.[0]?.issue).toBe('CARD_EXPIRED');
  });

  it('answers a replayed PayPal-Request-Id with the first result: 200 for a create or capture, 201 for a refund', async () => {
    const token = await serverToken();
    const create = () => call('POST', '/v2/checkout/orders', token, ORDER, { ...FULL, 'PayPal-Request-Id': 'replay-create-1' });
    const first = await create();
    const again = await create();
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body).toEqual(first.body);
    await call('POST', `/v2/checkout/orders/${first.body.id}/confirm-payment-source`, token, { payment_source: { card: GOOD_CARD } });
    const capture = () => call('POST', `/v2/checkout/orders/${first.body.id}/capture`, token, {}, { ...FULL, 'PayPal-Request-Id': 'replay-capture-1' });
    const captured = await capture();
    const recaptured = await capture();
    expect([captured.status, recaptured.status]).toEqual([201, 200]);
    expect(recaptured.body).toEqual(captured.body);
    const captureId = (captured.body as { purchase_units: { payments: { captures: { id: string }[] } }[] }).purchase_units[0]!.payments.captures[0]!.id;
    const refund = () => call('POST', `/v2/payments/captures/${captureId}/refund`, token, {}, { 'PayPal-Request-Id': 'replay-refund-1' });
    const refunded = await refund();
    const rerefunded = await refund();
    expect([refunded.status, rerefunded.status]).toEqual([201, 201]);
    expect(rerefunded.body.id).toBe(refunded.body.id);
  });

  it('shows a capture at GET /v2/payments/captures/{id}, and 404 for one it never made', async () => {
    const token = await serverToken();
    const order = await call('POST', '/v2/checkout/orders', token, ORDER);
    await call('POST', `/v2/checkout/orders/${order.body.id}/confirm-payment-source`, token, { payment_source: { card: GOOD_CARD } });
    const captured = await call('POST', `/v2/checkout/orders/${order.body.id}/capture`, token, {}, FULL);
    const captureId = (captured.body as { purchase_units: { payments: { captures: { id: string }[] } }[] }).purchase_units[0]!.payments.captures[0]!.id;
    const shown = await call('GET', `/v2/payments/captures/${captureId}`, token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id: captureId, status: 'COMPLETED', amount: { currency_code: 'GBP', value: '25.00' } });
    expect(rels(shown.body)).toEqual(['GET self', 'POST refund', 'GET up']);
    expect((await call('GET', '/v2/payments/captures/NOSUCHCAPTURE12345', token)).status).toBe(404);
    expect((await call('GET', `/v2/payments/captures/${captureId}`, null)).status).toBe(401);
  });

  it('gives orders PayPal’s HATEOAS links for their status, each one the sandbox answers', async () => {
    const token = await serverToken();
    const created = await call('POST', '/v2/checkout/orders', token, ORDER);
    expect(Object.keys(created.body).sort()).toEqual(['id', 'links', 'status']);
    expect(rels(created.body)).toEqual(['GET self', 'GET approve', 'PATCH update', 'POST capture']);
    expect(created.body.links![0]!.href).toBe(`${SANDBOX_ORIGIN}/v2/checkout/orders/${created.body.id}`);
    const full = await call('POST', '/v2/checkout/orders', token, ORDER, FULL);
    expect(full.body).toMatchObject({ status: 'CREATED', intent: 'CAPTURE', purchase_units: [{ amount: { value: '25.00' } }] });
    expect(rels(full.body)).toEqual(['GET self', 'GET approve', 'PATCH update', 'POST capture']);

    await call('POST', `/v2/checkout/orders/${created.body.id}/confirm-payment-source`, token, { payment_source: { card: GOOD_CARD } });
    const approved = await call('GET', `/v2/checkout/orders/${created.body.id}`, token);
    expect(rels(approved.body)).toEqual(['GET self', 'PATCH update', 'POST capture']);
    const capture = approved.body.links!.find((l) => l.rel === 'capture')!;
    const captured = await call(capture.method, capture.href.slice(SANDBOX_ORIGIN.length), token, {});
    expect(captured.status).toBe(201);
    expect(rels(captured.body)).toEqual(['GET self']);
    const self = captured.body.links![0]!;
    const fetched = await call(self.method, self.href.slice(SANDBOX_ORIGIN.length), token);
    expect(fetched.body).toMatchObject({ id: created.body.id, status: 'COMPLETED', links: captured.body.links });
  });

  it('refuses a body that is not well-formed JSON, or that jsonb could not keep, with 400 as PayPal does', async () => {
    const token = await serverToken();
    for (const body of ['{"intent":', `{"intent":"CAPTURE","purchase_units":${'['.repeat(5000)}${']'.repeat(5000)}}`, JSON.stringify({ ...ORDER, purchase_units: [{ ...ORDER.purchase_units[0], description: 'x\u0000' }] })]) {
      const res = await call('POST', '/v2/checkout/orders', token, body);
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.issue).toBe('MALFORMED_REQUEST_JSON');
    }
  });
});
