/**
 * The first-visit speed work (docs/decisions/0012-rendered-pages.md): pages a
 * first visit opens are HTML with their words in (content pages and the events
 * search from the build, an event's page from the server with its event), so
 * they read even before, or without, the site's code; the code then hydrates
 * that markup in place, with no console error, and an event's map follows.
 * Forms stay shut until the code runs. Hostile text in an event's name stays
 * text.
 */
import { expect, test, type Page } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { formatLongDate } from '../../src/domain/format';
import { waitForHydration } from './support/hydration';
import { collectConsoleErrors } from './support/map';
import { createEventAsStaff, inDays, staffToken } from './support/staff';

const ENTRY_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

async function publicEvent(page: Page): Promise<ScreeningEvent> {
  const { events } = (await (await page.request.get('/api/events')).json()) as { events: ScreeningEvent[] };
  const event = events.find((e) => !e.is_private);
  if (!event) throw new Error('the demo data has no public event');
  return event;
}

test.describe('without the site code', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading, words] of [
    ['/', "Advocacy for Men's Health", 'TESTIMONIALS'],
    ['/news', 'News', 'READ MORE'],
    ['/book-event-main', 'Book a screening event', 'Find a PSA screening event near you.'],
  ] as const) {
    test(`${path} reads from its HTML`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(words).first()).toBeVisible();
      // Until the code runs, forms stay shut: a native submit would put their fields in the address.
      const fields = page.locator('form').locator('input, select, textarea, button');
      expect(await fields.count()).toBeGreaterThan(0);
      for (const field of await fields.all()) await expect(field).toBeDisabled();
    });
  }

  test("an event's page shows its name, date and address", async ({ page }) => {
    const event = await publicEvent(page);
    await page.goto(`/event/${event.event_id}`);
    await expect(page.getByRole('heading', { level: 1, name: event.event_name })).toBeVisible();
    await expect(page.getByText(formatLongDate(event.event_date)).first()).toBeVisible();
    await expect(page.getByText(event.address_line_1).first()).toBeVisible();
  });
});

test.describe('with the site code', () => {
  /** Opens `path` with the entry script held back, marks the server's heading, then lets the code run. */
  async function openAndHydrate(page: Page, path: string) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(ENTRY_SCRIPT, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator('h1').first().evaluate((h1) => (h1.dataset.fromServer = 'yes'));
    release();
  }

  test("hydration keeps the server's markup of the home page and an event's page, and the event's map follows", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await openAndHydrate(page, '/');
    // The title is the code's work: the page ran, and kept the heading the server drew.
    await expect(page.locator('h1[data-from-server="yes"]')).toHaveText("Advocacy for Men's Health");
    await expect.poll(() => page.evaluate(() => document.title)).toBe('CHAPS – PSA screening events');

    const event = await publicEvent(page);
    await openAndHydrate(page, `/event/${event.event_id}`);
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expect(page.locator('h1[data-from-server="yes"]')).toHaveText(event.event_name);
    await expect.poll(() => page.evaluate(() => document.title)).toBe(`${event.event_name} | CHAPS`);
    // The page reached the API for a fresh copy, as it always does, and nothing complained.
    expect(errors).toEqual([]);
  });

  test("the footer's contact details and links stay as the server drew them, nothing moves, and its links change page without a reload", async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.setViewportSize({ width: 412, height: 823 });
    await openAndHydrate(page, '/');
    const links = page.getByRole('navigation', { name: 'Quick links' });
    const contact = page.getByRole('region', { name: 'Contact us' });
    // Marked before hydration: the very nodes the server sent must still be there afterwards (ADR 0015).
    await links.getByRole('link', { name: 'News' }).evaluate((a) => (a.dataset.fromServer = 'yes'));
    // Its size, not its place: the events above it arrive from the API meanwhile.
    const size = async () => page.locator('footer').evaluate((f) => ({ width: f.getBoundingClientRect().width, height: f.getBoundingClientRect().height }));
    const before = await size();
    await expect.poll(() => page.evaluate(() => document.title)).toBe('CHAPS – PSA screening events');
    // Read down to as a reader would, with no input: the footer is hydrated once in view (ADR 0023).
    await page.locator('footer').scrollIntoViewIfNeeded();
    await waitForHydration(page.locator('footer'));
    await expect(links.locator('a[data-from-server="yes"]')).toHaveText('News');
    await expect(contact.getByRole('link', { name: /@/ })).toBeVisible();
    expect(await size()).toEqual(before);

    // A press on a plain link inside is the router's change of page: the page is not loaded again.
    await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
    await links.getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    // Drawn in the browser this time, the footer is whole and its links are the router's.
    await expect(page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
  });

  test("an event whose name carries markup shows it as text, from the server and once hydrated", async ({ page, request }) => {
    const name = 'Lodge </script><script>window.__hostile=1</script> <b>night</b>';
    const { event_id: id } = await createEventAsStaff(request, await staffToken(request), {
      event_name: name,
      event_date: inDays(9),
      start_time: '10:00',
      end_time: '12:00',
      exclusive_for: null,
      category: 'community',
    });
    const errors = collectConsoleErrors(page);
    page.on('dialog', (dialog) => void dialog.dismiss());
    await openAndHydrate(page, `/event/${id}`);
    await expect(page.locator('h1[data-from-server="yes"]')).toHaveText(name);
    await expect(page.locator('.leaflet-container')).toBeVisible();
    expect(await page.evaluate(() => (window as { __hostile?: number }).__hostile)).toBeUndefined();
    expect(await page.locator('main b').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  test("on a phone, an event's map loads only when scrolled near, and the address and directions do not wait for it", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const event = await publicEvent(page);
    const tiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/dev/tiles/')) tiles.push(request.url());
    });
    await page.goto(`/event/${event.event_id}`, { waitUntil: 'networkidle' });
    await expect(page.getByText(event.address_line_1).first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Get directions/i })).toBeVisible();
    await expect(page.locator('.leaflet-container')).toHaveCount(0);
    expect(tiles).toEqual([]);
    await page.getByRole('region', { name: `Map of the venue for ${event.event_name}` }).scrollIntoViewIfNeeded();
    await expect(page.locator('.leaflet-container')).toBeVisible();
  });

  test('the signal lost before the page code arrives leaves the page readable, and it comes to life when the signal is back', async ({ page, context }) => {
    // The route's chunk is cut off as a dropped signal would, then the browser goes offline.
    let signal = false;
    await page.route(/\/assets\/events-pages-[^/]+\.js$/, (route) => (signal ? route.continue() : route.abort('internetdisconnected')));
    await page.goto('/events/seminar-talks');
    await context.setOffline(true);
    const talk = page.getByRole('region', { name: 'Watch a talk' });
    // Before, the failed import took the whole page down to a blank screen.
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    await page.waitForTimeout(1500);
    await expect(page.getByRole('heading', { level: 1, name: /seminar/i })).toBeVisible();
    await expect(talk.locator('video')).toBeVisible();

    signal = true;
    await context.setOffline(false);
    // Read down to as a reader would: the player, drawn from the connection's state, is hydrated in view (ADR 0023).
    await talk.scrollIntoViewIfNeeded();
    await waitForHydration(talk.locator('video'));
    await context.setOffline(true);
    await expect(talk.getByRole('status')).toHaveText(/The video needs a connection/);
    await context.setOffline(false);
  });
});
