/**
 * What POST /api/payments/webhooks refuses before anything is stored: a
 * forged or altered notification (400, nothing changed, the real one still
 * taken), a body that is not UTF-8 or starts with a byte order mark; and
 * what it takes: an event PayPal wrote unlike JSON.stringify would,
 * verified over its exact bytes at the route and at the sandbox. Apart
 * from payments-webhooks.test.ts (what an accepted webhook's job does);
 * both start from payments-webhooks-setup.ts.
 */
import { describe, expect, it } from 'vitest';
import { runJobs } from '../../../../tests/fixtures/app';
import { ENGINES } from '../../../../tests/fixtures/db';
import { NOW, webhookSuite } from './payments-webhooks-setup';

describe.each(ENGINES)('PayPal webhook signatures on %s', (engine) => {
  const { suite, count, subjects, appointment, order, webhookJobs, kept, headersOf, post, capturedAtPayPalOnly } = webhookSuite(engine);

  it('a forged or altered notification is refused with 400 and changes nothing', async () => {
    const { test } = suite;
    const { appointmentId, captureId } = await capturedAtPayPalOnly();
    const [real] = await kept();
    const event = JSON.parse(real!.event) as Record<string, unknown>;
    const forged = JSON.stringify({ ...event, id: 'WH-FORGED-0001' });
    const refusals = [
      // Made up from nothing, with headers that look right.
      await post(forged, { ...headersOf(real!), 'PAYPAL-TRANSMISSION-ID': '8d2f0a4e-0000-4000-8000-000000000000', 'PAYPAL-TRANSMISSION-SIG': 'bm90IGEgc2lnbmF0dXJl' }),
      // A real transmission's headers on another body.
      await post(forged, headersOf(real!)),
      await post(JSON.stringify({ ...event, event_type: 'PAYMENT.CAPTURE.REVERSED' }), headersOf(real!)),
      // The real body, signature altered, or signed at another time.
      await post(real!.event, { ...headersOf(real!), 'PAYPAL-TRANSMISSION-SIG': `${real!.signature.slice(0, -4)}AAA=` }),
      await post(real!.event, { ...headersOf(real!), 'PAYPAL-TRANSMISSION-TIME': new Date(NOW.getTime() + 1000).toISOString() }),
      // No PayPal headers at all.
      await post(real!.event, { 'Content-Type': 'application/json' }),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.issue).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    expect((await post('not json', headersOf(real!))).status).toBe(400);
    expect((await post(JSON.stringify({ nothing: 'here' }), headersOf(real!))).status).toBe(400);
    expect((await post(JSON.stringify({ ...event, padding: 'x'.repeat(70_000) }), headersOf(real!))).status).toBe(413);
    expect(await count('paypal_webhook_events')).toBe(0);
    expect(await appointment(appointmentId)).toEqual({ status: 'held', payment_status: 'unpaid' });
    expect(await order()).toMatchObject({ status: 'created' });
    expect(await webhookJobs((JSON.parse(forged) as { id: string }).id)).toEqual([]);
    // The real one, unaltered, is still taken.
    expect((await post(real!.event, headersOf(real!))).status).toBe(200);
    await runJobs(test.db);
    expect(await appointment(appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    expect(captureId).toMatch(/^[A-Z0-9]{17}$/);
  });

  it('an event PayPal wrote unlike JSON.stringify (\\u00a3, \\/, spacing, key order) is verified over its exact bytes and acted on', async () => {
    const { test, control } = suite;
    const { appointmentId } = await capturedAtPayPalOnly();
    const [real] = await kept();
    const event = JSON.parse(real!.event) as Record<string, unknown> & { id: string; resource: Record<string, unknown> };
    const reversed = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).reverse());
    const spellings = {
      // PayPal's own escapes: the pound sign as \u00a3 and every / in the links as \/.
      escaped: JSON.stringify({ ...event, id: `${event.id}-E`, summary: 'Payment completed for £25.00 GBP' }).replace(/£/g, '\\u00a3').replace(/\//g, '\\/'),
      spaced: `${JSON.stringify({ ...event, id: `${event.id}-S` }, null, 2).replace(/\n/g, '\r\n')}\n`,
      // Keys in another order, one of them integer-like, which JSON.parse moves to the front when it is written again.
      reordered: JSON.stringify(reversed({ ...event, id: `${event.id}-R`, resource: reversed(event.resource) })).replace(/}$/, ',"0":"last"}'),
    };
    for (const [name, text] of Object.entries(spellings)) {
      // Parsed and written again, each is other bytes: what a re-serialising receiver would send PayPal.
      expect(JSON.stringify(JSON.parse(text)), name).not.toBe(text);
      const transmissionId = await control.webhooks.signText(text);
      const [signed] = await kept(`transmission_id = '${transmissionId}'`);
      // The same transmission with its event parsed and written again is not what was signed.
      expect((await post(JSON.stringify(JSON.parse(text)), headersOf(signed!))).status, name).toBe(400);
      expect(await control.webhooks.resend(transmissionId), name).toBe(200);
    }
    expect((await test.db.query<{ event_id: string }>('SELECT event_id FROM paypal_webhook_events ORDER BY event_id')).map((r) => r.event_id)).toEqual(
      [`${event.id}-E`, `${event.id}-R`, `${event.id}-S`],
    );
    await runJobs(test.db);
    expect(await appointment(appointmentId)).toEqual({ status: 'confirmed', payment_status: 'paid by card' });
    expect(await count('payment_transactions')).toBe(1);
    expect(await subjects()).toEqual(['Booking confirmed: Paid']);
  });

  it('a body that is not UTF-8, or starts with a byte order mark, is refused: its text could not be passed on as sent', async () => {
    await capturedAtPayPalOnly();
    const [real] = await kept();
    const bytes = Buffer.from(real!.event, 'utf8');
    const notUtf8 = Buffer.concat([bytes.subarray(0, -2), Buffer.from([0x22, 0xff, 0x22]), bytes.subarray(-2)]);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes]);
    for (const body of [notUtf8, withBom]) {
      const res = await post(new Uint8Array(body), headersOf(real!));
      expect(res.status).toBe(400);
      expect(res.body.details?.[0]?.issue).toBe('INVALID_EVENT');
    }
    expect(await count('paypal_webhook_events')).toBe(0);
    expect((await post(real!.event, headersOf(real!))).status).toBe(200);
  });
});
