/**
 * The first journey: find a screening event and open its page.
 * Every expectation about which events show, and which button each one
 * has, is computed from the API's own answer with the shared rules in
 * src/domain, so the test holds whatever day the demo data was seeded.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { CARD_LABELS, cardState, eventStart, type CardState } from '../../src/domain/event-card';
import { DATE_FILTER_LABELS } from '../../src/domain/event-filters';
import { mayJoin } from '../../src/domain/waiting-list';
import { expectNoSeriousA11yViolations } from './support/axe';
import { eventsShown, mapTargets } from './support/map';
import { DEMO_EMAIL, DEMO_PASSWORD, signIn } from './support/members';
import { staffToken } from './support/staff';

const LIST = '/book-event-main';
const RESULTS_STATUS = /\d+ events? found|No upcoming events found/;

async function apiEvents(request: APIRequestContext, query = ''): Promise<ScreeningEvent[]> {
  const response = await request.get(`/api/events${query ? `?${query}` : ''}`);
  expect(response.status(), `GET /api/events?${query}`).toBe(200);
  return ((await response.json()) as { events: ScreeningEvent[] }).events;
}

const cards = (page: Page) => page.locator('[data-event-id]');
const card = (page: Page, id: string) => page.locator(`[data-event-id="${id}"]`);

/** Waits for the spinner to give way to results, then lists the cards' event ids in order. */
async function shownIds(page: Page): Promise<string[]> {
  // Scrolled to as a reader would, with no input: the results are hydrated in view (ADR 0023).
  await page.locator('.results-heading').scrollIntoViewIfNeeded();
  await expect(page.getByRole('status').filter({ hasText: RESULTS_STATUS })).toBeVisible({ timeout: 15_000 });
  return cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-event-id') ?? ''));
}

/** Presses Search and returns the query string of the events request it caused. */
async function search(page: Page): Promise<URLSearchParams> {
  const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/events');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  return new URL((await request).url()).searchParams;
}

const asRecord = (params: URLSearchParams) => Object.fromEntries(params.entries());

