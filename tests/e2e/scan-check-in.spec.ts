/**
 * Check-in by scanning his ticket, at the door, with no signal
 * (docs/rules.md#check-in), on a 360 px touch phone whose camera is
 * Chromium's fake one playing a video made from the ticket's QR code. The
 * browser has no BarcodeDetector of its own, so the site's decoder (the
 * polyfill over the WebAssembly the site serves itself) reads it. The list
 * is opened once with a signal and kept; then the network is cut, the page
 * reloaded, the ticket scanned, his name, date of birth and NHS number
 * shown for him to confirm, and the sample id to write on his tube given;
 * a second scan says he is already checked in; a code typed by hand finds
 * another man; with the network back the check-in and the same sample id
 * reach the server, and a man another phone checked in first with another
 * sample id is listed as a tube to relabel. A ticket booked after the list was saved is
 * checked in offline with no sample id, and labelled once the list is refreshed. A forged
 * ticket and a cancelled booking's ticket are refused, and another event's
 * ticket is refused naming that event, its venue and his time. A camera
 * that offers a torch gets a Torch button; one that does not, none. Each journey launches its own browser: the fake camera's video
 * is fixed at launch.
 */
import { chromium, expect, request, test, type Browser, type Page } from './support/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatLongDate } from '../../src/domain/format';
import { londonDate, londonTime } from '../../src/domain/london-time';
import { formatSampleId, isValidSampleId, newSampleId, normaliseSampleId } from '../../src/domain/sample-id';
import type { AttendeeList } from '../../src/domain/staff-attendees';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { onRunClockAlways } from './support/clock';
import { createMember, type TestMember } from './support/members';
import { waitForPersisted, waitForServiceWorkerControl } from './support/pwa';
import { E2E_PORT } from './support/settings';
import { createEventAsStaff, signInAsStaff, staffToken } from './support/staff';
import { journeyTicket, writeCode128Video, writeQrVideo } from './support/ticket-video';
import { writeY4m } from './support/y4m';

const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true, locale: 'en-GB', timezoneId: 'America/New_York', baseURL: BASE_URL } as const;

let videos: string;
test.beforeAll(() => {
  videos = mkdtempSync(join(tmpdir(), 'chaps-scan-'));
});
test.afterAll(() => {
  rmSync(videos, { recursive: true, force: true });
});

/** A valid NHS number no other journey uses: nine random digits and the modulus 11 check digit. */
function freshNhsNumber(): string {
  for (;;) {
    const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
    const sum = digits.reduce((total, d, i) => total + d * (10 - i), 0);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    return digits.join('') + String(check === 11 ? 0 : check);
  }
}

/** Chromium whose camera plays `video` (a .y4m file), allowed without asking. */
async function cameraBrowser(video: string): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  return onRunClockAlways(browser);
}

interface Booked {
  eventId: string;
  name: string;
  members: TestMember[];
  nhsNumbers: string[];
  appointmentIds: string[];
}

/** A free event later today with `count` members booked, each with a valid NHS number. */
async function eventWithBookings(browser: Browser, count: number): Promise<Booked> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const request = context.request;
  const token = await staffToken(request);
  const name = `Woodbridge Tide Mill ${Date.now()}`;
  const { event_id: eventId } = await createEventAsStaff(request, token, { event_name: name });
  const published = ((await (await request.get(`/api/events/${eventId}`)).json()) as { event: ScreeningEvent }).event;
  const members: TestMember[] = [];
  const appointmentIds: string[] = [];
  const nhsNumbers: string[] = [];
  for (const firstName of ['Ambrose', 'Bertram', 'Clement'].slice(0, count)) {
    const nhsNumber = freshNhsNumber();
    nhsNumbers.push(nhsNumber);
    const member = await createMember(request, { firstName, nhsNumber, age: 61 });
    const [slot] = await freeSlots(request, published);
    appointmentIds.push((await bookThroughApi(request, member, published, slot!)).appointment_id);
    members.push(member);
  }
  await context.close();
  return { eventId, name, members, nhsNumbers, appointmentIds };
}

async function staffList(page: Page, eventId: string): Promise<AttendeeList> {
  const token = await staffToken(page.request);
  const response = await page.request.get(`/api/staff/events/${eventId}/attendees`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as AttendeeList;
}

/** The ticket the member's confirmation carries, signed as the server signs it. */
async function ticketOf(page: Page, eventId: string, appointmentId: string) {
  const attendee = (await staffList(page, eventId)).attendees.find((a) => a.appointment_id === appointmentId)!;
  return journeyTicket({ appointmentId, eventId, slotStart: attendee.slot_start });
}

async function openListAsStaff(browser: Browser, eventId: string, name: string, init?: () => void): Promise<Page> {
  const context = await browser.newContext(PHONE);
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.goto(`/staff/events/${eventId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${name}` })).toBeVisible();
  return page;
}

