/**
 * The 15-minute hold lapses while the member is on /checkout
 * (docs/decisions/0009-card-payments.md): time passes for the server through
 * /dev/clock (its payment sweep runs as its timer would have) and for the page
 * through Playwright's clock, by the same 16 minutes. Then the card goes in:
 * - the place is still free: the booking is confirmed, paid once;
 * - the card was charged before the lapse but the capture only arrives
 *   after it, and the place has gone meanwhile: refunded and told so, and a
 *   new card is refused before any money moves.
 * A new member each time, on a device in New York.
 */
import { expect, test } from './support/test';
import { CHECKOUT_MESSAGES } from '../../src/domain/checkout-messages';
import { mailsTo } from './support/booking';
import { fillCard, paidEvents, pay, payThroughApi, serverClockBack, timePasses, toCheckout } from './support/checkout';
import { createMember, signInAt } from './support/members';

const LAPSE_MINUTES = 16;
const ENDED = 'Your hold on this place has ended; paying now books it if the place is still free.';
const PLACE_GONE = 'Your 15-minute hold ended before your payment arrived and the place has since been taken, so we have refunded your payment in full.';

test.describe('the hold lapses mid-payment', () => {
  test.afterEach(async ({ request }) => {
    await serverClockBack(request);
  });

  test('the place is still free: paying after the hold ended books it, once', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Hector' });
    const event = (await paidEvents(request))[0]!;
    await page.clock.install();
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await toCheckout(page, event);
    // A refused card makes the hold and keeps it: the summary counts down from 15 minutes.
    await fillCard(page, { name: 'CCREJECT-REFUSED' });
    await pay(page);
    const order = page.getByRole('complementary', { name: 'Your Order' });
    await expect(order).toContainText(/held for \d+ more minutes/);

    await timePasses(page, request, LAPSE_MINUTES);
    await expect(order).toContainText(ENDED);

    await fillCard(page, { name: 'Hector Booker' });
    await pay(page);
    await expect(page).toHaveURL(/\/booking-success\?appointment=[0-9a-f-]{36}$/);
    await expect.poll(async () => (await mailsTo(request, member.email)).filter((m) => m.subject === `Booking confirmed: ${event.event_name}`).length).toBe(1);
    const mine = await request.get('/api/appointments', { headers: { Authorization: `Bearer ${member.accessToken}` } });
    const confirmed = ((await mine.json()) as { appointments: { status: string; payment_status: string }[] }).appointments.filter((a) => a.status === 'confirmed');
    expect(confirmed).toEqual([expect.objectContaining({ payment_status: 'paid by card' })]);
  });

  test('the place has gone when the capture arrives: refunded and told so; a new card is refused uncharged', async ({ page, request }) => {
    const member = await createMember(request, { firstName: 'Gideon' });
    const event = (await paidEvents(request))[0]!;
    await page.clock.install();
    await signInAt(page, member, `/book-event?event=${event.event_id}`);
    await toCheckout(page, event);
    const slot = new URL(page.url()).searchParams.get('slot')!;
    // The card is approved in time, but the connection drops before the capture reaches the server.
    await page.route('**/api/payments/orders/*/capture', (route) => route.abort('internetdisconnected'));
    await fillCard(page, { name: 'Gideon Booker' });
    await pay(page);
    await expect(page.getByRole('alert').filter({ hasText: CHECKOUT_MESSAGES.noResponse })).toBeVisible();

    await timePasses(page, request, LAPSE_MINUTES);
    // Meanwhile someone else pays for the very place (each time has one place).
    await payThroughApi(request, await createMember(request, { firstName: 'Quentin' }), event, slot);

    await page.unroute('**/api/payments/orders/*/capture');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('alert')).toContainText(PLACE_GONE);
    await expect(page).toHaveURL(/\/checkout\?/);
    await expect.poll(async () => (await mailsTo(request, member.email)).map((m) => m.subject)).toContain(`Refund: ${event.event_name}`);
    expect((await mailsTo(request, member.email)).map((m) => m.subject)).not.toContain(`Booking confirmed: ${event.event_name}`);
    const mine = await request.get('/api/appointments', { headers: { Authorization: `Bearer ${member.accessToken}` } });
    expect(((await mine.json()) as { appointments: unknown[] }).appointments).toEqual([
      expect.objectContaining({ status: 'cancelled', payment_status: 'refunded' }),
    ]);

    // Trying again with a card: refused before PayPal is asked for any money.
    await fillCard(page, { name: 'Gideon Booker' });
    await pay(page);
    await expect(page.getByRole('alert')).toContainText('Could not initiate PayPal Checkout...');
    expect((await mailsTo(request, member.email)).filter((m) => m.subject.startsWith('Booking confirmed'))).toEqual([]);
  });
});
