/**
 * The door through a quiet spell, and a phone handed to a man
 * (docs/rules.md#door-lock, ADR 0036), on a 360 px touch phone whose clock
 * is in Sydney:
 * - a staff member chooses his PIN at sign-in, after his code and before
 *   the console opens: no attendee list is fetched, so none is kept on the
 *   phone, until he has one;
 * - the list is saved; the signal goes; 31 minutes with no tap lock the console instead of
 *   wiping it (the list still on the phone, none of it on screen, not even
 *   after a reload); his PIN opens it with no signal, and men are checked
 *   in by the camera scanning one's ticket and by another's code; when the
 *   signal returns the server refuses the idle session, so he signs in
 *   again, and the queued check-ins are sent;
 * - five wrong PINs wipe the saved list, and signing in again with no
 *   signal says so in plain words, never "Failed to fetch";
 * - a walk-in handed the phone for his consent sees only his form: no way
 *   back to the staff pages, browser back stays on it, and a typed URL
 *   shows the lock, not the list, until the staff member's PIN.
 */
import { chromium, expect, test, type Browser, type Page } from './support/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScreeningEvent } from '../../src/domain/event';
import type { AttendeeList } from '../../src/domain/staff-attendees';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, fillConsent, freeSlots } from './support/booking';
import { bornYearsAgo, createMember } from './support/members';
import { indexedDbText, waitForPersisted, waitForServiceWorkerControl } from './support/pwa';
import { onRunClockAlways } from './support/clock';
import { E2E_PORT } from './support/settings';
import { createEventAsStaff, DOOR_PIN, signInAsStaff, signInWithCode, staffToken } from './support/staff';
import { journeyTicket, writeQrVideo } from './support/ticket-video';

const PIN = DOOR_PIN;
const AMBROSE_NHS = '9434765919';
const BERTRAM_NHS = '9434765870';

const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, timezoneId: 'Australia/Sydney', locale: 'en-GB' } as const;
test.use(PHONE);

/** Chromium whose camera plays `video` (a .y4m file), allowed without asking, as in scan-check-in.spec.ts. */
async function cameraBrowser(video: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  return onRunClockAlways(browser);
}

async function eventWithTwoMen(page: Page, label: string) {
  const token = await staffToken(page.request);
  const name = `${label} ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(page.request, token, { event_name: name });
  const event = ((await (await page.request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const slots = await freeSlots(page.request, event);
  const ambrose = await createMember(page.request, { firstName: 'Ambrose', nhsNumber: AMBROSE_NHS });
  const bertram = await createMember(page.request, { firstName: 'Bertram', nhsNumber: BERTRAM_NHS });
  const ambroseBooking = await bookThroughApi(page.request, ambrose, event, slots[0]!);
  await bookThroughApi(page.request, bertram, event, slots[1]!);
  const list = async () =>
    (await (await page.request.get(`/api/staff/events/${eventId}/attendees`, { headers: { Authorization: `Bearer ${await staffToken(page.request)}` } })).json()) as AttendeeList;
  return { eventId, name, ambroseId: ambroseBooking.appointment_id, list };
}

test('a staff member chooses his door PIN at sign-in, and no attendee list is fetched or kept before it', async ({ page }) => {
  test.setTimeout(180_000);
  const door = await eventWithTwoMen(page, 'PIN Step Screening');
  const listCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/staff\/events\/[^/]+\/attendees/.test(request.url())) listCalls.push(request.url());
  });
  await signInAsStaff(page, '', { pin: false });
  await page.goto(`/staff/events/${door.eventId}`);
  const step = page.getByRole('heading', { level: 1, name: 'Choose a PIN for this phone' });
  await expect(step).toBeVisible({ timeout: 20_000 });
  await expect(step).toBeFocused();
  await expect(page.getByRole('heading', { name: `Attendees: ${door.name}` })).toHaveCount(0);
  await expect(page.getByLabel('Choose a PIN')).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel('The same PIN again')).toHaveAttribute('inputmode', 'numeric');
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const target of [page.getByLabel('Choose a PIN'), page.getByLabel('The same PIN again'), page.getByRole('button', { name: 'Save the PIN' })]) {
    expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  // A short PIN, then two that differ, are refused: each field says so, announced.
  await page.getByLabel('Choose a PIN').fill('12');
  await page.getByRole('button', { name: 'Save the PIN' }).tap();
  await expect(page.getByRole('alert')).toContainText('Choose a PIN of 4 to 6 digits.');
  await expect(page.getByLabel('Choose a PIN')).toBeFocused();
  await page.getByLabel('Choose a PIN').fill(PIN);
  await page.getByLabel('The same PIN again').fill('1234');
  await page.getByRole('button', { name: 'Save the PIN' }).tap();
  await expect(page.getByRole('alert')).toContainText('The two PINs are not the same.');
  await expect(page.getByLabel('The same PIN again')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // Nothing of the list was asked for, nor kept, while he had no PIN.
  expect(listCalls).toEqual([]);
  expect(await indexedDbText(page)).not.toContain(AMBROSE_NHS);

  await page.getByLabel('The same PIN again').fill(PIN);
  await page.getByRole('button', { name: 'Save the PIN' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${door.name}` })).toBeVisible({ timeout: 20_000 });
  await waitForPersisted(page, AMBROSE_NHS);
  // Not sent anywhere, and not kept as typed.
  expect(listCalls.some((url) => url.includes(PIN))).toBe(false);
  expect(await page.evaluate(() => JSON.stringify(window.localStorage))).not.toContain(PIN);
});

