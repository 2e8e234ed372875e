/**
 * Finding events on a phone, in a 412 px Chromium
 * whose clock is in Los Angeles: an event that has ended is never listed as
 * upcoming (the server decides, on UK wall-clock time), List and Map are a
 * choice at the top of the results, and a card whose title is cut still
 * names its venue and town.
 */
import { expect, test, type APIRequestContext } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { truncateName } from '../../src/domain/format';
import { londonDate, londonTime } from '../../src/domain/london-time';
import { serverClockBack } from './support/checkout';
import { eventsShown, mapTargets } from './support/map';
import { createEventAsStaff, laterToday, staffToken } from './support/staff';

test.use({ viewport: { width: 412, height: 915 }, timezoneId: 'America/Los_Angeles' });

const RESULTS_STATUS = /\d+ events? found|No upcoming events found/;

async function listed(request: APIRequestContext, query = ''): Promise<ScreeningEvent[]> {
  const response = await request.get(`/api/events${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: ScreeningEvent[] }).events;
}

test.describe('events on a phone', () => {
  test('an event that ended earlier today is not upcoming: not in the API, the list, the map or the home page', async ({ page, request }) => {
    const token = await staffToken(request);
    const minutesNow = (() => {
      const [h, m] = londonTime(new Date()).split(':').map(Number) as [number, number];
      return h * 60 + m;
    })();
    // An event today (UK) that is over: from midnight when there is room
    // before now; in the first 40 minutes of the day, one later today and the
    // server's clock moved past its end (the server decides what has ended).
    const early = minutesNow < 40;
    const name = `Ended Today ${Date.now()}`;
    const timing = early ? laterToday() : { event_date: londonDate(new Date()), start_time: '00:00', end_time: '00:30' };
    const { event_id: endedId } = await createEventAsStaff(request, token, { event_name: name, ...timing });
    if (early) expect((await request.post('/dev/clock/advance', { data: { minutes: 100 } })).status()).toBe(200);
    try {
      for (const query of ['', '?date=today', '?date=next-week', '?date=future-events']) {
        expect((await listed(request, query)).map((e) => e.event_id), `GET /api/events${query}`).not.toContain(endedId);
      }

      await page.goto('/book-event-main');
      // Scrolled to as a reader would, with no input: the results are hydrated in view (ADR 0023).
      await page.locator('.results-heading').scrollIntoViewIfNeeded();
      await expect(page.getByRole('status').filter({ hasText: RESULTS_STATUS })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-card-state]').first()).toBeVisible();
      await expect(page.locator(`[data-event-id="${endedId}"]`)).toHaveCount(0);
      await expect(page.locator('[data-card-state="passed"]')).toHaveCount(0);

      await page.getByRole('button', { name: 'Map' }).click();
      const map = page.getByRole('region', { name: 'Map of upcoming events' });
      await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible();
      const mapped = (await listed(request)).filter((e) => e.latitude !== null);
      await expect.poll(async () => eventsShown(await mapTargets(map))).toBe(mapped.length);

      await page.goto('/');
      const upcoming = page.getByRole('region', { name: 'Upcoming events' });
      await upcoming.scrollIntoViewIfNeeded();
      await expect(upcoming.locator('[data-event-id]').first()).toBeVisible({ timeout: 15_000 });
      await expect(upcoming.locator(`[data-event-id="${endedId}"]`)).toHaveCount(0);
    } finally {
      if (early) await serverClockBack(request);
    }
  });

  test('List and Map are a choice at the top of the results; the map code loads only once Map is chosen', async ({ page }) => {
    const mapCode: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/(?:events-map|leaflet)[^/]*\.js$/.test(new URL(r.url()).pathname)) mapCode.push(r.url());
    });
    await page.goto('/book-event-main');
    // Scrolled to as a reader would, with no input: the results are hydrated in view (ADR 0023).
    await page.locator('.results-heading').scrollIntoViewIfNeeded();
    await expect(page.getByRole('status').filter({ hasText: RESULTS_STATUS })).toBeVisible({ timeout: 15_000 });

    const choice = page.getByRole('group', { name: 'Show events as' });
    const list = choice.getByRole('button', { name: 'List' });
    const map = choice.getByRole('button', { name: 'Map' });
    await expect(list).toHaveAttribute('aria-pressed', 'true');
    await expect(map).toHaveAttribute('aria-pressed', 'false');
    // At the top of the results: above the first card, not thousands of pixels down.
    const choiceBox = (await choice.boundingBox())!;
    const firstCard = (await page.locator('[data-event-id]').first().boundingBox())!;
    expect(choiceBox.y).toBeLessThan(firstCard.y);
    await expect(page.getByRole('region', { name: 'Map of upcoming events' })).toHaveCount(0);
    await page.waitForTimeout(500);
    expect(mapCode).toEqual([]);

    // Keyboard: the choice is two buttons in the tab order with a visible focus ring.
    await list.focus();
    await page.keyboard.press('Tab');
    await expect(map).toBeFocused();
    const outline = await map.evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');
    await page.keyboard.press('Enter');
    await expect(map).toHaveAttribute('aria-pressed', 'true');
    const region = page.getByRole('region', { name: 'Map of upcoming events' });
    await expect(region.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 15_000 });
    // The map sits right under the choice, and the list gives way to it.
    const regionBox = (await region.boundingBox())!;
    expect(regionBox.y - (choiceBox.y + choiceBox.height)).toBeLessThan(200);
    await expect(page.locator('[data-event-id]')).toHaveCount(0);
    expect(mapCode.length).toBeGreaterThan(0);

    await list.click();
    await expect(page.locator('[data-event-id]').first()).toBeVisible();
    await expect(region).toHaveCount(0);
  });

  test('a card whose title is cut names its venue and town on a line of its own', async ({ page, request }) => {
    const events = await listed(request);
    const cut = events.filter((e) => truncateName(e.event_name) !== e.event_name);
    expect(cut.length).toBeGreaterThan(0);
    await page.goto('/book-event-main');
    // Scrolled to as a reader would, with no input: the results are hydrated in view (ADR 0023).
    await page.locator('.results-heading').scrollIntoViewIfNeeded();
    await expect(page.getByRole('status').filter({ hasText: RESULTS_STATUS })).toBeVisible({ timeout: 15_000 });
    for (const event of cut.slice(0, 3)) {
      const card = page.locator(`[data-event-id="${event.event_id}"]`);
      await expect(card.getByRole('heading')).toContainText(truncateName(event.event_name));
      const venue = card.locator('.event-card-venue');
      await expect(venue).toHaveText(`${event.address_line_1}, ${event.city}`);
      // Its own line: below the title, not beside it.
      const heading = (await card.getByRole('heading').boundingBox())!;
      const line = (await venue.boundingBox())!;
      expect(line.y).toBeGreaterThanOrEqual(heading.y + heading.height - 1);
    }
  });
});
