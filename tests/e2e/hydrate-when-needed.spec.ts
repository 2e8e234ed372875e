/**
 * docs/decisions/0023-hydrate-when-needed.md: a page the server drew is left as
 * drawn until it is needed, and then answers the very first touch, press, click
 * or key. Parts drawn from data the browser fetches are hydrated when they come
 * into view (scrolled to without any input, as a screen reader or find-in-page
 * does), the service worker is registered whether or not the page is ever
 * hydrated, and a device with a member's session gets his header at once.
 */
import { expect, test, type Locator, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';

const PHONE = { width: 360, height: 740 };

const isHydrated = (element: Locator) => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$')));

/** Waits until the code has loaded and enabled the controls the server drew disabled. */
async function codeReady(page: Page) {
  await expect(page.locator('[data-awaits-code]:disabled')).toHaveCount(0);
}

test.describe('on a phone, nothing touched yet', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the home page stays as the server drew it, its controls enabled, and the first tap on Menu opens it', async ({ page }) => {
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await codeReady(page);
    await page.waitForLoadState('networkidle');
    expect(await isHydrated(menu)).toBe(false);
    // The events list below the fold has not been asked for.
    await expect(page.getByText('Loading events…')).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);

    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(await isHydrated(menu)).toBe(true);
  });

  test('a click with no press before it (a screen reader activating a button) still opens the menu', async ({ page }) => {
    await page.goto('/');
    await codeReady(page);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.dispatchEvent('click');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  });

  test('a choice set with no press, key or focus before it (voice control) still filters the news', async ({ page }) => {
    await page.goto('/news');
    await codeReady(page);
    const archive = page.getByLabel('Archive');
    expect(await isHydrated(archive)).toBe(false);
    // selectOption sets the value and sends input and change, and nothing else.
    await archive.selectOption({ label: 'June 2023' });
    await expect(page.locator('.news-item time')).toHaveText(['19 June 2023', '12 June 2023', '2 June 2023']);
    await expect(archive).toHaveValue('2023-06');
  });

  test('the first key press is answered: Tab moves focus and the page is hydrated', async ({ page }) => {
    await page.goto('/news');
    await codeReady(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    expect(await isHydrated(page.locator('h1').first())).toBe(true);
  });

  test('the events list loads once it is scrolled into view with no input at all', async ({ page }) => {
    await page.goto('/');
    await codeReady(page);
    await page.evaluate(() => document.querySelector('.upcoming-events')?.scrollIntoView());
    await expect(page.getByText('Loading events…')).toHaveCount(0);
    await expect(page.locator('.upcoming-events .event-card-action').first()).toBeVisible();
  });

  test('the service worker takes control of a page that was never hydrated', async ({ page }) => {
    await page.goto('/news');
    await codeReady(page);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
    expect(await isHydrated(page.locator('h1').first())).toBe(false);
  });
});

test.describe('a first visit on a phone, each page opened afresh', () => {
  // Each page as a first visit: with the worker, later pages would come from its shell, drawn at once.
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'block' });

  test('a page that is only read makes no Intl formatter or collator (their locale and time-zone data cost a slow phone 60 ms)', async ({ page }) => {
    // Every way a script can make one, counted from before the first script runs.
    await page.addInitScript(() => {
      const made: string[] = [];
      (window as unknown as { intlMade: string[] }).intlMade = made;
      const intl = Intl as unknown as Record<string, { new (...args: unknown[]): object; prototype: object }>;
      for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) {
        const Original = intl[name];
        if (!Original) continue;
        const Counted = function (...args: unknown[]) {
          made.push(name);
          return new Original(...args);
        } as unknown as { new (...args: unknown[]): object; prototype: object };
        Counted.prototype = Original.prototype;
        Object.setPrototypeOf(Counted, Original);
        intl[name] = Counted;
      }
      const methods: Array<[object, string]> = [
        [String.prototype, 'localeCompare'],
        [Number.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleDateString'],
        [Date.prototype, 'toLocaleTimeString'],
      ];
      for (const [proto, key] of methods) {
        const original = (proto as Record<string, (...args: unknown[]) => unknown>)[key]!;
        (proto as Record<string, unknown>)[key] = function (this: unknown, ...args: unknown[]) {
          made.push(key);
          return original.apply(this, args);
        };
      }
    });
    const { events } = (await (await page.request.get('/api/events')).json()) as { events: Array<{ event_id: string }> };
    for (const path of ['/', '/news', '/book-event-main', `/event/${events[0]!.event_id}`]) {
      await page.goto(path);
      await codeReady(page);
      await page.waitForLoadState('networkidle');
      expect(await isHydrated(page.locator('h1').first()), path).toBe(false);
      expect(await page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade), path).toEqual([]);
    }
    // The counting itself works: the first touch hydrates the event's page, which formats its date.
    await page.getByRole('button', { name: 'Menu' }).tap();
    await expect.poll(() => page.evaluate(() => (window as unknown as { intlMade: string[] }).intlMade.length)).toBeGreaterThan(0);
  });
});

test('on a wide screen the events search shows its results without any input, being in view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.goto('/book-event-main');
  await expect(page.getByText('Loading events…')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming events' })).toBeVisible();
  expect(await isHydrated(page.locator('h1').first())).toBe(true);
});

test("a device holding a member's session is hydrated at once", async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      'chaps-auth',
      JSON.stringify({ access_token: 'x', refresh_token: 'y', expires_at: 0, user: { id: '00000000-0000-4000-8000-000000000000', email: 'a@example.com' } }),
    );
  });
  await page.goto('/news');
  await expect.poll(() => isHydrated(page.locator('h1').first())).toBe(true);
});
