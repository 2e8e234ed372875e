/**
 * Lie-fi (docs/decisions/0011-field-app.md): the phone says it is online but
 * nothing answers. Every write in the site goes through one connection check (a
 * short /api/health request with a timeout), so with /api/health hanging each
 * form says nothing was sent, the write itself never leaves, and what was typed
 * stays. A write whose own request hangs gives up after WRITE_TIMEOUT_MS and
 * keeps the form.
 */
import { expect, test, type Page } from './support/test';
import { eventPricePence, type ScreeningEvent } from '../../src/domain/event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookableEvents, bookThroughApi, fillConsent, freePublicEvents, freeSlots, pickFirstFreeSlot } from './support/booking';
import { bornYearsAgo, createMember, signInAt } from './support/members';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';

const NOTHING_SENT = 'nothing was sent';
/** src/lib/api-client.ts's WRITE_TIMEOUT_MS (that module reads the Vite env, so it is not imported here). */
const WRITE_TIMEOUT_MS = 20_000;

/**
 * Makes /api/health (and, when given, the write's own URL) hang: the route is
 * taken and never answered. Returns how many write requests left the page.
 */
async function hang(page: Page, write?: string | RegExp): Promise<() => number> {
  let writes = 0;
  await page.route('**/api/health', () => undefined);
  if (write) {
    await page.route(write, (route) => {
      if (route.request().method() !== 'GET') writes += 1;
      else void route.continue();
    });
  }
  return () => writes;
}

test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('contact form: the check hangs, nothing is sent and the message stays', async ({ page }) => {
  await page.goto('/about-us');
  const form = page.locator('form.contact-form');
  await form.getByLabel('First name').fill('Alan');
  await form.getByLabel('Last name').fill('Brooke');
  await form.getByLabel('Email').fill('alan.brooke@example.org');
  await form.getByLabel('Phone number').fill('07700 900123');
  await form.getByLabel('Message').fill('Typed on one bar of signal');
  const writes = await hang(page, '**/api/contact');
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(form.getByRole('alert')).toContainText(NOTHING_SENT);
  expect(writes()).toBe(0);
  await expect(form.getByLabel('Message')).toHaveValue('Typed on one bar of signal');
  await expect(page.getByRole('button', { name: 'Send enquiry' })).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
});

test('contact form: the check passes but the enquiry itself never answers', async ({ page }) => {
  test.setTimeout(WRITE_TIMEOUT_MS + 40_000);
  await page.goto('/about-us');
  const form = page.locator('form.contact-form');
  await form.getByLabel('First name').fill('Alan');
  await form.getByLabel('Last name').fill('Brooke');
  await form.getByLabel('Email').fill('alan.brooke@example.org');
  await form.getByLabel('Phone number').fill('07700 900123');
  await form.getByLabel('Message').fill('Sent into the void');
  let writes = 0;
  await page.route('**/api/contact', () => {
    writes += 1;
  });
  await page.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
  await expect(form.getByRole('alert')).toContainText('The connection dropped before the server answered', { timeout: WRITE_TIMEOUT_MS + 10_000 });
  expect(writes).toBe(1);
  await expect(form.getByLabel('Message')).toHaveValue('Sent into the void');
});

test('newsletter: nothing is sent and the name and email stay', async ({ page }) => {
  await page.goto('/about-us');
  const band = page.getByRole('region', { name: 'Stay In Touch' });
  await band.getByLabel('Name').fill('Alan Brooke');
  await band.getByLabel('Email').fill('alan.news@example.org');
  const writes = await hang(page, '**/api/subscriptions');
  await band.getByRole('button', { name: 'Subscribe' }).click();
  await expect(band.getByRole('status')).toContainText(NOTHING_SENT);
  expect(writes()).toBe(0);
  await expect(band.getByLabel('Email')).toHaveValue('alan.news@example.org');
});

test('profile: the edit form stays open with the change typed', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Edwin' });
  await signInAt(page, member, '/portal');
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Occupation').fill('Harbour master');
  await page.getByLabel('Billing address').fill('12 Mill Lane, Colchester, CO2 7AA');
  const writes = await hang(page, '**/api/auth/profile');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOTHING_SENT })).toBeVisible();
  expect(writes()).toBe(0);
  await expect(page.getByLabel('Occupation')).toHaveValue('Harbour master');
});

test('booking: the consent answers stay and no consent or booking is sent', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Lionel' });
  const event = (await freePublicEvents(request))[2]!;
  await signInAt(page, member, `/book-event?event=${event.event_id}`);
  await pickFirstFreeSlot(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).click();
  await fillConsent(page);
  const writes = await hang(page, /\/api\/(medical\/consent|appointments)$/);
  await page.getByRole('button', { name: 'COMPLETE BOOKING' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOTHING_SENT })).toBeVisible();
  expect(writes()).toBe(0);
  await expect(page.getByLabel('1st')).toBeChecked();
});

