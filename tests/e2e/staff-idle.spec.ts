/**
 * A staff console left unused signs itself out (docs/rules.md#staff-idle),
 * on a 360 px phone with touch whose clock is in Sydney: an attendee list
 * with a man's date of birth and NHS number is opened and saved on the
 * phone; taps keep the console open past the idle time; 30 minutes with
 * none (the phone's clock moved on) sign it out, leaving no trace of the
 * list in IndexedDB and nothing of the session in localStorage, and the
 * sign-in page says why (axe); signing in again opens the console.
 */
import { expect, test } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember } from './support/members';
import { indexedDbText, waitForPersisted } from './support/pwa';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';

const NHS_NUMBER = '9434765919';

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, timezoneId: 'Australia/Sydney', locale: 'en-GB' });

test('the console signs out after 30 minutes unused and leaves nothing of the list on the phone', async ({ page, request }) => {
  const name = `Idle Screening ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(request, await staffToken(request), { event_name: name });
  const event = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const member = await createMember(request, { firstName: 'Horace', nhsNumber: NHS_NUMBER });
  await bookThroughApi(request, member, event, (await freeSlots(request, event))[0]!);

  await page.clock.install();
  await signInAsStaff(page);
  await page.goto(`/staff/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
  // The list is saved on the phone for a hall with no signal: his NHS number is in IndexedDB.
  await waitForPersisted(page, NHS_NUMBER);

  // Used every 20 minutes: still open after 40.
  await page.clock.fastForward('20:00');
  await page.getByRole('heading', { level: 1 }).tap();
  await page.clock.fastForward('20:00');
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();

  // Then 30 minutes untouched: signed out, and the sign-in page says why.
  await page.clock.fastForward('30:30');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'signed out' })).toContainText('You were signed out because the staff console was not used for 30 minutes.');
  await expectNoSeriousA11yViolations(page);

  // Nothing of the list or the session is left on the phone.
  await expect.poll(async () => (await indexedDbText(page)).includes(NHS_NUMBER)).toBe(false);
  expect(await indexedDbText(page)).not.toContain('Horace');
  const stored = await page.evaluate(() => Object.keys(window.localStorage));
  expect(stored.filter((key) => key.includes('auth-token') || key === 'chaps-staff-last-used')).toEqual([]);

  // His password and code again open the console at once.
  await signInAsStaff(page);
  await page.goto(`/staff/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
});
