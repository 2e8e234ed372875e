/**
 * A staff console left unused closes itself (docs/rules.md#staff-idle,
 * docs/rules.md#door-lock), on a 360 px phone with touch whose clock is in
 * Sydney: a staff member left on the sign-in's PIN step, with nothing of
 * the console open, is signed out after the idle time, and the sign-in
 * page says why (axe); with his PIN chosen, an attendee list with a man's
 * date of birth and NHS number is opened and saved on the phone; taps keep
 * the console open past the idle time; 30 minutes with none (the phone's
 * clock moved on) lock it, never wipe it: none of the list on screen, all
 * of it still on the phone; Sign out on the lock then leaves no trace of
 * the list in IndexedDB and nothing of the session or the PIN in
 * localStorage; signing in again opens the console.
 */
import { expect, test } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { createMember } from './support/members';
import { indexedDbText, waitForPersisted } from './support/pwa';
import { chooseDoorPin, createEventAsStaff, signInAsStaff, staffToken } from './support/staff';

const NHS_NUMBER = '9434765919';

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, timezoneId: 'Australia/Sydney', locale: 'en-GB' });

test('the console locks after 30 minutes unused and keeps the list behind the PIN; only a sign-out removes it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const name = `Idle Screening ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(request, await staffToken(request), { event_name: name });
  const event = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const member = await createMember(request, { firstName: 'Horace', nhsNumber: NHS_NUMBER });
  await bookThroughApi(request, member, event, (await freeSlots(request, event))[0]!);

  await page.clock.install();
  // Left on the PIN step of his sign-in: nothing of the console open, so the idle time signs him out, and says why.
  await signInAsStaff(page, '', { pin: false });
  await page.goto(`/staff/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a PIN for this phone' })).toBeVisible();
  await page.clock.fastForward('30:30');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'signed out' })).toContainText('You were signed out because the staff console was not used for 30 minutes.');
  await expectNoSeriousA11yViolations(page);

  await signInAsStaff(page, '', { pin: false });
  await page.goto(`/staff/events/${eventId}`);
  await chooseDoorPin(page);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
  // The list is saved on the phone for a hall with no signal: his NHS number is in IndexedDB.
  await waitForPersisted(page, NHS_NUMBER);

  // Used every 20 minutes: still open after 40.
  await page.clock.fastForward('20:00');
  await page.getByRole('heading', { level: 1 }).tap();
  await page.clock.fastForward('20:00');
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();

  // Then 30 minutes untouched: locked, not wiped. None of the list on screen, all of it still on the phone.
  await page.clock.fastForward('30:30');
  await expect(page.getByRole('heading', { level: 1, name: 'This phone is locked' })).toBeVisible();
  await expect(page.getByText('Horace')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await indexedDbText(page)).toContain(NHS_NUMBER);

  // Sign out on the lock (a forgotten PIN): nothing of the list, the session or the PIN is left on the phone.
  await page.getByRole('button', { name: 'Sign out' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect.poll(async () => (await indexedDbText(page)).includes(NHS_NUMBER)).toBe(false);
  expect(await indexedDbText(page)).not.toContain('Horace');
  const stored = await page.evaluate(() => Object.keys(window.localStorage));
  expect(stored.filter((key) => key.includes('auth-token') || key.startsWith('chaps-staff-'))).toEqual([]);

  // His password, code and a new PIN open the console again.
  await signInAsStaff(page);
  await page.goto(`/staff/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
});
