/**
 * Card checkout helpers shared by the checkout journeys: the paid events a
 * member can book, the way from the slot grid to /checkout, the card form,
 * and another member paying through the API the way the stand-in SDK does.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ScreeningEvent } from '../../../src/domain/event';
import { eventPricePence } from '../../../src/domain/event';
import { bookableEvents, fillConsent, pickFirstFreeSlot, VALID_ANSWERS } from './booking';
import type { TestMember } from './members';

const DAY_MS = 24 * 60 * 60_000;

/** Paid public events at least a week ahead (so a cancel is refunded), soonest first. */
export async function paidEvents(request: APIRequestContext): Promise<ScreeningEvent[]> {
  const weekAhead = new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10);
  return (await bookableEvents(request))
    .filter((e) => e.payment_required && eventPricePence(e) > 0 && !e.is_private && e.lab_name !== 'ESNEFT' && e.event_date >= weekAhead)
    .sort((a, b) => a.event_date.localeCompare(b.event_date));
}

/** From /book-event: the first free time, the consent form, then /checkout. */
export async function toCheckout(page: Page, event: ScreeningEvent) {
  if (!page.url().includes(`/book-event?event=${event.event_id}`)) await page.goto(`/book-event?event=${event.event_id}`);
  await pickFirstFreeSlot(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).click();
  await fillConsent(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\?event=[0-9a-f-]{36}&slot=\d\d%3A\d\d&consent=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

export async function fillCard(page: Page, card: { name: string; number?: string; expiry?: string; cvv?: string }) {
  await page.getByLabel('Name on card').fill(card.name);
  await page.getByLabel('Card number').fill(card.number ?? '4111 1111 1111 1111');
  await page.getByLabel('Expiry date (MM/YY)').fill(card.expiry ?? '12/30');
  await page.getByLabel('Security code (CVV)').fill(card.cvv ?? '123');
}

/** Pay, which names the amount ("Pay £25.00"). */
export const pay = (page: Page) => page.getByRole('button', { name: /^Pay £\d+\.\d\d$/ }).click();

/**
 * Another member pays for `slot` through the API: consent, order (the hold),
 * the card confirmed at the local sandbox as its SDK confirms it, capture.
 */
export async function payThroughApi(request: APIRequestContext, member: TestMember, event: ScreeningEvent, slot: string) {
  const headers = { Authorization: `Bearer ${member.accessToken}` };
  const consent = await request.post('/api/medical/consent', { headers, data: { ...VALID_ANSWERS, eventId: event.event_id, psaTestDate: event.event_date } });
  expect(consent.status(), await consent.text()).toBe(201);
  const { consent_id: consentId } = (await consent.json()) as { consent_id: string };
  const order = await request.post('/api/payments/orders', { headers, data: { eventId: event.event_id, appointmentStartTime: slot, consentId } });
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  // As the stand-in SDK sends it: with the token it carries, the expiry in PayPal's YYYY-MM.
  const card = { number: '4111111111111111', expiry: '2030-12', security_code: '123', name: 'Quick Payer' };
  const approved = await request.post(`/dev/paypal/v2/checkout/orders/${id}/confirm-payment-source`, {
    headers: { Authorization: `Bearer ${await sandboxToken(request)}` },
    data: { payment_source: { card } },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const captured = await request.post(`/api/payments/orders/${id}/capture`, { headers, data: {} });
  expect(captured.status(), await captured.text()).toBe(201);
}

/**
 * `minutes` pass for the e2e server (/dev/clock, development only; its
 * payment sweep runs) and for the page (Playwright's clock, installed
 * before the page loaded), which ends on the server's new time.
 */
export async function timePasses(page: Page, request: APIRequestContext, minutes: number) {
  const res = await request.post('/dev/clock/advance', { data: { minutes } });
  expect(res.status(), await res.text()).toBe(200);
  const serverNow = new Date(((await res.json()) as { now: string }).now).getTime();
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, serverNow - pageNow));
}

export async function serverClockBack(request: APIRequestContext) {
  expect((await request.delete('/dev/clock')).status()).toBe(200);
}

/** An access token from the local sandbox, asked with its own credentials as the server asks. */
async function sandboxToken(request: APIRequestContext): Promise<string> {
  const basic = Buffer.from('chaps-local-sandbox:chaps-local-sandbox-secret').toString('base64');
  const token = await request.post('/dev/paypal/v1/oauth2/token', {
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    data: 'grant_type=client_credentials',
  });
  expect(token.status()).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
}

/** PayPal's view of an order at the local sandbox, asked with the sandbox's own credentials as the server asks. */
export async function sandboxOrder(request: APIRequestContext, orderId: string): Promise<Record<string, unknown>> {
  const order = await request.get(`/dev/paypal/v2/checkout/orders/${orderId}`, { headers: { Authorization: `Bearer ${await sandboxToken(request)}` } });
  expect(order.status()).toBe(200);
  return (await order.json()) as Record<string, unknown>;
}
