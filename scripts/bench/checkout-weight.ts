/**
 * First-load JavaScript of /checkout against other routes (and of
 * /medical-results, the other heavy member page), for the demo
 * member signed in through the real /login (the stored session is copied
 * into each fresh context), with the server's local PayPal sandbox. Every
 * script is read back and marked when it holds PayPal code (the text
 * "paypal" anywhere in it): expected only on /checkout, in the lazy
 * checkout chunk and the SDK the page loads at run time.
 */
import type { Browser } from '@playwright/test';
import type { ScreeningEvent } from '../../src/domain/event.ts';
import { validConsent } from '../../tests/fixtures/bookings.ts';
import { DEMO_MEMBER, measureRoute, signedInState, type RouteWeight } from './page-weight.ts';

export interface CheckoutRouteWeight extends RouteWeight {
  who: 'anonymous' | 'signed in';
  /** Paths of this route's scripts that hold PayPal code. */
  paypalScripts: string[];
}

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A paid public event with a free time, and a consent for it, as the consent form would make it. */
async function checkoutRoute(baseUrl: string, token: string): Promise<{ route: string; event: ScreeningEvent }> {
  const { events } = await json<{ events: ScreeningEvent[] }>(await fetch(`${baseUrl}/api/events`), 'GET /api/events');
  for (const event of events.filter((e) => e.payment_required && !e.is_private)) {
    // An event past its cut-off, or full, answers 409/422: the next one may still book.
    const answer = await fetch(`${baseUrl}/api/events/${event.event_id}/slots`);
    if (answer.status === 409 || answer.status === 422) continue;
    const slots = await json<Record<string, { availableTimeSlots?: string[] }>>(answer, 'GET slots');
    const slot = slots[event.event_date]?.availableTimeSlots?.[0];
    if (!slot) continue;
    const consent = await json<{ consent_id: string }>(
      await fetch(`${baseUrl}/api/medical/consent`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...validConsent(), eventId: event.event_id, psaTestDate: event.event_date }),
      }),
      'POST /api/medical/consent',
    );
    const query = new URLSearchParams({ event: event.event_id, slot, consent: consent.consent_id });
    return { route: `/checkout?${query}`, event };
  }
  throw new Error('no paid public event with a free time in the demo data');
}

export async function measureCheckoutWeight(browser: Browser, baseUrl: string): Promise<CheckoutRouteWeight[]> {
  const session = await json<{ access_token: string }>(
    await fetch(`${baseUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_MEMBER),
    }),
    'sign-in',
  );
  const { route: checkout, event } = await checkoutRoute(baseUrl, session.access_token);
  const storageState = await signedInState(browser, baseUrl, DEMO_MEMBER);
  const weights: Array<RouteWeight & { who: CheckoutRouteWeight['who'] }> = [
    { who: 'anonymous', ...(await measureRoute(browser, baseUrl, '/')) },
    { who: 'signed in', ...(await measureRoute(browser, baseUrl, '/', { storageState })) },
    { who: 'signed in', ...(await measureRoute(browser, baseUrl, '/book-event-main', { storageState })) },
    { who: 'signed in', ...(await measureRoute(browser, baseUrl, `/book-event?event=${event.event_id}`, { storageState })) },
    // Medical Results with the PSA chart and the GP letter (docs/decisions/0021-member-record-export-and-erasure.md): drawn once the chart's points are.
    {
      who: 'signed in',
      ...(await measureRoute(browser, baseUrl, '/medical-results', { storageState, ready: (page) => page.locator('.psa-point-label').first().waitFor({ timeout: 30_000 }) })),
    },
    {
      who: 'signed in',
      ...(await measureRoute(browser, baseUrl, checkout, { storageState, ready: (page) => page.getByLabel('Card number').waitFor({ timeout: 30_000 }) })),
    },
  ];
  const holdsPayPal = new Map<string, boolean>();
  for (const url of new Set(weights.flatMap((w) => w.scripts.map((s) => s.url)))) {
    const body = await (await fetch(baseUrl + url)).text();
    holdsPayPal.set(url, /paypal/i.test(body));
  }
  return weights.map((w) => ({ ...w, paypalScripts: w.scripts.filter((s) => holdsPayPal.get(s.url)).map((s) => s.url) }));
}
