import { describe, expect, it } from 'vitest';
import { createPayPalClient } from '../../server/modules/payments/paypal-client';

interface Seen {
  path: string;
  authorization: string | null;
  requestId: string | null;
}

/** A PayPal that issues tokens T1, T2, ... and answers API calls with `answer(token, callNumber)`. */
function fakePayPal(answer: (token: string, call: number) => number) {
  const seen: Seen[] = [];
  let tokens = 0;
  let calls = 0;
  const fetch = async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const path = new URL(url).pathname;
    seen.push({ path, authorization: headers.get('Authorization'), requestId: headers.get('PayPal-Request-Id') });
    if (path === '/v1/oauth2/token') {
      tokens += 1;
      return Response.json({ access_token: `T${tokens}`, token_type: 'Bearer', expires_in: 32400 });
    }
    calls += 1;
    const status = answer((headers.get('Authorization') ?? '').replace('Bearer ', ''), calls);
    return Response.json(status === 401 ? { error: 'invalid_token' } : { id: 'CAPTURE123', status: 'COMPLETED' }, { status });
  };
  const client = createPayPalClient({ apiBase: 'https://paypal.test', clientId: 'id', clientSecret: 'secret', fetch });
  return { client, seen };
}

describe('the PayPal client’s access token', () => {
  it('is kept between calls', async () => {
    const { client, seen } = fakePayPal(() => 200);
    await client.getCapture('CAPTURE123');
    await client.getCapture('CAPTURE123');
    expect(seen.filter((s) => s.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('is dropped on a 401 and the call made once more with a new one, with the same PayPal-Request-Id', async () => {
    // T1 is revoked after the first call.
    const { client, seen } = fakePayPal((token, call) => (token === 'T1' && call > 1 ? 401 : 201));
    expect((await client.refundCapture('CAPTURE123', 'chaps-refund-1')).status).toBe(201);
    const second = await client.refundCapture('CAPTURE123', 'chaps-refund-2');
    expect(second.status).toBe(201);
    expect(seen.map((s) => [s.path, s.authorization, s.requestId])).toEqual([
      ['/v1/oauth2/token', expect.stringMatching(/^Basic /), null],
      ['/v2/payments/captures/CAPTURE123/refund', 'Bearer T1', 'chaps-refund-1'],
      ['/v2/payments/captures/CAPTURE123/refund', 'Bearer T1', 'chaps-refund-2'],
      ['/v1/oauth2/token', expect.stringMatching(/^Basic /), null],
      ['/v2/payments/captures/CAPTURE123/refund', 'Bearer T2', 'chaps-refund-2'],
    ]);
  });

  it('is retried once only: a PayPal that keeps answering 401 gets two calls, not a loop', async () => {
    const { client, seen } = fakePayPal(() => 401);
    expect((await client.getRefund('REFUND123')).status).toBe(401);
    expect(seen.filter((s) => s.path === '/v2/payments/refunds/REFUND123')).toHaveLength(2);
    expect(seen.filter((s) => s.path === '/v1/oauth2/token')).toHaveLength(2);
  });

  it('is not renewed for other failures', async () => {
    const { client, seen } = fakePayPal(() => 503);
    expect((await client.getOrder('ORDER123')).status).toBe(503);
    expect(seen.filter((s) => s.path === '/v1/oauth2/token')).toHaveLength(1);
    expect(seen.filter((s) => s.path.startsWith('/v2/'))).toHaveLength(1);
  });
});