test.describe('check-in by scanning his ticket', () => {
  test('offline: scan, positive identification, sample id, already checked in, a code typed by hand, then synced', async () => {
    test.setTimeout(180_000);
    const setup = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const booked = await eventWithBookings(setup, 2);
    const setupPage = await (await setup.newContext({ baseURL: BASE_URL })).newPage();
    const ticket = await ticketOf(setupPage, booked.eventId, booked.appointmentIds[0]!);
    const bertramCode = (await staffList(setupPage, booked.eventId)).attendees.find((a) => a.appointment_id === booked.appointmentIds[1])!.ticket_code;
    await setup.close();
    const video = join(videos, 'ticket.y4m');
    await writeQrVideo(video, ticket.token);

    const browser = await cameraBrowser(video);
    try {
      const page = await openListAsStaff(browser, booked.eventId, booked.name);
      // Nothing is fetched from anywhere but the site (the decoder's default would be a CDN).
      const elsewhere: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith(BASE_URL) && !/^(data|blob):/.test(r.url())) elsewhere.push(r.url());
      });
      // Kept on the phone before the signal goes: the list, and the decoder with its WebAssembly, from the site.
      await waitForServiceWorkerControl(page);
      await waitForPersisted(page, booked.eventId);
      await expect
        .poll(async () => page.evaluate(async () => (await (await caches.open('assets-visited')).keys()).some((r) => r.url.startsWith(`${location.origin}/assets/`) && r.url.endsWith('.wasm'))), {
          message: 'the decoder’s WebAssembly was never kept for offline use',
          timeout: 30_000,
        })
        .toBe(true);

      await page.context().setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${booked.name}` })).toBeVisible({ timeout: 15_000 });

      await page.getByRole('button', { name: 'Scan ticket' }).tap();
      const confirm = page.getByRole('region', { name: `Check in Ambrose Booker?` });
      await expect(confirm).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Stop scanning' })).toHaveCount(0);
      await expect(confirm.getByText('Ask him to tell you his full name, date of birth and NHS number')).toBeVisible();
      const nhs = booked.nhsNumbers[0]!;
      await expect(confirm.getByText(`${nhs.slice(0, 3)} ${nhs.slice(3, 6)} ${nhs.slice(6)}`)).toBeVisible();
      await expect(confirm.getByText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole('button', { name: 'Confirm check-in' }).tap();

      const done = page.getByRole('status').filter({ hasText: 'is checked in' });
      await expect(done).toContainText(`Ambrose Booker is checked in. Write sample id`);
      const shown = (await done.locator('.sample-id').textContent())!;
      expect(shown).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      const proposed = normaliseSampleId(shown);
      expect(isValidSampleId(proposed)).toBe(true);
      const card = page.getByRole('listitem').filter({ hasText: `Ambrose Booker` });
      await expect(card.getByText(/^Checked in \d\d:\d\d, waiting to send$/)).toBeVisible();
      await expect(card.getByText(`Sample id ${shown} (not yet confirmed)`)).toBeVisible();

      // The same ticket again: he is already in, with the time.
      await page.getByRole('button', { name: 'Scan ticket' }).tap();
      await expect(page.getByRole('alert').filter({ hasText: /Already checked in at \d\d:\d\d/ })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('region', { name: 'Check in at the door' }).getByRole('button', { name: 'Close' }).tap();

      // Poor light: the code under his QR, typed in small letters without its dash.
      await page.getByLabel('Ticket code').fill(bertramCode.toLowerCase());
      await page.getByRole('button', { name: 'Find the ticket' }).tap();
      const confirmBertram = page.getByRole('region', { name: `Check in Bertram Booker?` });
      await expect(confirmBertram).toBeVisible();
      await confirmBertram.getByRole('button', { name: 'Confirm check-in' }).tap();
      const bertramDone = page.getByRole('status').filter({ hasText: `Bertram Booker is checked in. Write sample id` });
      await expect(bertramDone).toBeVisible();
      const onBertramsTube = (await bertramDone.locator('.sample-id').textContent())!;
      await expect(page.getByText(/No connection: check-ins are kept on this phone/)).toBeVisible();

      // Meanwhile a second phone, with a signal, checked Bertram in first and labelled his tube with another id.
      const secondPhone = await request.newContext({ baseURL: BASE_URL });
      const otherId = newSampleId();
      const first = await secondPhone.post(`/api/staff/events/${booked.eventId}/check-ins`, {
        headers: { Authorization: `Bearer ${await staffToken(secondPhone)}` },
        data: { check_ins: [{ appointment_id: booked.appointmentIds[1], checked_in_at: new Date().toISOString(), sample_id: otherId }] },
      });
      expect(((await first.json()) as { results: { outcome: string; sample_id: string }[] }).results[0]).toMatchObject({ outcome: 'recorded', sample_id: otherId });
      await secondPhone.dispose();

      await page.context().setOffline(false);
      await expect(card.getByText(/^Arrived \d\d:\d\d$/)).toBeVisible({ timeout: 40_000 });
      await expect(card.getByText(`Sample id ${shown}`, { exact: true })).toBeVisible();
      // This phone's id for Bertram lost: the tube it labelled must be relabelled with the server's.
      const relabel = page.getByRole('alert').filter({ hasText: 'Tubes to relabel' });
      await expect(relabel).toContainText(`Bertram Booker: relabel his tube. His sample id is ${formatSampleId(otherId)}, not ${onBertramsTube}`);
      await expect(relabel).not.toContainText('Ambrose');
      await expectNoSeriousA11yViolations(page);
      const bertramCard = page.getByRole('listitem').filter({ hasText: 'Bertram Booker' });
      await expect(bertramCard.getByText(`Sample id ${formatSampleId(otherId)}`, { exact: true })).toBeVisible();
      await relabel.getByRole('button', { name: 'Relabelled the tube of Bertram Booker' }).tap({ timeout: 10_000 });
      await expect(relabel).toHaveCount(0);
      expect(elsewhere).toEqual([]);

      const held = (await staffList(page, booked.eventId)).attendees;
      expect(held.find((a) => a.appointment_id === booked.appointmentIds[0])).toMatchObject({ sample_id: proposed, checked_in_at: expect.any(String) });
      expect(held.find((a) => a.appointment_id === booked.appointmentIds[1])).toMatchObject({ sample_id: otherId, checked_in_at: expect.any(String) });
    } finally {
      await browser.close();
    }
  });

  test('the list with the scanner open, the camera seeing no code yet, is axe clean', async () => {
    const setup = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const booked = await eventWithBookings(setup, 1);
    await setup.close();
    const video = join(videos, 'blank.y4m');
    writeY4m(video, { width: 640, height: 480, rgb: new Uint8Array(640 * 480 * 3).fill(255) });
    const browser = await cameraBrowser(video);
    try {
      const page = await openListAsStaff(browser, booked.eventId, booked.name);
      await page.getByRole('button', { name: 'Scan ticket' }).tap();
      await expect(page.getByLabel('Scan a ticket: camera view')).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Hold the code inside the frame' })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Stop scanning' })).toHaveAttribute('aria-expanded', 'true');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Stop scanning' }).tap();
      await expect(page.getByLabel('Scan a ticket: camera view')).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });

  test('a camera that offers a torch gets a Torch button that turns it on and off; one that does not gets none', async () => {
    const setup = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const booked = await eventWithBookings(setup, 1);
    await setup.close();
    const video = join(videos, 'blank-torch.y4m');
    writeY4m(video, { width: 640, height: 480, rgb: new Uint8Array(640 * 480 * 3).fill(255) });
    const browser = await cameraBrowser(video);
    try {
      // Chromium's fake camera has no torch: none is offered.
      const plain = await openListAsStaff(browser, booked.eventId, booked.name);
      await plain.getByRole('button', { name: 'Scan ticket' }).tap();
      await expect(plain.getByRole('status').filter({ hasText: 'Hold the code inside the frame' })).toBeVisible({ timeout: 20_000 });
      await expect(plain.getByRole('button', { name: 'Torch' })).toHaveCount(0);
      await plain.context().close();

      // A camera whose track lists a torch, as a phone's rear camera does: the button, and the constraint it asks for.
      const page = await openListAsStaff(browser, booked.eventId, booked.name, () => {
        const asked: unknown[] = [];
        (window as unknown as { torchAsked: unknown[] }).torchAsked = asked;
        const capabilities = MediaStreamTrack.prototype.getCapabilities;
        MediaStreamTrack.prototype.getCapabilities = function (this: MediaStreamTrack) {
          return { ...capabilities.call(this), torch: true } as MediaTrackCapabilities;
        };
        MediaStreamTrack.prototype.applyConstraints = function (constraints?: MediaTrackConstraints) {
          asked.push(constraints);
          return Promise.resolve();
        };
      });
      await page.getByRole('button', { name: 'Scan ticket' }).tap();
      const torch = page.getByRole('button', { name: 'Torch' });
      await expect(torch).toHaveAttribute('aria-pressed', 'false', { timeout: 20_000 });
      expect((await torch.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await torch.tap();
      await expect(torch).toHaveAttribute('aria-pressed', 'true');
      await torch.tap();
      await expect(torch).toHaveAttribute('aria-pressed', 'false');
      expect(await page.evaluate(() => (window as unknown as { torchAsked: unknown[] }).torchAsked)).toEqual([{ advanced: [{ torch: true }] }, { advanced: [{ torch: false }] }]);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await browser.close();
    }
  });

  test("later, the camera reading his tube's Code 128 label finds the same man for his result", async () => {
    const setup = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const booked = await eventWithBookings(setup, 1);
    const api = await request.newContext({ baseURL: BASE_URL });
    const sampleId = newSampleId();
    const checkedIn = await api.post(`/api/staff/events/${booked.eventId}/check-ins`, {
      headers: { Authorization: `Bearer ${await staffToken(api)}` },
      data: { check_ins: [{ appointment_id: booked.appointmentIds[0], checked_in_at: new Date().toISOString(), sample_id: sampleId }] },
    });
    expect(((await checkedIn.json()) as { results: { sample_id: string }[] }).results[0]!.sample_id).toBe(sampleId);
    await api.dispose();
    await setup.close();
    const video = join(videos, 'tube.y4m');
    await writeCode128Video(video, sampleId);

    const browser = await cameraBrowser(video);
    try {
      const page = await openListAsStaff(browser, booked.eventId, booked.name);
      const fromTube = page.getByRole('region', { name: 'Enter a result from the tube' });
      await fromTube.getByRole('button', { name: 'Scan with the camera' }).tap();
      await expect(fromTube.getByRole('heading', { name: `Sample ${formatSampleId(sampleId)}: Ambrose Booker` })).toBeVisible({ timeout: 20_000 });
      await expect(fromTube.getByRole('button', { name: 'Stop the camera' })).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });

  for (const kind of ['forged', 'cancelled'] as const) {
    test(`a ${kind === 'forged' ? 'forged ticket (its signature altered)' : 'cancelled booking’s ticket'} is refused`, async () => {
      test.setTimeout(120_000);
      const setup = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
      const booked = await eventWithBookings(setup, 1);
      const setupPage = await (await setup.newContext({ baseURL: BASE_URL })).newPage();
      const ticket = await ticketOf(setupPage, booked.eventId, booked.appointmentIds[0]!);
      let text = ticket.token;
      if (kind === 'forged') {
        // One character in the middle of the signature changed: still well formed, no longer the server's.
        const at = text.lastIndexOf('.') + 20;
        text = text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
      } else {
        const member = booked.members[0]!;
        const cancelled = await setupPage.request.post(`/api/appointments/${booked.appointmentIds[0]}/cancel`, { headers: { Authorization: `Bearer ${member.accessToken}` } });
        expect(cancelled.status()).toBe(200);
      }
      await setup.close();
      const video = join(videos, `${kind}.y4m`);
      await writeQrVideo(video, text);

      const browser = await cameraBrowser(video);
      try {
        const page = await openListAsStaff(browser, booked.eventId, booked.name);
        await page.getByRole('button', { name: 'Scan ticket' }).tap();
        const refusal = page.getByRole('alert').filter({ hasText: kind === 'forged' ? 'This is not a valid CHAPS ticket' : 'This booking was cancelled' });
        await expect(refusal).toBeVisible({ timeout: 20_000 });
        await expect(page.getByRole('button', { name: 'Confirm check-in' })).toHaveCount(0);
        const held = (await staffList(page, booked.eventId)).attendees[0]!;
        expect(held).toMatchObject({ checked_in_at: null, sample_id: null });
      } finally {
        await browser.close();
      }
    });
  }
  test("another event's ticket is refused, saying where and when he is booked", async () => {
    test.setTimeout(120_000);
    const setup = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const his = await eventWithBookings(setup, 1);
    const door = await eventWithBookings(setup, 1);
    const setupPage = await (await setup.newContext({ baseURL: BASE_URL })).newPage();
    const ticket = await ticketOf(setupPage, his.eventId, his.appointmentIds[0]!);
    const event = ((await (await setupPage.request.get(`/api/events/${his.eventId}`)).json()) as { event: ScreeningEvent }).event;
    const slot = (await staffList(setupPage, his.eventId)).attendees[0]!.slot_start;
    await setup.close();
    const video = join(videos, 'other-event.y4m');
    await writeQrVideo(video, ticket.token);

    const browser = await cameraBrowser(video);
    try {
      const page = await openListAsStaff(browser, door.eventId, door.name);
      await page.getByRole('button', { name: 'Scan ticket' }).tap();
      // His event's name and venue, and his slot's date and time in UK time, in en-GB words.
      const when = `${formatLongDate(londonDate(new Date(slot)))} at ${londonTime(new Date(slot))} (UK time)`;
      const refusal = page.getByRole('alert').filter({
        hasText: `This ticket is for another event: he is booked at ${event.event_name}, ${event.address_line_1}, ${event.city}, on ${when}. He cannot be checked in here.`,
      });
      await expect(refusal).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('button', { name: 'Confirm check-in' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await browser.close();
    }
  });

  test('a ticket booked after the list was saved is checked in offline with no sample id, and labelled once the list is refreshed', async () => {
    test.setTimeout(180_000);
    const setup = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
    const booked = await eventWithBookings(setup, 1);
    // The fake camera opens its file when the scan starts, not at launch: the ticket is written there after the list is saved.
    const video = join(videos, 'late.y4m');
    writeY4m(video, { width: 640, height: 480, rgb: new Uint8Array(640 * 480 * 3).fill(255) });
    const browser = await cameraBrowser(video);
    try {
      const page = await openListAsStaff(browser, booked.eventId, booked.name);
      await waitForServiceWorkerControl(page);
      await waitForPersisted(page, booked.eventId);

      // Booked after the list was saved on the phone, as a man booking on his way in would be.
      const context = await setup.newContext({ baseURL: BASE_URL });
      const published = ((await (await context.request.get(`/api/events/${booked.eventId}`)).json()) as { event: ScreeningEvent }).event;
      const late = await createMember(context.request, { firstName: 'Digby', nhsNumber: freshNhsNumber(), age: 58 });
      const [slot] = await freeSlots(context.request, published);
      const lateId = (await bookThroughApi(context.request, late, published, slot!)).appointment_id;
      const ticket = await ticketOf(await context.newPage(), booked.eventId, lateId);
      await writeQrVideo(video, ticket.token);
      await setup.close();

      await page.context().setOffline(true);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: `Attendees: ${booked.name}` })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('listitem').filter({ hasText: 'Digby Booker' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Scan ticket' }).tap();
      const unlisted = page.getByRole('region', { name: 'A real ticket for this event, not on the saved list' });
      await expect(unlisted).toBeVisible({ timeout: 20_000 });
      await expectNoSeriousA11yViolations(page);
      await unlisted.getByRole('button', { name: 'Confirm check-in' }).tap();
      const done = page.getByRole('status').filter({ hasText: 'He is checked in.' });
      await expect(done).toContainText('No sample id yet: refresh the list with a signal, identify him from it');
      await expect(done.locator('.sample-id')).toHaveCount(0);

      // The signal returns: the check-in reaches the server with no sample id asked for, and the refreshed list holds him.
      await page.context().setOffline(false);
      const card = page.getByRole('listitem').filter({ hasText: 'Digby Booker' });
      await expect(card.getByText(/^Arrived \d\d:\d\d$/)).toBeVisible({ timeout: 40_000 });
      expect((await staffList(page, booked.eventId)).attendees.find((a) => a.appointment_id === lateId)).toMatchObject({ checked_in_at: expect.any(String), sample_id: null });

      // Identified from the refreshed list, his label printed at the desk: the server gives his tube its sample id.
      await card.getByRole('link', { name: 'Print label for Digby Booker' }).tap();
      const label = page.locator('.label-preview').getByRole('article');
      await expect(label).toHaveCount(1);
      await expect(label).toContainText('Digby Booker');
      await expect.poll(async () => (await staffList(page, booked.eventId)).attendees.find((a) => a.appointment_id === lateId)?.sample_id ?? null, { timeout: 15_000 }).not.toBeNull();
      const sampleId = (await staffList(page, booked.eventId)).attendees.find((a) => a.appointment_id === lateId)!.sample_id!;
      expect(isValidSampleId(sampleId)).toBe(true);
      await expect(label).toContainText(formatSampleId(sampleId));
    } finally {
      await browser.close();
      await setup.close();
    }
  });
});
