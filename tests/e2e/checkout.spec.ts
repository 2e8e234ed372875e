/**
 * Card payment journeys of issue 9, each as a new member on a device in New
 * York against the local PayPal sandbox: a paid event from the list
 * through consent and card to /booking-success and the email; an invalid
 * form, then a CCREJECT-REFUSED decline, then a good card; a cancel with a
 * refund from My bookings; a capture whose answer is lost; a DECLINED
 * capture. axe on /checkout.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { eventPricePence } from '../../src/domain/event';
import { formatPence } from '../../src/domain/format';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout-messages';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookableEvents, fillConsent, mailsTo, pickFirstFreeSlot } from './support/booking';
import { createMember, signIn, signInAt } from './support/members';

const DAY_MS = 24 * 60 * 60_000;

/** Paid public events at least a week ahead (so a cancel is refunded), soonest first. */
async function paidEvents(request: APIRequestContext): Promise<ScreeningEvent[]> {
  const weekAhead = new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10);
  return (await bookableEvents(request))
    .filter((e) => e.payment_required && eventPricePence(e) > 0 && !e.is_private && e.lab_name !== 'ESNEFT' && e.event_date >= weekAhead)
    .sort((a, b) => a.event_date.localeCompare(b.event_date));
}

async function toCheckout(page: Page, event: ScreeningEvent) {
  if (!page.url().includes(`/book-event?event=${event.event_id}`)) await page.goto(`/book-event?event=${event.event_id}`);
  await pickFirstFreeSlot(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).click();
  await fillConsent(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/checkout\?event=[0-9a-f-]{36}&slot=\d\d%3A\d\d&consent=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function fillCard(page: Page, card: { name: string; number?: string; expiry?: string; cvv?: string }) {
  await page.getByLabel('Name on card').fill(card.name);
  await page.getByLabel('Card number').fill(card.number ?? '4111 1111 1111 1111');
  await page.getByLabel('Expiry date (MM/YY)').fill(card.expiry ?? '12/30');
  await page.getByLabel('Security code (CVV)').fill(card.cvv ?? '123');
}

const pay = (page: Page) => page.getByRole('button', { name: 'Pay', exact: true }).click();

test.describe('card checkout', () => {
  test('a new member pays for an event by card, is booked, emailed, and can cancel with a refund', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Percy' });
    const event = (await paidEvents(request))[0]!;
    // From the list, as a visitor: BOOK, sign in, then the slot grid.
    await page.goto('/book-event-main');
    await page.locator(`[data-event-id="${event.event_id}"]`).getByRole('link', { name: 'BOOK' }).click();
    await page.getByRole('button', { name: 'BOOK EVENT' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(new RegExp(`/book-event\\?event=${event.event_id}$`));
    await toCheckout(page, event);

    const order = page.getByRole('complementary', { name: 'Your Order' });
    await expect(order).toContainText(event.product_name);
    await expect(order).toContainText(formatPence(eventPricePence(event)));
    await expect(order).not.toContainText('Discount');
    await expect(page.getByLabel('Card number')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await fillCard(page, { name: 'Percy Booker' });
    await page.getByLabel('Address line 1').fill('12 Mill Lane');
    await page.getByLabel('Town or city').fill('Colchester');
    await page.getByLabel('Postcode').fill('CO2 7AA');
    const checkoutUrl = page.url();
    await pay(page);
    await expect(page).toHaveURL(/\/booking-success\?appointment=[0-9a-f-]{36}$/);
    await expect(page.getByText(event.event_name)).toBeVisible();
    await expect.poll(async () => (await mailsTo(request, member.email)).map((m) => m.subject)).toContain(`Booking confirmed: ${event.event_name}`);

    // Opening the checkout again does not ask to pay again: the booking is confirmed.
    await page.goto(checkoutUrl);
    await expect(page).toHaveURL(/\/booking-success/);

    await page.goto('/my-bookings');
    await page.getByRole('button', { name: /Cancel/ }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('will be refunded to your card in full');
    await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
    await expect(dialog.getByRole('status')).toContainText('has been refunded to your card');
    await expect.poll(async () => (await mailsTo(request, member.email)).map((m) => m.subject)).toContain(`Refund: ${event.event_name}`);
  });

  test('an invalid form, then a refused card, then a good one', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Rex' });
    const event = (await paidEvents(request))[1]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await toCheckout(page, event);

    await fillCard(page, { name: 'Rex Booker', number: '4111 1111 1111 1112' });
    await pay(page);
    await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.formInvalid })).toBeVisible();

    await fillCard(page, { name: 'CCREJECT-REFUSED' });
    await pay(page);
    await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.tryAgain })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Your Order' })).toContainText(/held for \d+ more minutes?/);

    await fillCard(page, { name: 'Rex Booker' });
    await pay(page);
    await expect(page).toHaveURL(/\/booking-success\?appointment=/);
    await expect
      .poll(async () => (await mailsTo(request, member.email)).filter((m) => m.subject.startsWith('Booking confirmed')).length)
      .toBe(1);
  });

  test('the capture’s answer is lost after the card was charged: back on the page, the booking shows confirmed', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Lionel' });
    const event = (await paidEvents(request))[0]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await toCheckout(page, event);
    // The server captures and confirms, but the answer never reaches the phone.
    await page.route('**/api/payments/orders/*/capture', async (route) => {
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await fillCard(page, { name: 'Lionel Booker' });
    await pay(page);
    await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.noResponse })).toBeVisible();
    await page.unroute('**/api/payments/orders/*/capture');
    await page.reload();
    await expect(page).toHaveURL(/\/booking-success\?appointment=/);
    await expect.poll(async () => (await mailsTo(request, member.email)).filter((m) => m.subject.startsWith('Booking confirmed')).length).toBe(1);
  });

  test('a declined capture says so in SPEC’s words; /checkout without a booking goes to /events', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Ivan' });
    const event = (await paidEvents(request))[2]!;
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await toCheckout(page, event);
    await fillCard(page, { name: 'CCREJECT-IF' });
    await pay(page);
    await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.declined })).toBeVisible();
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/events$/);
  });
});
