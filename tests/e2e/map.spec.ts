/**
 * The maps in the field (docs/decisions/0011-field-app.md): pins that would
 * overlap gather into clusters; every pin and cluster is a named 44px button
 * that works from the keyboard; and a tile that cannot load becomes the service
 * worker's plain placeholder, with no console error, whether the tile host is
 * unreachable on a first visit or the phone is offline with the tile not
 * cached. The venue's address and directions never depend on the tiles.
 */
import { expect, test, type APIRequestContext, type Page } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { cardState } from '../../src/domain/event-card';
import { expectNoSeriousA11yViolations } from './support/axe';
import { CLUSTER_NAME, collectConsoleErrors, eventsShown, mapTargets, settledTiles } from './support/map';
import { waitForPersisted, waitForServiceWorkerControl } from './support/pwa';

const LIST = '/book-event-main';
const TILES = '**/dev/tiles/**';
const TARGET_PX = 44;
const TILE_PX = 256;

async function upcomingEvents(request: APIRequestContext): Promise<ScreeningEvent[]> {
  const response = await request.get('/api/events');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: ScreeningEvent[] }).events;
}

/** A public event with a venue map. */
async function mappedEvent(request: APIRequestContext): Promise<ScreeningEvent> {
  const event = (await upcomingEvents(request)).find((e) => !e.is_private && e.latitude !== null);
  if (!event) throw new Error('the demo data has no public event with a map');
  return event;
}

const listMap = (page: Page) => page.getByRole('region', { name: 'Map of upcoming events' });
const venueMap = (page: Page, event: ScreeningEvent) => page.getByRole('region', { name: `Map of the venue for ${event.event_name}` });

/** Tile answers the page received, and whether each was the worker's placeholder. */
function watchTileResponses(page: Page): { url: string; placeholder: boolean; fromWorker: boolean }[] {
  const seen: { url: string; placeholder: boolean; fromWorker: boolean }[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/dev/tiles/')) return;
    seen.push({ url: response.url(), placeholder: response.headers()['x-tile-placeholder'] === '1', fromWorker: response.fromServiceWorker() });
  });
  return seen;
}