test.describe('events listing', () => {
  test('shows a spinner, then every upcoming event in start order, with each one not yet ended on the map', async ({ page, request }) => {
    const expected = await apiEvents(request);
    await page.goto(LIST);
    await expect(page).toHaveTitle(/Book a screening event/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading events…' })).toBeVisible();
    expect(await shownIds(page)).toEqual(expected.map((e) => e.event_id));

    const now = new Date();
    const onMap = expected.filter((e) => e.latitude !== null && cardState(e, now) !== 'passed');
    const map = page.getByRole('region', { name: 'Map of upcoming events' });
    // A pin stands for one event, a cluster for the number it shows.
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
    await expect.poll(async () => eventsShown(await mapTargets(map))).toBe(onMap.length);
  });

  test('filters by type: the query names only the ticked types, and none when all are ticked', async ({ page, request }) => {
    await page.goto(LIST);
    await shownIds(page);

    await page.getByRole('checkbox', { name: 'Community' }).check();
    expect(asRecord(await search(page))).toEqual({ for: 'community' });
    expect(await shownIds(page)).toEqual((await apiEvents(request, 'for=community')).map((e) => e.event_id));
    await expect(page).toHaveURL(/[?&]for=community(&|$)/);

    await page.getByRole('checkbox', { name: 'Freemasons' }).check();
    expect(asRecord(await search(page))).toEqual({ for: 'community,freemasons' });
    const both = await apiEvents(request, 'for=community,freemasons');
    expect(both.every((e) => e.category !== 'corporate')).toBe(true);
    expect(await shownIds(page)).toEqual(both.map((e) => e.event_id));

    await page.getByRole('checkbox', { name: 'Corporate' }).check();
    expect(asRecord(await search(page))).toEqual({});
    expect(await shownIds(page)).toEqual((await apiEvents(request)).map((e) => e.event_id));
  });

  test('filters by date with the five choices the select offers', async ({ page, request }) => {
    await page.goto(LIST);
    await shownIds(page);
    const select = page.getByLabel('When');
    await expect(select.locator('option')).toHaveText(['Select Date', ...Object.values(DATE_FILTER_LABELS)]);

    await select.selectOption({ label: DATE_FILTER_LABELS['next-week'] });
    expect(asRecord(await search(page))).toEqual({ date: 'next-week' });
    const nextWeek = await apiEvents(request, 'date=next-week');
    expect(nextWeek.length).toBeGreaterThan(0);
    expect(await shownIds(page)).toEqual(nextWeek.map((e) => e.event_id));

    await select.selectOption({ label: DATE_FILTER_LABELS.today });
    await page.getByRole('checkbox', { name: 'Freemasons' }).check();
    expect(asRecord(await search(page))).toEqual({ date: 'today', for: 'freemasons' });
    expect(await shownIds(page)).toEqual((await apiEvents(request, 'date=today&for=freemasons')).map((e) => e.event_id));
  });

  test('filters by location, and a reload keeps the search', async ({ page, request }) => {
    await page.goto(LIST);
    await shownIds(page);
    await page.getByRole('tab', { name: 'By Location' }).click();
    await expect(page.getByRole('tab', { name: 'By Location' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('Town, city or postcode').fill('Leeds');
    expect(asRecord(await search(page))).toEqual({ location: 'Leeds' });
    const leeds = await apiEvents(request, 'location=Leeds');
    expect(leeds.length).toBeGreaterThan(0);
    expect(await shownIds(page)).toEqual(leeds.map((e) => e.event_id));

    await page.reload();
    expect(await shownIds(page)).toEqual(leeds.map((e) => e.event_id));
    await expect(page.getByLabel('Town, city or postcode')).toHaveValue('Leeds');

    await page.getByLabel('Town, city or postcode').fill('Nowhere-on-Sea');
    expect(asRecord(await search(page))).toEqual({ location: 'Nowhere-on-Sea' });
    await expect(page.getByRole('status').filter({ hasText: 'No upcoming events found' })).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });
});

test.describe('event page', () => {
  test('opens from its card, and still shows after a reload', async ({ page, request }) => {
    const now = new Date();
    const event = (await apiEvents(request)).find((e) => cardState(e, now) === 'book');
    expect(event, 'a bookable demo event').toBeDefined();
    await page.goto(LIST);
    await shownIds(page);
    await card(page, event!.event_id).getByRole('link', { name: 'BOOK' }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event!.event_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: event!.event_name })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: event!.event_name })).toBeVisible();
    await expect(page.getByText(event!.product_name).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/);
    await expect(page).toHaveTitle(new RegExp(event!.event_name.slice(0, 20)));
  });

  test('BOOK EVENT: a visitor signs in and lands on the next booking step for that event; a member goes straight there', async ({ page, request }) => {
    const now = new Date();
    const bookable = (await apiEvents(request)).filter((e) => cardState(e, now) === 'book' && !e.is_private);
    const esneft = bookable.find((e) => e.lab_name === 'ESNEFT');
    const plain = bookable.find((e) => e.lab_name !== 'ESNEFT');
    expect(esneft && plain, 'a bookable ESNEFT and a bookable other public demo event').toBeTruthy();
    const landing = (e: ScreeningEvent) =>
      new RegExp(`/${e === esneft ? 'check-nhs-number' : 'book-event'}\\?event=${e.event_id}$`);

    await page.goto(`/event/${plain!.event_id}`);
    await page.getByRole('button', { name: 'BOOK EVENT' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await expect(page).toHaveURL(landing(plain!));
    await expect(page.getByRole('heading', { level: 1, name: 'Book your appointment' })).toBeVisible();
    await expect(page.getByText(plain!.event_name).first()).toBeVisible();

    // Signed in now: BOOK EVENT goes straight to the step, and a reload keeps the event.
    await page.goto(`/event/${esneft!.event_id}`);
    await expect(page.getByText(/NHS number required/)).toBeVisible();
    await page.getByRole('button', { name: 'BOOK EVENT' }).click();
    await expect(page).toHaveURL(landing(esneft!));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Check your NHS number' })).toBeVisible();
    await expect(page).toHaveURL(landing(esneft!));
  });

  test("says 'Event not found' for an unknown or malformed id", async ({ page }) => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-event']) {
      await page.goto(`/event/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();
    }
  });
});

test('each event shows the button its state calls for, on its card and its page', async ({ page, request }) => {
  const events = await apiEvents(request);
  const now = new Date();
  const stateOf = new Map(events.map((e) => [e.event_id, cardState(e, now)]));

  await page.goto(LIST);
  await shownIds(page);
  for (const event of events) {
    const state = stateOf.get(event.event_id)!;
    // A full event still taking bookings leads to its page, where its waiting list is.
    const waitingList = mayJoin(event, now);
    const action = card(page, event.event_id).getByRole(state === 'book' || waitingList ? 'link' : 'button');
    await expect(action, event.event_name).toHaveText(waitingList ? `${CARD_LABELS.full}: join the waiting list` : CARD_LABELS[state]);
    if (waitingList) await expect(action).toHaveAttribute('href', `/event/${event.event_id}`);
    else if (state !== 'book') await expect(action).toBeDisabled();
  }

  // One event of each state on its own page: BOOK EVENT, or the same label, disabled.
  const seen = new Set<CardState>();
  for (const event of events) {
    const state = stateOf.get(event.event_id)!;
    if (seen.has(state)) continue;
    seen.add(state);
    await page.goto(`/event/${event.event_id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.event_name })).toBeVisible();
    if (state === 'book') await expect(page.getByRole('button', { name: 'BOOK EVENT' })).toBeEnabled();
    else await expect(page.getByRole('button', { name: CARD_LABELS[state] })).toBeDisabled();
  }

  // No list shows an ended event
  // (docs/decisions/0004-date-filter-semantics.md), so the last state is met on
  // an ended event's own page, found through the staff console's list of all
  // events.
  expect(['book', 'full', 'closed'].filter((s) => !seen.has(s as CardState))).toEqual([]);
  expect(seen.has('passed')).toBe(false);
  const token = await staffToken(request);
  const all = (await (await request.get('/api/staff/events', { headers: { Authorization: `Bearer ${token}` } })).json()) as { events: (ScreeningEvent & { cancelled_at: string | null })[] };
  const ended = all.events.find((e) => !e.cancelled_at && cardState(e, now) === 'passed');
  expect(ended, 'an ended event').toBeDefined();
  await page.goto(`/event/${ended!.event_id}`);
  await expect(page.getByRole('heading', { level: 1, name: ended!.event_name })).toBeVisible();
  await expect(page.getByRole('button', { name: CARD_LABELS.passed })).toBeDisabled();
});

test.describe('shell', () => {
  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/nope');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: "Advocacy for Men's Health" })).toBeVisible();
  });

  test('menus open from the keyboard and Escape closes them', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const events = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'EVENTS' });
    // The page arrives rendered; its menu buttons take focus once the code has run (ADR 0012).
    await expect(events).toBeEnabled();
    await events.focus();
    await page.keyboard.press('Enter');
    await expect(events).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'Speaker Requests' })).toHaveAttribute('href', '/events#speaker');
    await page.keyboard.press('Escape');
    await expect(events).toHaveAttribute('aria-expanded', 'false');
    await expect(events).toBeFocused();
  });

  test("a menu's link, left as the server drew it, changes page without a reload and closes the menu", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    const about = main.getByRole('button', { name: 'ABOUT US' });
    await expect(about).toBeEnabled();
    await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
    await about.click();
    await main.getByRole('link', { name: 'Our Team' }).click();
    await expect(page).toHaveURL(/\/about-us#our-team$/);
    await expect(about).toHaveAttribute('aria-expanded', 'false');
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test('the home page lists events not yet started, soonest first, with SEE MORE', async ({ page, request }) => {
    const now = new Date();
    const notStarted = (await apiEvents(request)).filter((e) => eventStart(e).getTime() >= now.getTime());
    await page.goto('/');
    await expect(page.getByRole('region', { name: "Advocacy for Men's Health" }).getByRole('link', { name: 'BOOK AN EVENT' })).toHaveAttribute('href', LIST);
    const home = page.getByRole('region', { name: 'Upcoming events' });
    await home.scrollIntoViewIfNeeded();
    await expect(home.locator('[data-event-id]').first()).toBeVisible({ timeout: 15_000 });
    const ids = await home.locator('[data-event-id]').evaluateAll((els) => els.map((el) => el.getAttribute('data-event-id')));
    expect(ids).toEqual(notStarted.slice(0, ids.length).map((e) => e.event_id));
    await expect(home.getByRole('link', { name: 'SEE MORE' })).toHaveAttribute('href', '/events');
  });
});

test.describe('accessibility', () => {
  test('axe finds no serious problem on /, the listing and an event page', async ({ page, request }) => {
    const [event] = await apiEvents(request);
    await page.goto('/');
    await page.getByRole('region', { name: 'Upcoming events' }).scrollIntoViewIfNeeded();
    await expect(page.locator('[data-event-id]').first()).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);

    await page.goto(LIST);
    await shownIds(page);
    await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto(`/event/${event!.event_id}`);
    await expect(page.getByRole('heading', { level: 1, name: event!.event_name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
