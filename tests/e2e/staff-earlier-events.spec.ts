/**
 * The staff console lists the events around today, not every event the
 * charity has held (src/domain/staff-events-query.ts): an older one is a
 * "Show earlier events" away, and Back from its attendee list finds the
 * console with that page still shown.
 */
import { expect, test } from './support/test';
import { STAFF_EVENTS_PAGE } from '../../src/domain/staff-events-query';
import { expectNoSeriousA11yViolations } from './support/axe';
import { createEventAsStaff, inDays, signInAsStaff, staffToken } from './support/staff';

test('an event from three years ago is reached with Show earlier events, and Back keeps it shown', async ({ page, request }) => {
  const token = await staffToken(request);
  const run = Date.now().toString(36);
  // One more than a page, three years back: whatever else is past, the oldest is not among the latest page before today.
  for (let i = 0; i <= STAFF_EVENTS_PAGE; i += 1) {
    await createEventAsStaff(request, token, { event_name: `Archive ${run} ${i}`, event_date: inDays(-1100 - i), start_time: '10:00', end_time: '12:00' });
  }
  const oldest = `Archive ${run} ${STAFF_EVENTS_PAGE}`;

  await signInAsStaff(page);
  await page.goto('/staff');
  const past = page.getByRole('table', { name: 'Past and cancelled events' }).or(page.getByRole('region', { name: 'Past and cancelled events' }));
  const attendees = past.getByRole('link', { name: `Attendees at ${oldest}`, exact: true });
  await expect(past.getByRole('link', { name: `Attendees at Archive ${run} 0`, exact: true })).toBeVisible();
  await expect(attendees).toHaveCount(0);

  const earlier = page.getByRole('button', { name: 'Show earlier events' });
  await earlier.click();
  await expect(attendees).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await attendees.click();
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${oldest}` })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff console: events' })).toBeVisible();
  await expect(attendees).toBeVisible();
});
