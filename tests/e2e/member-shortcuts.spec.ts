/**
 * Two ways on from a member's own pages, on a 360 px phone whose clock is
 * in New York:
 * - Change time in My bookings opens the change of that booking at once
 *   (no "already booked" notice and second tap), his own time marked as his
 *   rather than struck through as taken, and the move goes through.
 * - "Find a screening event" beside "Your next PSA test is due" opens the
 *   events list, not the overview of event types.
 * Axe on each page.
 */
import { expect, test } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatLongDate, formatTime } from '../../src/domain/format';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots, pickFirstFreeSlot } from './support/booking';
import { createMember, signInAt } from './support/members';
import { createEventAsStaff, inDays, staffToken } from './support/staff';

test.use({ viewport: { width: 360, height: 780 }, timezoneId: 'America/New_York', locale: 'en-GB', isMobile: true, hasTouch: true });

async function published(request: Parameters<typeof staffToken>[0], id: string): Promise<ScreeningEvent> {
  return ((await (await request.get(`/api/events/${id}`)).json()) as { event: ScreeningEvent }).event;
}

test('Change time in My bookings opens the change at once, his own time marked as his', async ({ page, request }) => {
  const eventName = `Change Now Screening ${Date.now().toString(36)}`;
  const created = await createEventAsStaff(request, await staffToken(request), {
    event_name: eventName,
    category: 'community',
    exclusive_for: null,
    event_date: inDays(9),
    start_time: '10:00',
    end_time: '12:00',
  });
  const event = await published(request, created.event_id);
  const member = await createMember(request, { firstName: 'Dennis' });
  const [mine] = await freeSlots(request, event);
  await bookThroughApi(request, member, event, mine!);

  await signInAt(page, member, '/my-bookings');
  await page.getByRole('link', { name: `Change time for ${eventName}` }).click();

  // One tap: the free times are open, their heading focused; nothing talks of a new booking.
  await expect(page.getByRole('heading', { level: 1, name: 'Change your time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a new time' })).toBeFocused();
  await expect(page.getByText('Nothing new has been booked')).toHaveCount(0);
  await expect(page.getByText(`Your appointment is at ${formatTime(mine!)} on ${formatLongDate(event.event_date)}.`)).toBeVisible();

  // His own time says so, and is not struck through like a time someone else has taken.
  const own = page.locator('.slot').filter({ has: page.getByLabel(/Your time/) });
  await expect(own).toHaveCount(1);
  await expect(own.locator('label')).toHaveText(`${formatTime(mine!)}, Your time`);
  expect(await own.locator('label').evaluate((label) => getComputedStyle(label).textDecorationLine)).toBe('none');
  await expect(page.getByLabel(`${formatTime(mine!)}, not available`)).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /Your time/ })).toBeDisabled();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  const next = await pickFirstFreeSlot(page);
  expect(next).not.toBe(mine);
  await page.getByRole('button', { name: `Change time to ${formatTime(next)}` }).click();
  const moved = page.getByRole('status').filter({ hasText: 'Your booking has moved' });
  await expect(moved).toContainText(`Your appointment is now at ${formatTime(next)} on ${formatLongDate(event.event_date)}`);
  await expect.poll(async () => (await freeSlots(request, event)).includes(mine!)).toBe(true);
});

test('"Find a screening event" beside the next test date opens the events list', async ({ page, request }) => {
  const token = await staffToken(request);
  // A corporate event later today (the default): it takes a booking and, held, a result.
  const created = await createEventAsStaff(request, token, { event_name: `Next Test Screening ${Date.now().toString(36)}` });
  const event = await published(request, created.event_id);
  const member = await createMember(request, { firstName: 'Stanley' });
  const [slot] = await freeSlots(request, event);
  const appointment = await bookThroughApi(request, member, event, slot!);
  const saved = await request.put(`/api/staff/events/${created.event_id}/attendees/${appointment.appointment_id}/result`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { test_result: '1.20' },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await signInAt(page, member, '/portal');
  const due = page.getByTestId('next-test-due');
  await expect(due).toContainText('Your next PSA test is due');
  await expectNoSeriousA11yViolations(page);
  await due.getByRole('link', { name: 'Find a screening event' }).click();
  await expect(page).toHaveURL(/\/book-event-main$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a screening event' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Screening events' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
