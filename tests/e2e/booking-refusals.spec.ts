/**
 * The server's refusals as a man reads them
 * (docs/decisions/0007-bookings-appointments-and-history.md): never a code,
 * always what happened and what to do next. A paid event (which goes on to the
 * card checkout instead), a private event reached by a shared link without its
 * code, and a second booking for the same event.
 */
import { expect, test, type Page } from './support/test';
import { BOOKING_REFUSAL_MESSAGES } from '../../src/domain/booking';
import { bookableEvents, bookThroughApi, fillConsent, freePublicEvents, freeSlots, pickFirstFreeSlot } from './support/booking';
import { createMember, signInAt } from './support/members';

async function consentAndContinue(page: Page) {
  await pickFirstFreeSlot(page);
  await page.getByRole('button', { name: 'Proceed to Consent Form' }).click();
  await fillConsent(page);
  // Continue for a paid event (on to the checkout), COMPLETE BOOKING for a free one.
  await page.getByRole('button', { name: /^(Continue|COMPLETE BOOKING)$/ }).click();
}

test('the slot list says when it is loading, when the event is full and when it failed; no event goes to /events', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Leonard' });
  const full = (await (await request.get('/api/events')).json() as { events: { event_id: string; total_spaces: number; booked_spaces: number; is_private: boolean }[] }).events
    .find((e) => e.booked_spaces >= e.total_spaces && !e.is_private)!;
  await signInAt(page, member, `/book-event?event=${full.event_id}`);
  await expect(page.getByRole('alert').filter({ hasText: BOOKING_REFUSAL_MESSAGES.fully_booked })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Consent Form' })).toHaveCount(0);

  const [event] = await freePublicEvents(request);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/events/*/slots', async (route) => {
    await held;
    await route.abort();
  });
  await page.goto(`/book-event?event=${event!.event_id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading available time slots...' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  release();
  const failed = page.getByRole('alert').filter({ hasText: 'Failed to load available time slots. Please try again later.' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await page.unroute('**/api/events/*/slots');
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('group', { name: 'Choose a time' })).toBeVisible();

  await page.goto('/book-event');
  await expect(page).toHaveURL(/\/events$/);
});

test('refusals read as plain words with the next step', async ({ page, request }) => {
  const member = await createMember(request, { firstName: 'Reginald' });
  const events = await bookableEvents(request);

  // A paid event is not refused: it goes on to the card checkout (checkout.spec.ts pays).
  const paid = events.find((e) => e.payment_required && !e.is_private)!;
  await signInAt(page, member, `/book-event?event=${paid.event_id}`);
  await expect(page.getByRole('complementary', { name: 'Order summary' })).toContainText('£25.00');
  await consentAndContinue(page);
  await expect(page).toHaveURL(new RegExp(`/checkout\\?event=${paid.event_id}&`));

  // A private event's shared link, without the code: asked for it, with the way back.
  const hidden = events.find((e) => e.is_private)!;
  await page.goto(`/book-event?event=${hidden.event_id}`);
  const refusal = page.getByRole('alert').filter({ hasText: BOOKING_REFUSAL_MESSAGES.access_code_required });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('link', { name: 'Enter the access code again' }).click();
  await expect(page).toHaveURL(new RegExp(`/event/${hidden.event_id}$`));

  // A second booking for an event already booked: he is told so, with his time, before choosing one
  // (Change time is change-and-cancel.spec.ts; the server's own refusal is tests/api).
  const [event] = await freePublicEvents(request);
  await bookThroughApi(request, member, event!, (await freeSlots(request, event!))[0]!);
  await page.goto(`/book-event?event=${event!.event_id}`);
  const twice = page.getByRole('region', { name: 'You are already booked for this event' });
  await expect(twice).toBeVisible();
  await twice.getByRole('link', { name: 'My bookings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: event!.event_name })).toBeVisible();
});