test('cancel booking: the dialog stays with Retry and the booking is untouched', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Cedric' });
  const events = await freePublicEvents(request);
  const event = events[events.length - 2]!;
  const [slot] = await freeSlots(request, event);
  await bookThroughApi(request, member, event, slot!);
  await signInAt(page, member, '/my-bookings');
  const card = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem', { name: event.event_name });
  await card.getByRole('button', { name: /Cancel/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  const writes = await hang(page, /\/api\/appointments\/[^/]+\/cancel$/);
  await dialog.getByRole('button', { name: 'Yes, cancel my booking' }).click();
  await expect(dialog.getByRole('alert')).toContainText(NOTHING_SENT);
  expect(writes()).toBe(0);
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('private event code: the code typed stays in the dialog', async ({ page, request }) => {
  const event = (await bookableEvents(request)).find((e) => e.is_private)!;
  await page.goto(`/event/${event.event_id}`);
  await page.getByRole('button', { name: 'BOOK EVENT' }).click();
  const dialog = page.getByRole('dialog', { name: 'Private event' });
  await dialog.getByLabel('Access code').fill('ABCD-EFGH');
  const writes = await hang(page, '**/api/events/*/check-access-code');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: NOTHING_SENT })).toBeVisible();
  expect(writes()).toBe(0);
  await expect(dialog.getByLabel('Access code')).toHaveValue('ABCD-EFGH');
});

test('sign-up: no account is made and the form keeps its answers', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('First name (and middle names)').fill('Graham');
  await page.getByLabel('Last name').fill('Walsh');
  // The date field first reminds of the age limit (account.spec.ts).
  await page.getByLabel('Date of birth').click();
  await page.getByRole('dialog', { name: 'Screening is for men aged 40 to 80' }).getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Date of birth').fill(bornYearsAgo(55));
  await page.getByLabel('Gender').selectOption('Male');
  await page.getByLabel('Ethnicity').selectOption('Not stated');
  await page.getByLabel('Address line 1').fill('3 Church Street');
  await page.getByLabel('Postcode').fill('CO2 7AA');
  await page.getByLabel('Phone number', { exact: true }).fill('447700900777');
  const email = `graham.liefi.${Date.now()}@example.org`;
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
  await page.getByLabel('Confirm password').fill('a-long-password-1');
  const writes = await hang(page, /\/(auth\/v1\/signup|api\/auth\/profile)/);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOTHING_SENT })).toBeVisible();
  expect(writes()).toBe(0);
  await expect(page.getByLabel('Email address')).toHaveValue(email);
});

test('staff: a result typed for a member is kept when the save cannot go', async ({ page, request }) => {
  const token = await staffToken(request);
  const event = await createEventAsStaff(request, token, { event_name: `Lie-fi clinic ${Date.now()}` });
  const member = await createMember(request, { firstName: 'Rupert', age: 60 });
  const published = ((await (await request.get(`/api/events/${event.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const [slot] = await freeSlots(request, published);
  await bookThroughApi(request, member, published, slot!);

  await signInAsStaff(page);
  await page.goto(`/staff/events/${event.event_id}`);
  await page.getByRole('button', { name: 'Enter result for Rupert Booker' }).click();
  await page.getByLabel('PSA (ng/ml)').fill('2.1');
  const writes = await hang(page, /\/api\/staff\/events\/[^/]+\/attendees\/[^/]+\/result$/);
  await page.getByRole('button', { name: 'Save result' }).click();
  await expect(page.getByRole('alert').filter({ hasText: NOTHING_SENT })).toBeVisible();
  expect(writes()).toBe(0);
  await expect(page.getByLabel('PSA (ng/ml)')).toHaveValue('2.1');
});

test('card payment: neither the order nor the capture is sent, and the card details stay', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Percival' });
  const event = (await bookableEvents(request)).find((e) => e.payment_required && eventPricePence(e) > 0 && !e.is_private && e.lab_name !== 'ESNEFT')!;
  await signInAt(page, member, `/book-event?event=${event.event_id}`);
  await pickFirstFreeSlot(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).click();
  await fillConsent(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByLabel('Name on card').fill('Percival Booker');
  await page.getByLabel('Card number').fill('4111 1111 1111 1111');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVV)').fill('123');
  const pay = page.getByRole('button', { name: /^Pay £\d+\.\d\d$/ });

  // Creating the order (which holds the place) is not sent.
  const orders = await hang(page, '**/api/payments/orders');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: NOTHING_SENT })).toBeVisible();
  expect(orders()).toBe(0);
  await expect(page.getByLabel('Name on card')).toHaveValue('Percival Booker');

  // The order goes; then the signal turns to lie-fi before the capture.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  let captures = 0;
  await page.route('**/api/payments/orders/*/capture', () => {
    captures += 1;
  });
  let ordered = 0;
  await page.route('**/api/payments/orders', async (route) => {
    ordered += 1;
    await page.route('**/api/health', () => undefined);
    await route.continue();
  });
  await pay.click();
  await expect.poll(() => ordered).toBe(1);
  await expect(page.getByRole('alert').filter({ hasText: NOTHING_SENT })).toBeVisible({ timeout: 20_000 });
  expect(captures).toBe(0);
  await expect(page.getByLabel('Card number')).toHaveValue(/4111/);
});
