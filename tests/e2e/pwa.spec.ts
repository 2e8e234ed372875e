/**
 * Installable and offline from day one: the manifest passes
 * Chromium's own installability check, visited event pages reload with the
 * network off, and the worker never answers for the API. How a new version
 * takes over is in site-updates.spec.ts.
 */
import { expect, test, type APIRequestContext } from './support/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ScreeningEvent } from '../../src/domain/event';
import { IMAGES_CACHE, RUNTIME_ONLY_ASSET } from '../../sw/precache-rules';
import {
  escapeRegExp,
  launchPersistent,
  pngSize,
  precachedPaths,
  waitForPersisted,
  waitForServiceWorkerControl,
} from './support/pwa';
import { E2E_STATIC_DIR } from './support/settings';

// The build playwright.config.ts serves (its STATIC_DIR).
const STATIC_DIR = E2E_STATIC_DIR;
const OFFLINE_NOTICE = /^Offline: saved on \d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}$/;

async function upcomingEvents(request: APIRequestContext): Promise<ScreeningEvent[]> {
  const response = await request.get('/api/events');
  expect(response.status()).toBe(200);
  const { events } = (await response.json()) as { events: ScreeningEvent[] };
  expect(events.length).toBeGreaterThan(0);
  return events;
}

/** A public event (no access-code modal), preferring one with a map. */
function publicEvent(events: ScreeningEvent[]): ScreeningEvent {
  const event = events.find((e) => !e.is_private && e.latitude !== null) ?? events.find((e) => !e.is_private);
  if (!event) throw new Error('the demo data has no public event');
  return event;
}

/** Names as a card shows them: cut to 24 characters, so match the first 20. */
const namePrefix = (event: ScreeningEvent) => event.event_name.slice(0, 20);

async function expectStoredImage(request: APIRequestContext, src: string, width: number, height: number) {
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type'], src).toContain('image/png');
  expect(pngSize(await response.body()), src).toEqual({ width, height });
}

