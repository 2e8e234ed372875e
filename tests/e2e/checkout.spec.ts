/**
 * Card payment journeys (docs/decisions/0009-card-payments.md), each as a new
 * member on a device in New York against the local PayPal sandbox: a paid event
 * from the list through consent and card to /booking-success and the email; an
 * invalid form, then a CCREJECT-REFUSED decline, then a good card; a cancel
 * with a refund from My bookings; a capture whose answer is lost; a DECLINED
 * capture. axe on /checkout.
 */
import { expect, test } from './support/test';
import { eventPricePence } from '../../src/domain/event';
import { formatPence } from '../../src/domain/format';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout-messages';
import { expectNoSeriousA11yViolations } from './support/axe';
import { mailsTo } from './support/booking';
import { fillCard, paidEvents, pay, sandboxOrder, toCheckout } from './support/checkout';
import { createMember, signIn, signInAt } from './support/members';

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
    const capture = page.waitForResponse((res) => /\/api\/payments\/orders\/[A-Z0-9]+\/capture$/.test(res.url()));
    await pay(page);
    await expect(page).toHaveURL(/\/booking-success\?appointment=[0-9a-f-]{36}$/);
    // The billing address went to PayPal with the card (the fields of docs/rules.md#card-payment, GB by default).
    const orderId = /orders\/([A-Z0-9]+)\/capture/.exec((await capture).url())![1]!;
    expect(await sandboxOrder(request, orderId)).toMatchObject({
      payment_source: { card: { billing_address: { address_line_1: '12 Mill Lane', admin_area_2: 'Colchester', postal_code: 'CO2 7AA', country_code: 'GB' } } },
    });
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
    // The refund is a job queued with the cancellation: the answer comes before PayPal's.
    await expect(dialog.getByRole('status')).toContainText('Your refund of the full amount is being processed');
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

  test('a declined capture says so in the checkout’s words; /checkout without a booking goes to /events', async ({ page, request }) => {
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
