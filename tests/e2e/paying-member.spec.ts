/**
 * The paying member on a phone (412 px Chromium, device clock in
 * Los Angeles): every step says what really happened, in view.
 * - Pay with an empty card form, and with a declined card (CCREJECT-IF):
 *   an error summary that takes focus, in view, each field at fault marked;
 *   after the decline the summary says the hold ended, as the server has it
 *   (the slot is free again in /slots); Pay shows the amount under the total.
 * - an event closed to booking (closed, passed, full) reached by link
 *   shows its state and offers nothing to book.
 * - the places an event shows are those that can really be booked.
 * - BOOK EVENT offline says at once that booking needs a connection,
 *   and the times come by themselves when it is back.
 * - the listing's notice names COMPLETE BOOKING and Pay, and the buttons
 *   say so.
 * - signing in from BOOK EVENT goes to the booking page without
 *   passing through "Complete your details".
 */
import { expect, test, type Page } from './support/test';
import { CHECKOUT_MESSAGES, CARD_FIELD_MESSAGES } from '../../src/domain/checkout-messages';
import { BOOKING_REFUSAL_MESSAGES } from '../../src/domain/booking';
import { eventPricePence, type ScreeningEvent } from '../../src/domain/event';
import { cardState } from '../../src/domain/event-card';
import { formatPence } from '../../src/domain/format';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookableEvents, fillConsent, freePublicEvents, freeSlots, pickFirstFreeSlot } from './support/booking';
import { fillCard, paidEvents, pay, toCheckout } from './support/checkout';
import { createMember, signIn, signInAt } from './support/members';
import { waitForServiceWorkerControl } from './support/pwa';
import { staffToken } from './support/staff';

test.use({ viewport: { width: 412, height: 915 }, timezoneId: 'America/Los_Angeles', hasTouch: true, isMobile: true });

const HOLD_ENDED = 'Your hold on this place has ended; paying now books it if the place is still free.';
const NEEDS_CONNECTION = 'Booking needs an internet connection, and this phone is offline.';

async function allEvents(page: Page): Promise<ScreeningEvent[]> {
  const res = await page.request.get('/api/events');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { events: ScreeningEvent[] }).events;
}

const summaryOf = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'There is a problem' }) });

test.describe('checkout errors in view', () => {
  test('an empty card form: the summary takes focus in view, each field at fault is marked; Pay shows the amount below the total', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Norris' });
    const event = (await paidEvents(request))[0]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await toCheckout(page, event);
    const amount = formatPence(eventPricePence(event));
    const payButton = page.getByRole('button', { name: `Pay ${amount}`, exact: true });
    await expect(payButton).toBeVisible();
    const total = page.getByText(`Total to pay: ${amount}`);
    await expect(total).toBeVisible();
    expect((await total.boundingBox())!.y).toBeLessThan((await payButton.boundingBox())!.y);

    await payButton.scrollIntoViewIfNeeded();
    await payButton.click();
    const summary = summaryOf(page);
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    await expect(summary).toContainText(CHECKOUT_MESSAGES.formInvalid);
    for (const [label, message] of [
      ['Card number', CARD_FIELD_MESSAGES.cardNumberField.empty],
      ['Expiry date (MM/YY)', CARD_FIELD_MESSAGES.cardExpiryField.empty],
      ['Security code (CVV)', CARD_FIELD_MESSAGES.cardCvvField.empty],
    ] as const) {
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
      const field = page.getByLabel(label);
      await expect(field).toHaveAttribute('aria-invalid', 'true');
      await expect(field).toHaveAccessibleDescription(`Error: ${message}`);
    }
    // A link in the summary takes the member to the field.
    await summary.getByRole('link', { name: CARD_FIELD_MESSAGES.cardNumberField.empty }).click();
    await expect(page.getByLabel('Card number')).toBeFocused();
    // Pay again with the same faults: the summary takes focus again, with the same words.
    await payButton.click();
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(CHECKOUT_MESSAGES.formInvalid);
    await expectNoSeriousA11yViolations(page);
  });

  test('a declined card (CCREJECT-IF): the summary takes focus in view, and the page says the hold ended, as the server freed the place', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Ivor' });
    const event = (await paidEvents(request))[1]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await toCheckout(page, event);
    const slot = new URL(page.url()).searchParams.get('slot')!;
    await fillCard(page, { name: 'CCREJECT-IF' });
    await pay(page);
    const summary = summaryOf(page);
    await expect(summary).toContainText(CHECKOUT_MESSAGES.declined);
    await expect(summary).toBeFocused();
    await expect(summary).toBeInViewport();
    const order = page.getByRole('complementary', { name: 'Your Order' });
    await expect(order).toContainText(HOLD_ENDED);
    await expect(order).not.toContainText(/held for \d+ more minute/);
    // What the page says is what the server holds: the time is free again.
    expect(await freeSlots(request, event)).toContain(slot);
  });
});