test.describe('installable', () => {
  test('the manifest has what stores and home screens need', async ({ request }) => {
    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      id: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
      screenshots: { src: string; sizes: string; form_factor?: string }[];
    };
    expect(manifest.name).toMatch(/CHAPS/);
    expect(manifest.short_name.length).toBeGreaterThan(0);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.id).toBe('/');
    expect(manifest.start_url).toBe('/');
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const icon = (sizes: string, purpose: string) =>
      manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any').split(' ').includes(purpose));
    for (const [sizes, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['512x512', 'maskable']] as const) {
      const found = icon(sizes, purpose);
      expect(found, `${purpose} icon ${sizes}`).toBeDefined();
      const [width, height] = sizes.split('x').map(Number);
      await expectStoredImage(request, found!.src, width!, height!);
    }

    const narrow = manifest.screenshots.find((s) => s.form_factor === 'narrow');
    expect(narrow, 'a narrow screenshot').toBeDefined();
    const [width, height] = narrow!.sizes.split('x').map(Number);
    expect(height!).toBeGreaterThan(width!);
    await expectStoredImage(request, narrow!.src, width!, height!);

    // A wide one too, or desktop Chromium shows the plain install dialog.
    const wide = manifest.screenshots.find((s) => s.form_factor === 'wide');
    expect(wide, 'a wide screenshot').toBeDefined();
    const [wideWidth, wideHeight] = wide!.sizes.split('x').map(Number);
    expect(wideWidth!).toBeGreaterThan(wideHeight!);
    await expectStoredImage(request, wide!.src, wideWidth!, wideHeight!);
  });

  test('index.html links the manifest and an apple-touch-icon', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<link[^>]+rel="manifest"[^>]+href="\/manifest\.webmanifest"/);
    const appleIcon = /<link[^>]+rel="apple-touch-icon"[^>]+href="([^"]+)"/.exec(html);
    expect(appleIcon, 'apple-touch-icon link').not.toBeNull();
    await expectStoredImage(request, appleIcon![1]!, 180, 180);
  });

  test("Chromium's installability check finds nothing missing", async ({ baseURL }) => {
    const browser = await launchPersistent(baseURL!);
    try {
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      const cdp = await browser.context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

test.describe('offline', () => {
  test.describe.configure({ mode: 'serial' });

  test('the precache holds the shell, the reading pages\' code and the content pictures, and nothing else', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const cached = new Set(await precachedPaths(page));
    const scripts = readdirSync(join(STATIC_DIR, 'assets')).filter((file) => /\.(js|css)$/.test(file));
    const precached = scripts.filter((file) => !RUNTIME_ONLY_ASSET.test(file)).map((file) => `/assets/${file}`);
    const visitedOnly = scripts.filter((file) => RUNTIME_ONLY_ASSET.test(file)).map((file) => `/assets/${file}`);
    expect(precached.length).toBeGreaterThan(0);
    expect(visitedOnly.length).toBeGreaterThan(0);
    for (const path of [...precached, '/index.html', '/manifest.webmanifest']) expect(cached, path).toContain(path);
    for (const path of visitedOnly) expect(cached, path).not.toContain(path);
    // Of pictures and fonts, the content pages' pictures alone (public/images/), so they show offline.
    const pictures = readdirSync(join(STATIC_DIR, 'images'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.svg')).map((file) => `/images/${file}`);
    expect(pictures.length).toBeGreaterThan(0);
    expect([...cached].filter((path) => /\.(png|svg|webp|avif|jpe?g|woff2?)$/.test(path)).sort()).toEqual(pictures.sort());
  });

  test('images and code outside the precache are kept once visited', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await page.reload();
    await page.evaluate(async () => {
      const image = new Image();
      image.src = '/icons/icon-192.png';
      await image.decode();
    });
    await expect
      .poll(() => page.evaluate(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname), IMAGES_CACHE))
      .toContain('/icons/icon-192.png');
  });

  test('a visited events list reloads with the network off', async ({ page, context, request }) => {
    const events = await upcomingEvents(request);
    await page.goto('/book-event-main');
    await waitForServiceWorkerControl(page);
    const anyName = new RegExp(events.map((e) => escapeRegExp(namePrefix(e))).join('|'));
    await expect(page.getByText(anyName).first()).toBeVisible({ timeout: 15_000 });
    // Names shown online must all come back from the saved copy.
    const shown: ScreeningEvent[] = [];
    for (const event of events) {
      if (await page.getByText(namePrefix(event)).first().isVisible()) shown.push(event);
    }
    await waitForPersisted(page, shown[0]!.event_id);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible({ timeout: 15_000 });
      for (const event of shown) await expect(page.getByText(namePrefix(event)).first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('a visited event page reloads with the network off, and its map tiles are cached', async ({ page, context, request }) => {
    const event = publicEvent(await upcomingEvents(request));
    await page.goto(`/event/${event.event_id}`);
    await waitForServiceWorkerControl(page);
    // A second visit, as a returning user makes: on the first, the map's tiles
    // may load before the new worker takes control, so they bypass it.
    await page.reload();
    await expect(page.getByText(event.event_name).first()).toBeVisible({ timeout: 15_000 });
    await waitForPersisted(page, event.event_id);
    if (event.latitude !== null) {
      await expect
        .poll(() => page.evaluate(async () => (await (await caches.open('map-tiles')).keys()).map((r) => r.url)))
        .toContainEqual(expect.stringContaining('/dev/tiles/'));
    }

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(event.event_name).first()).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('a never-visited route still opens the app with the network off', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      await page.goto('/no-such-page-offline');
      await expect(page.getByText('Page not found')).toBeVisible();
      await expect(page.getByText("Sorry, we couldn't find the page you're looking for.")).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });

  test('the worker never answers for the API, online or off', async ({ page, context }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);

    const online = await page.goto('/api/health');
    expect(online!.fromServiceWorker()).toBe(false);
    expect(await online!.json()).toEqual({ status: 'ok' });

    await page.goto('/');
    await waitForServiceWorkerControl(page);
    await context.setOffline(true);
    try {
      const fetched = await page.evaluate(() =>
        fetch('/api/health').then(
          async (r) => `answered ${r.status}: ${(await r.text()).slice(0, 40)}`,
          () => 'failed',
        ),
      );
      expect(fetched).toBe('failed');
      await expect(page.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    } finally {
      await context.setOffline(false);
    }
  });
});