async function lockedAfterLull(page: Page) {
  await page.clock.fastForward('31:00');
  await expect(page.getByRole('heading', { level: 1, name: 'This phone is locked' })).toBeVisible();
}

test('the door carries on through a 31-minute lull with no signal, opened by PIN, and syncs when the signal returns', async ({ page: setup }) => {
  test.setTimeout(300_000);
  const door = await eventWithTwoMen(setup, 'Lull Screening');
  const listed = (await door.list()).attendees;
  const ambroseCode = listed.find((a) => a.appointment_id === door.ambroseId)!.ticket_code;
  const bertram = listed.find((a) => a.appointment_id !== door.ambroseId)!;
  // The camera sees Bertram's ticket.
  const videos = mkdtempSync(join(tmpdir(), 'chaps-door-'));
  const video = join(videos, 'ticket.y4m');
  await writeQrVideo(video, (await journeyTicket({ appointmentId: bertram.appointment_id, eventId: door.eventId, slotStart: bertram.slot_start })).token);
  const browser = await cameraBrowser(video);
  try {
    const page = await (await browser.newContext({ ...PHONE, baseURL: `http://localhost:${E2E_PORT}` })).newPage();
    await page.clock.install();
    const account = await signInAsStaff(page);
    await page.goto(`/staff/events/${door.eventId}`);
    await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${door.name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await waitForServiceWorkerControl(page);
    await waitForPersisted(page, AMBROSE_NHS);
    await expect
      .poll(async () => page.evaluate(async () => (await (await caches.open('assets-visited')).keys()).some((r) => r.url.endsWith('.wasm'))), {
        message: 'the decoder’s WebAssembly was never kept for offline use',
        timeout: 30_000,
      })
      .toBe(true);

    // No signal, and no tap for 31 minutes: locked, not wiped.
    await page.context().setOffline(true);
    await lockedAfterLull(page);
    await expect(page.getByText('Ambrose Booker')).toHaveCount(0);
    await expect(page.getByText(/943 476 59/)).toHaveCount(0);
    expect(await indexedDbText(page)).toContain(AMBROSE_NHS);
    await expectNoSeriousA11yViolations(page);
    // A reload with no signal opens at the lock too.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'This phone is locked' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Ambrose Booker')).toHaveCount(0);

    // His PIN, with no signal: the list again, and the door works on: a ticket scanned, a code typed.
    const pin = page.getByLabel('Your PIN');
    await expect(pin).toHaveAttribute('inputmode', 'numeric');
    await pin.fill(PIN);
    await page.getByRole('button', { name: 'Unlock' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${door.name}` })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Scan ticket' }).tap();
    const scanned = page.getByRole('region', { name: 'Check in Bertram Booker?' });
    await expect(scanned.getByText('943 476 5870')).toBeVisible({ timeout: 30_000 });
    await scanned.getByRole('button', { name: 'Confirm check-in' }).tap();
    await expect(page.getByRole('status').filter({ hasText: 'Bertram Booker is checked in. Write sample id' })).toBeVisible();
    await page.getByLabel('Ticket code').fill(ambroseCode);
    await page.getByRole('button', { name: 'Find the ticket' }).tap();
    const confirm = page.getByRole('region', { name: 'Check in Ambrose Booker?' });
    await expect(confirm.getByText('943 476 5919')).toBeVisible();
    await confirm.getByRole('button', { name: 'Confirm check-in' }).tap();
    for (const man of ['Ambrose Booker', 'Bertram Booker']) {
      await expect(page.getByRole('listitem').filter({ hasText: man }).getByText(/^Checked in \d\d:\d\d, waiting to send$/)).toBeVisible();
    }

    // The signal returns after the server's own idle time: it refuses the session, and asks for his password.
    try {
      expect((await setup.request.post('/dev/clock/advance', { data: { minutes: 31 } })).status()).toBe(200);
      await page.clock.fastForward('00:30');
      await page.context().setOffline(false);
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible({ timeout: 60_000 });
      expect((await door.list()).attendees.every((a) => a.checked_in_at === null)).toBe(true);
      // Their check-ins wait on the phone for him, and go once he is signed in again.
      expect(await indexedDbText(page)).toContain(door.ambroseId);
      await signInWithCode(page, account);
      await page.goto(`/staff/events/${door.eventId}`);
      for (const man of ['Ambrose Booker', 'Bertram Booker']) {
        await expect(page.getByRole('listitem').filter({ hasText: man }).getByText(/^Arrived \d\d:\d\d$/)).toBeVisible({ timeout: 40_000 });
      }
      expect((await door.list()).attendees.every((a) => a.checked_in_at !== null)).toBe(true);
    } finally {
      expect((await setup.request.delete('/dev/clock')).status()).toBe(200);
    }
  } finally {
    await browser.close();
    rmSync(videos, { recursive: true, force: true });
  }
});

test('five wrong PINs wipe the saved list, and signing in with no signal says so in plain words', async ({ page }) => {
  test.setTimeout(180_000);
  const door = await eventWithTwoMen(page, 'Wrong PIN Screening');
  await page.clock.install();
  await signInAsStaff(page);
  await page.goto(`/staff/events/${door.eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${door.name}` })).toBeVisible();
  await waitForServiceWorkerControl(page);
  await waitForPersisted(page, BERTRAM_NHS);
  await page.context().setOffline(true);
  await lockedAfterLull(page);

  for (const left of [4, 3, 2, 1]) {
    await page.getByLabel('Your PIN').fill('1234');
    await page.getByRole('button', { name: 'Unlock' }).tap();
    await expect(page.getByRole('alert')).toContainText(`Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left before the saved list is removed from this phone.`, { timeout: 20_000 });
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Your PIN').fill('1234');
  await page.getByRole('button', { name: 'Unlock' }).tap();

  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'wrong PIN' })).toContainText('The saved list was removed from this phone after 5 wrong PINs.');
  await expect.poll(async () => (await indexedDbText(page)).includes(BERTRAM_NHS)).toBe(false);

  // No signal to sign in with: plain words, not the browser's.
  await page.getByLabel('Email address').fill('someone@example.org');
  await page.getByLabel('Password', { exact: true }).fill('not-sent-anyway');
  await page.getByRole('button', { name: 'Sign in', exact: true }).tap();
  await expect(page.getByRole('alert')).toContainText('This phone has no signal, and signing in needs one.');
  await expect(page.getByText('Failed to fetch')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a walk-in handed the phone sees only his own form, and nothing of anyone else without the PIN', async ({ page }) => {
  test.setTimeout(180_000);
  const door = await eventWithTwoMen(page, 'Hand-over Screening');
  await signInAsStaff(page);
  await page.goto(`/staff/events/${door.eventId}/walk-in`);
  await expect(page.getByRole('heading', { level: 1, name: `Register a walk-in: ${door.name}` })).toBeVisible();
  await page.getByLabel('First name', { exact: true }).fill('Cuthbert');
  await page.getByLabel('Last name', { exact: true }).fill('Walker');
  await page.getByLabel('Date of birth', { exact: true }).fill(bornYearsAgo(58));
  await page.getByLabel('Email address', { exact: true }).fill(`hand.over.${Date.now()}@example.org`);
  await page.getByLabel('Phone number', { exact: true }).fill('07700 900321');
  await page.getByLabel('Home address', { exact: true }).fill('5 Mill Lane, Ipswich IP1 1AA');
  await page.getByRole('button', { name: 'Next: his consent' }).tap();

  // His form alone, in words for him: no staff links, no "Back to times".
  await expect(page.getByRole('heading', { level: 1, name: 'Your consent to the PSA test' })).toBeVisible();
  // Its one link is the terms he agrees to: none leads to a staff page.
  for (const link of await page.getByRole('main').getByRole('link').all()) expect(await link.getAttribute('href')).not.toMatch(/^\/staff/);
  await expect(page.getByRole('button', { name: 'Back to times' })).toHaveCount(0);
  await expect(page.getByText('Register a walk-in')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // Browser back stays on his form.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Your consent to the PSA test' })).toBeVisible();
  await expect(page.getByText('Ambrose Booker')).toHaveCount(0);
  await fillConsent(page);
  await page.getByRole('button', { name: 'Continue' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you: please hand the phone back' })).toBeVisible();
  await expect(page.getByText('Cuthbert')).toHaveCount(0);

  // Every staff page he might type or tap to is locked: nothing of Ambrose or Bertram.
  for (const path of [`/staff/events/${door.eventId}`, '/staff', `/staff/events/${door.eventId}/walk-in`]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'This phone is locked' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Ambrose|Bertram/)).toHaveCount(0);
    await expect(page.getByText(/943 476/)).toHaveCount(0);
  }
  for (const link of await page.getByRole('banner').getByRole('link').all()) {
    const href = await link.getAttribute('href');
    if (!href?.startsWith('/')) continue;
    await page.goto(href);
    await expect(page.getByText(/Ambrose|Bertram|943 476/)).toHaveCount(0);
  }
  await page.goto(`/staff/events/${door.eventId}`);
  await page.getByLabel('Your PIN').fill('0000');
  await page.getByRole('button', { name: 'Unlock' }).tap();
  await expect(page.getByRole('alert')).toContainText('Wrong PIN.', { timeout: 20_000 });
  await expect(page.getByText('Ambrose Booker')).toHaveCount(0);

  // The staff member's PIN: the staff pages again.
  await page.getByLabel('Your PIN').fill(PIN);
  await page.getByRole('button', { name: 'Unlock' }).tap();
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${door.name}` })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Check in Ambrose Booker' })).toBeVisible();
});
