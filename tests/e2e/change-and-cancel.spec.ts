/**
 * Change time and cancel (docs/rules.md#change-of-time,
 * docs/rules.md#member-cancellation), on a 412 px phone whose clock is in Los
 * Angeles: a member who paid £25 for an event three days ahead chooses BOOK
 * EVENT again. He is told he is already booked and at what time (never
 * "Successfully confirmed" with his old time), changes the time, and gets the
 * email with the calendar file that moves the entry. Then he cancels from My
 * bookings: the dialog states the one outcome the refund policy gives (three
 * days ahead is within 2 business days, so nothing is refunded), never "no fee"
 * beside it, and the cancellation email says the same.
 */
import { expect, test } from './support/test';
import { BOOKING_CONFIRMED_MESSAGE } from '../../src/domain/booking';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatLongDate, formatTime } from '../../src/domain/format';
import { cancellationOutcomeText, cancelledOutcomeText } from '../../src/domain/refund-policy';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots, mailsTo, pickFirstFreeSlot } from './support/booking';
import { payThroughApi } from './support/checkout';
import { createMember, signInAt } from './support/members';
import { createEventAsStaff, inDays, staffToken } from './support/staff';

test.use({ viewport: { width: 412, height: 915 }, timezoneId: 'America/Los_Angeles', isMobile: true, hasTouch: true });

test('a paid member booking again is told his time, changes it, and cancels with the one refund outcome', async ({ page, request }) => {
  const eventName = `Change Time Screening ${Date.now().toString(36)}`;
  const created = await createEventAsStaff(request, await staffToken(request), {
    event_name: eventName,
    category: 'community',
    exclusive_for: null,
    payment_required: true,
    price: 2500,
    product_price: 2500,
    // Three calendar days ahead always has at most 2 business days between: within the refund policy's notice.
    event_date: inDays(3),
    start_time: '10:00',
    end_time: '12:00',
  });
  const event = (await (await request.get(`/api/events/${created.event_id}`)).json()) as { event: ScreeningEvent };
  const member = await createMember(request, { firstName: 'Walter' });
  const [first] = await freeSlots(request, event.event);
  await payThroughApi(request, member, event.event, first!);

  // Change of time: BOOK EVENT again says he is booked, and when; nothing claims a new booking.
  await signInAt(page, member, `/book-event?event=${created.event_id}`);
  await expect(page.getByRole('heading', { name: 'You are already booked for this event' })).toBeVisible();
  await expect(page.getByText(`Your appointment is at ${formatTime(first!)} on ${formatLongDate(created.event_date)}.`)).toBeVisible();
  await expect(page.getByText(BOOKING_CONFIRMED_MESSAGE)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Proceed to Consent Form' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Change time' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeFocused();
  const next = await pickFirstFreeSlot(page);
  expect(next).not.toBe(first);
  await page.getByRole('button', { name: `Change time to ${formatTime(next)}` }).click();
  const moved = page.getByRole('status').filter({ hasText: 'Your booking has moved' });
  await expect(moved).toContainText(`Your appointment is now at ${formatTime(next)} on ${formatLongDate(created.event_date)}`);
  await expect(moved).toBeFocused();
  // The server holds the new time, and the old one is free again.
  await expect.poll(async () => (await freeSlots(request, event.event)).includes(first!)).toBe(true);
  expect(await freeSlots(request, event.event)).not.toContain(next);

  const changedMail = async () => (await mailsTo(request, member.email)).find((m) => m.subject === `Booking changed: ${eventName}`);
  await expect.poll(changedMail).toBeTruthy();
  const changed = (await changedMail())!;
  expect(changed.text).toContain(`it is now at ${next} on ${formatLongDate(created.event_date)} (it was at ${first})`);
  expect(changed.attachments[0]!.contentType).toBe('text/calendar; charset=utf-8; method=PUBLISH');
  expect(changed.attachments[0]!.content).toContain('SEQUENCE:1');

  // Cancelling: the cancel dialog states one outcome, the server's.
  await page.goto('/my-bookings');
  const card = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem', { name: eventName });
  await expect(card).toContainText(`${formatTime(next)} to`);
  await card.getByRole('button', { name: /Cancel/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  const outcome = { refund: 'none', paidPence: 2500 } as const;
  await expect(dialog).toContainText(cancellationOutcomeText(outcome));
  await expect(dialog).not.toContainText('no fee');
  await expect(dialog).not.toContainText('48 hours');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Yes, cancel without a refund' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Past and cancelled' }).getByRole('listitem', { name: eventName })).toContainText('Cancelled');

  await expect
    .poll(async () => (await mailsTo(request, member.email)).find((m) => m.subject === `Booking cancelled: ${eventName}`)?.text ?? '')
    .toContain(cancelledOutcomeText(outcome));
});

test('a member booked on a full event can still move to a time with room', async ({ page, request }) => {
  const eventName = `Full Event Change ${Date.now().toString(36)}`;
  // Two places over eight times: full as soon as two members have booked.
  const created = await createEventAsStaff(request, await staffToken(request), {
    event_name: eventName,
    category: 'community',
    exclusive_for: null,
    event_date: inDays(5),
    start_time: '10:00',
    end_time: '12:00',
    total_spaces: 2,
    places_per_slot: 1,
  });
  const event = ((await (await request.get(`/api/events/${created.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const [member, other] = [await createMember(request, { firstName: 'Reginald' }), await createMember(request, { firstName: 'Stanley' })];
  await bookThroughApi(request, member, event, '10:00');
  await bookThroughApi(request, other, event, '10:15');
  expect((await request.get(`/api/events/${created.event_id}/slots`)).status()).toBe(409);

  await signInAt(page, member, `/book-event?event=${created.event_id}`);
  await page.getByRole('button', { name: 'Change time' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeFocused();
  await expect(page.getByText('No time slots found for this event.')).toHaveCount(0);
  const next = await pickFirstFreeSlot(page);
  expect(next).toBe('10:30');
  await page.getByRole('button', { name: `Change time to ${formatTime(next)}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your booking has moved' })).toContainText(`Your appointment is now at ${formatTime(next)}`);
  await expectNoSeriousA11yViolations(page);
});
