/**
 * The saved copy lasts (issue 43, docs/rules.md#offline): a member on a
 * 360 px phone with touch, in New York, opens his pages once with a signal;
 * then, with none, the app is started five times over three days, each
 * start opening every saved page in another order. Each start shows his
 * name, his ticket, his results chart and GP letter, who has looked at his
 * record, the events he saw, "Offline: saved on" the day he was online and
 * no red error; the home page's pictures show, though his first visit loaded
 * them before the service worker controlled the page. Every start is a fresh
 * browser on the same profile (closed and reopened, offline from the
 * first request), its clock moved on by the hours since his visit.
 */
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from './support/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatSavedAt } from '../../src/domain/format';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freeSlots } from './support/booking';
import { e2eClockOffsetMinutes, shiftDate } from './support/clock';
import { createMember, signIn } from './support/members';
import { indexedDbText, waitForPersisted } from './support/pwa';
import { createEventAsStaff, inDays, staffSession } from './support/staff';

const HOUR_MS = 3_600_000;
const READING_MS = 4_500;
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-GB', timezoneId: 'America/New_York' };
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** The phone, on the profile in `dir`, its clock the run's plus `laterMs`. */
async function startPhone(baseURL: string, dir: string, laterMs: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, baseURL, ...PHONE });
  // One shift per page (shiftDate), so the run's offset and the days since are one script.
  await context.addInitScript(shiftDate, e2eClockOffsetMinutes() * 60_000 + laterMs);
  return { context, page: context.pages()[0] ?? (await context.newPage()) };
}