async function expectAddressAndDirections(page: Page, event: ScreeningEvent) {
  await expect(page.locator('address').filter({ hasText: event.address_line_1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Get directions/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/dir\//);
}

test.describe('pins and clusters', () => {
  test('close pins are clustered; every pin and cluster is a named 44px button; axe finds nothing', async ({ page, request }) => {
    const now = new Date();
    const onMap = (await upcomingEvents(request)).filter((e) => e.latitude !== null && cardState(e, now) !== 'passed');
    await page.goto(LIST);
    const map = listMap(page);
    await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => eventsShown(await mapTargets(map))).toBe(onMap.length);

    const targets = await mapTargets(map);
    // The demo data has several events per city: at the zoom that fits them all, some must share a cluster.
    expect(targets.some((t) => t.cluster)).toBe(true);
    expect(targets.length).toBeLessThan(onMap.length);
    const venueNames = onMap.map((e) => `${e.event_name}, ${e.address_line_1}, ${e.city}`);
    for (const target of targets) {
      expect(target.role, target.name).toBe('button');
      expect(target.tabIndex, target.name).toBe(0);
      expect(target.width, target.name).toBeGreaterThanOrEqual(TARGET_PX);
      expect(target.height, target.name).toBeGreaterThanOrEqual(TARGET_PX);
      if (target.cluster) expect(target.name).toMatch(CLUSTER_NAME);
      else expect(venueNames).toContain(target.name);
    }

    await expectNoSeriousA11yViolations(page, { rules: { 'target-size': { enabled: true } } });
  });

  test('from the keyboard, Space or Enter on a cluster zooms in and Enter on a pin opens its event link', async ({ page }) => {
    await page.goto(LIST);
    const map = listMap(page);
    const first = map.locator('.leaflet-marker-icon').first();
    await expect(first).toBeVisible({ timeout: 15_000 });
    // The demo data's clusters come apart within a few zooms.
    for (let step = 0; step < 8 && (await first.getAttribute('class'))?.includes('map-cluster'); step++) {
      const before = (await mapTargets(map)).map((t) => t.name).join('|');
      await first.focus();
      await expect(first).toBeFocused();
      // Buttons answer both keys.
      await page.keyboard.press(step === 0 ? 'Space' : 'Enter');
      await expect.poll(async () => (await mapTargets(map)).map((t) => t.name).join('|')).not.toBe(before);
      // The cluster is gone, so focus stays in the map rather than falling to the page.
      await expect(map.locator('.leaflet-container')).toBeFocused();
    }
    await expect(first).toHaveClass(/map-pin/);
    const name = (await first.getAttribute('aria-label')) ?? '';
    await first.focus();
    await page.keyboard.press('Enter');
    const popup = map.locator('.leaflet-popup');
    await expect(popup).toBeVisible();
    expect(name.startsWith((await popup.locator('.map-popup-name').textContent()) ?? '-')).toBe(true);
    await expect(popup.getByRole('link', { name: 'View event' })).toBeVisible();
  });

  test('the event page pin is a named 44px button whose Space key shows the address; axe finds nothing', async ({ page, request }) => {
    const event = await mappedEvent(request);
    await page.goto(`/event/${event.event_id}`);
    const pin = venueMap(page, event).getByRole('button', { name: `${event.event_name}, ${event.address_line_1}, ${event.city}` });
    await expect(pin).toBeVisible({ timeout: 15_000 });
    const box = (await pin.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(TARGET_PX);
    expect(box.height).toBeGreaterThanOrEqual(TARGET_PX);
    await pin.focus();
    const scrolled = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Space');
    const popup = venueMap(page, event).locator('.leaflet-popup');
    await expect(popup).toContainText(event.address_line_1);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    // Checked once its fade-in has finished, as a reader sees it.
    await expect(popup).toHaveCSS('opacity', '1');
    await expectNoSeriousA11yViolations(page, { rules: { 'target-size': { enabled: true } } });
  });
});

test.describe('tiles that cannot load', () => {
  test('tile host unreachable on a first visit: placeholders from the worker, no console error', async ({ page, context, request }) => {
    const event = await mappedEvent(request);
    await context.route(TILES, (route) => route.abort('addressunreachable'));
    const errors = collectConsoleErrors(page);
    const tileResponses = watchTileResponses(page);

    // A fresh context: no worker yet, so the map waits for it before asking for tiles.
    await page.goto(`/event/${event.event_id}`);
    const tiles = await settledTiles(venueMap(page, event));
    for (const tile of tiles) expect(tile).toEqual({ complete: true, naturalWidth: TILE_PX, hidden: false });
    expect(tileResponses.length).toBeGreaterThan(0);
    expect(tileResponses.filter((r) => !r.placeholder || !r.fromWorker)).toEqual([]);
    await expectAddressAndDirections(page, event);

    await page.goto(LIST);
    await expect(listMap(page).locator('.leaflet-marker-icon').first()).toBeVisible({ timeout: 15_000 });
    for (const tile of await settledTiles(listMap(page))) expect(tile.naturalWidth).toBe(TILE_PX);
    expect(tileResponses.filter((r) => !r.placeholder)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('offline with the tile not cached: placeholders, no console error about tiles, address and directions shown', async ({ page, context, request }) => {
    const event = await mappedEvent(request);
    await page.goto(`/event/${event.event_id}`);
    await waitForServiceWorkerControl(page);
    await expect(page.getByRole('heading', { level: 1, name: event.event_name })).toBeVisible({ timeout: 15_000 });
    await settledTiles(venueMap(page, event));
    // The page reads offline from the saved copy, which the persister writes on a throttle.
    await waitForPersisted(page, event.event_id);
    // Not cached anywhere: neither in the worker's tile cache nor in the browser's HTTP cache.
    await page.evaluate(() => caches.delete('map-tiles'));
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');

    const errors = collectConsoleErrors(page);
    const tileResponses = watchTileResponses(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: event.event_name })).toBeVisible({ timeout: 15_000 });
      for (const tile of await settledTiles(venueMap(page, event))) expect(tile.naturalWidth).toBe(TILE_PX);
      expect(tileResponses.length).toBeGreaterThan(0);
      expect(tileResponses.filter((r) => !r.placeholder)).toEqual([]);
      expect(errors.filter((e) => e.includes('/dev/tiles/'))).toEqual([]);
      await expectAddressAndDirections(page, event);
    } finally {
      await context.setOffline(false);
    }
  });

  test('without a service worker, a tile that fails is hidden rather than broken', async ({ browser, request }) => {
    const event = await mappedEvent(request);
    const context = await browser.newContext({ serviceWorkers: 'block' });
    try {
      await context.route(TILES, (route) => route.abort('addressunreachable'));
      const page = await context.newPage();
      await page.goto(`/event/${event.event_id}`);
      const tiles = await settledTiles(venueMap(page, event));
      for (const tile of tiles) expect(tile).toMatchObject({ naturalWidth: 0, hidden: true });
      await expectAddressAndDirections(page, event);
    } finally {
      await context.close();
    }
  });
});