test.describe('an event closed to booking, by link', () => {
  test('closed, passed and full events show their state on the slot step and offer nothing to book', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Clement' });
    await signInAt(page, member, '/');
    const events = await allEvents(page);
    const now = new Date();
    const closing = events.find((e) => cardState({ ...e, places_left: undefined }, now) === 'closed' && !e.is_private)!;
    // No list shows an ended event (docs/decisions/0004-date-filter-semantics.md): the staff console's list of all events has them.
    const token = await staffToken(request);
    const all = (await (await request.get('/api/staff/events', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      events: (ScreeningEvent & { cancelled_at: string | null })[];
    };
    const passed = all.events.find((e) => !e.cancelled_at && !e.is_private && cardState(e, now) === 'passed')!;
    const full = events.find((e) => e.booked_spaces >= e.total_spaces && !e.is_private)!;
    for (const [event, title, code] of [
      [closing, 'Booking Closed', 'booking_closed'],
      [passed, 'Event Passed', 'event_passed'],
      [full, 'Fully Booked', 'fully_booked'],
    ] as const) {
      expect(event, title).toBeTruthy();
      await page.goto(`/book-event?event=${event.event_id}`);
      const state = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: title }) });
      await expect(state).toContainText(BOOKING_REFUSAL_MESSAGES[code]);
      await expect(state.getByRole('link', { name: 'See other events' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Choose a time' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Proceed to Consent Form' })).toHaveCount(0);
      const slots = await request.get(`/api/events/${event.event_id}/slots`);
      expect(((await slots.json()) as { error: string }).error).toBe(code);
    }
    await expectNoSeriousA11yViolations(page);
  });
});

test('the event page shows the places that can really be booked', async ({ page, request }) => {
  // An event whose unsold places outnumber its free times (40 places, far fewer slots).
  const events = await bookableEvents(request);
  const event = events.find((e) => !e.is_private && e.places_left !== undefined && e.total_spaces - e.booked_spaces > e.places_left)!;
  expect(event, 'an event with more unsold places than free times').toBeTruthy();
  const free = await freeSlots(request, event);
  expect(event.places_left).toBe(free.length);
  await page.goto(`/event/${event.event_id}`);
  await expect(page.getByText(`${free.length} spaces left`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${event.total_spaces - event.booked_spaces} spaces left`, { exact: true })).toHaveCount(0);
});

test('BOOK EVENT offline says at once that booking needs a connection, and goes on when it is back', async ({ page, context, request }) => {
  const member = await createMember(request, { firstName: 'Osbert' });
  const event = (await freePublicEvents(request))[1]!;
  await page.goto('/login');
  await waitForServiceWorkerControl(page);
  await signIn(page, member.email, member.password);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
  await page.goto(`/event/${event.event_id}`);
  const book = page.getByRole('button', { name: 'BOOK EVENT' });
  await expect(book).toBeEnabled();
  await context.setOffline(true);
  try {
    await book.click();
    await expect(page.getByRole('status').filter({ hasText: NEEDS_CONNECTION })).toBeVisible({ timeout: 1500 });
    await expect(page.getByText('Loading available time slots...')).toHaveCount(0);
    // Still no generic failure after the time the old page took to give up.
    await page.waitForTimeout(4000);
    await expect(page.getByText('Failed to load available time slots')).toHaveCount(0);
    await expect(page.getByRole('status').filter({ hasText: NEEDS_CONNECTION })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // Nothing pressed: the times arrive by themselves.
  await expect(page.getByRole('group', { name: 'Choose a time' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: NEEDS_CONNECTION })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the notice names COMPLETE BOOKING and Pay, and a free event’s booking button says COMPLETE BOOKING', async ({ page, request }) => {
  await page.goto('/book-event-main');
  const notice = page.getByRole('region', { name: 'Important' });
  await expect(notice).toContainText('click COMPLETE BOOKING');
  await expect(notice).toContainText('click Pay on the card payment page');

  const member = await createMember(request, { firstName: 'Cuthbert' });
  const event = (await freePublicEvents(request))[2]!;
  await signInAt(page, member, `/book-event?event=${event.event_id}`);
  await pickFirstFreeSlot(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).click();
  await fillConsent(page);
  await page.getByRole('button', { name: 'COMPLETE BOOKING', exact: true }).click();
  await expect(page).toHaveURL(/\/booking-success\?appointment=/);
});

test('signing in from BOOK EVENT goes to the booking page without "Complete your details" on the way', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Wilfred' });
  const event = (await freePublicEvents(request))[3]!;
  // Every heading the page ever shows, however briefly.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
    new MutationObserver(() => {
      for (const h1 of Array.from(document.querySelectorAll('h1'))) if (!seen.includes(h1.textContent ?? '')) seen.push(h1.textContent ?? '');
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto(`/event/${event.event_id}`);
  await page.getByRole('button', { name: 'BOOK EVENT' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(new RegExp(`/book-event\\?event=${event.event_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Book your appointment' })).toBeVisible();
  const seen = await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen);
  expect(seen).toContain('Sign in');
  expect(seen).not.toContain('Complete your details');
});