async function staffCall(request: APIRequestContext, token: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` }, data });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<Record<string, unknown>>;
}

/** A member with a result from today's event (and so two looks at his record) and a booking next week. */
async function memberWithHistory(request: APIRequestContext) {
  const { token } = await staffSession(request);
  const suffix = Date.now().toString(36).slice(-5);
  const today = await createEventAsStaff(request, token, { event_name: `Lasts Today ${suffix}` });
  const todayEvent = ((await (await request.get(`/api/events/${today.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const member = await createMember(request, { firstName: 'Walter', nhsNumber: '9434765919' });
  const [todaySlot] = await freeSlots(request, todayEvent);
  const seen = await bookThroughApi(request, member, todayEvent, todaySlot!);
  const base = `/api/staff/events/${today.event_id}`;
  await staffCall(request, token, 'GET', `${base}/attendees`);
  const checkIn = (await staffCall(request, token, 'POST', `${base}/check-ins`, {
    check_ins: [{ appointment_id: seen.appointment_id, checked_in_at: new Date().toISOString(), sample_id: null }],
  })) as { results: { sample_id: string }[] };
  const sampleId = checkIn.results[0]!.sample_id;
  await staffCall(request, token, 'GET', `${base}/samples/${sampleId}`);
  await staffCall(request, token, 'PUT', `${base}/attendees/${seen.appointment_id}/result`, { test_result: '0.80', sample_id: sampleId });

  const next = await createEventAsStaff(request, token, {
    event_name: `Lasts Ticket ${suffix}`,
    category: 'community',
    exclusive_for: null,
    event_date: inDays(6),
    start_time: '10:00',
    end_time: '12:00',
  });
  const nextEvent = ((await (await request.get(`/api/events/${next.event_id}`)).json()) as { event: ScreeningEvent }).event;
  const [nextSlot] = await freeSlots(request, nextEvent);
  await bookThroughApi(request, member, nextEvent, nextSlot!);
  return { member, ticketEvent: nextEvent };
}

type Saved = { ticketEvent: ScreeningEvent; code: string; savedDay: string };

/** His ticket's card under Upcoming, opened; the code it reads out. */
async function showTicket(page: Page, eventName: string): Promise<string> {
  const card = page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem', { name: eventName });
  await card.getByRole('button', { name: /Show ticket/ }).tap();
  const panel = card.getByRole('region', { name: 'Your ticket' });
  await expect(panel.getByRole('img', { name: /QR code of your ticket for/ })).toBeVisible();
  const code = /Or read out this code:\s*(\S+ ?\S*)/.exec(await panel.innerText());
  expect(code, await panel.innerText()).not.toBeNull();
  return code![1]!.trim();
}

/** The pages that read offline, and what each must show. */
const PAGES: Record<string, { path: (s: Saved) => string; check: (page: Page, s: Saved) => Promise<void> }> = {
  home: {
    path: () => '/',
    check: async (page) => {
      const pictures = page.getByRole('main').locator('img');
      await expect(pictures.first()).toBeAttached();
      for (const picture of await pictures.all()) {
        await picture.scrollIntoViewIfNeeded();
        await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { message: `${await picture.getAttribute('src')} shows` }).toBeGreaterThan(0);
      }
    },
  },
  events: {
    path: () => '/book-event-main',
    check: async (page, s) => {
      await expect(page.getByRole('heading', { name: s.ticketEvent.event_name })).toBeVisible();
    },
  },
  event: {
    path: (s) => `/event/${s.ticketEvent.event_id}`,
    check: async (page, s) => {
      await expect(page.getByRole('heading', { level: 1, name: s.ticketEvent.event_name })).toBeVisible();
    },
  },
  bookings: {
    path: () => '/my-bookings',
    check: async (page, s) => {
      await expect(page.locator('.member-name')).toHaveText('Walter Booker');
      expect(await showTicket(page, s.ticketEvent.event_name)).toBe(s.code);
    },
  },
  results: {
    path: () => '/medical-results',
    check: async (page) => {
      await expect(page.locator('.member-name')).toHaveText('Walter Booker');
      const history = page.getByRole('region', { name: 'PSA over time' });
      await expect(history).toContainText('You have one result so far: 0.8');
      await expect(history.locator('.psa-chart svg')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Print or save for your GP' })).toBeVisible();
    },
  },
  portal: {
    path: () => '/portal',
    check: async (page) => {
      await expect(page.locator('.member-name')).toHaveText('Walter Booker');
      await expect(page.getByRole('region', { name: 'Who has looked at your record' }).getByRole('listitem')).toHaveCount(2);
    },
  },
};

/**
 * Five starts over three days, each within a day of the last (PERSIST_MAX_AGE_MS), each in its own order:
 * the first within his access token's hour (a call fails at once), the others after it.
 */
const STARTS: { hours: number; order: (keyof typeof PAGES)[] }[] = [
  { hours: 0.5, order: ['home', 'portal', 'bookings', 'results', 'bookings', 'event', 'events'] },
  { hours: 20, order: ['results', 'events', 'portal', 'event', 'home', 'bookings'] },
  { hours: 40, order: ['bookings', 'bookings', 'home', 'results', 'portal', 'events', 'event'] },
  { hours: 58, order: ['event', 'portal', 'results', 'bookings', 'events', 'home'] },
  { hours: 72, order: ['portal', 'home', 'event', 'events', 'results', 'bookings', 'portal'] },
];

async function savedAt(page: Page): Promise<number> {
  const found = /\\?"timestamp\\?":(\d+)/.exec(await indexedDbText(page));
  return found ? Number(found[1]) : 0;
}

test('his saved pages read on every offline start for three days, with the day they were saved', async ({ request, baseURL }) => {
  test.setTimeout(600_000);
  const { member, ticketEvent } = await memberWithHistory(request);
  const dir = mkdtempSync(join(tmpdir(), 'chaps-saved-copy-'));
  try {
    // With a signal: he signs in and opens each page once.
    const online = await startPhone(baseURL!, dir, 0);
    const { page } = online;
    // His first visit is the home page, loaded before the worker is there to keep its pictures.
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/login');
    await signIn(page, member.email, member.password);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Portal' })).toBeVisible();
    const savedDay = formatSavedAt(Date.now()).replace(/ at .*$/, '');
    // Each page's copy is written (at most once a second) before the next page load.
    await page.goto('/book-event-main');
    await expect(page.getByRole('heading', { name: ticketEvent.event_name })).toBeVisible();
    await waitForPersisted(page, ticketEvent.event_name);
    await page.goto(`/event/${ticketEvent.event_id}`);
    await expect(page.getByRole('heading', { level: 1, name: ticketEvent.event_name })).toBeVisible();
    await waitForPersisted(page, `detail\\",\\"${ticketEvent.event_id}`);
    await page.goto('/medical-results');
    await expect(page.getByRole('region', { name: 'PSA over time' })).toContainText('0.8');
    await waitForPersisted(page, 'clinical-rule');
    await page.goto('/portal');
    await expect(page.getByRole('region', { name: 'Who has looked at your record' }).getByRole('listitem')).toHaveCount(2);
    await waitForPersisted(page, 'record-access');
    await page.goto('/my-bookings');
    const code = await showTicket(page, ticketEvent.event_name);
    await waitForPersisted(page, 'appointments');
    // Hours on, the browser's HTTP cache no longer answers for the pictures (the server allows an hour),
    // and only Date is moved: what the phone shows then comes from the worker's caches and the saved copy.
    await (await online.context.newCDPSession(page)).send('Network.clearBrowserCache');
    await online.context.close();
    const saved: Saved = { ticketEvent, code, savedDay };

    for (const start of STARTS) {
      const { context, page: phone } = await startPhone(baseURL!, dir, start.hours * HOUR_MS);
      await context.setOffline(true);
      // The phone's clock at this start, as the run's clock here (support/clock.ts) moved on.
      const startedAt = Date.now() + start.hours * HOUR_MS - 1_000;
      try {
        for (const name of start.order) {
          const { path, check } = PAGES[name]!;
          await test.step(`+${start.hours} h: ${name}`, async () => {
            await phone.goto(path(saved));
            await check(phone, saved);
            if (name !== 'home') await expect(phone.getByRole('status').filter({ hasText: /^Offline/ })).toHaveText(new RegExp(`^Offline: saved on ${savedDay} at \\d{2}:\\d{2}$`));
            await expect(phone.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
            // He reads it while its refetch fails (three tries over 3 s: src/lib/query-client.ts)
            // and the copy is saved again, failures and all, before he opens the next page.
            await phone.waitForTimeout(READING_MS);
            await expect(phone.getByRole('alert').filter({ hasText: /\S/ })).toHaveCount(0);
          });
        }
        if (start === STARTS.at(-1)) await expectNoSeriousA11yViolations(phone);
        // This start wrote the copy again before the phone is put away.
        await expect.poll(() => savedAt(phone), { message: 'the copy was written at this start' }).toBeGreaterThanOrEqual(startedAt);
      } finally {
        await context.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
