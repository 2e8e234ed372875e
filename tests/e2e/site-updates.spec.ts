/**
 * A new version of the site: it waits for the user instead of
 * reloading the page under them, is held while a form is being filled, and
 * is looked for when the app comes back to view. The tests change the
 * served build's sw.js and put it back, so a new worker is really found.
 */
import { expect, test, type Page } from './support/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForServiceWorkerControl } from './support/pwa';
import { E2E_STATIC_DIR } from './support/settings';

// The build playwright.config.ts serves (its STATIC_DIR).
const STATIC_DIR = E2E_STATIC_DIR;

test.describe('updates', () => {
  const swFile = join(STATIC_DIR, 'sw.js');

  /** The registration's waiting worker's state, or null. */
  const waitingState = (page: Page) =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);

  // The page's update prompt learns of a new version by different routes
  // (workbox-window counts one found in the same session as "external"), so
  // cover a visitor's first page and a returning visitor's page.
  for (const visit of ['first', 'returning'] as const) {
    test(`a new version waits for the user, then takes over when they choose Reload (${visit} visit)`, async ({ page }) => {
      await page.goto('/');
      await waitForServiceWorkerControl(page);
      if (visit === 'returning') {
        await page.reload();
        await waitForServiceWorkerControl(page);
      }
      // Survives only as long as this page is not reloaded.
      await page.evaluate(() => Object.assign(window, { e2eMarker: true }));
      const notReloaded = () => page.evaluate(() => 'e2eMarker' in window);

      // Any byte change makes the browser install the worker as a new version.
      const original = readFileSync(swFile);
      writeFileSync(swFile, Buffer.concat([original, Buffer.from(`\n// e2e update ${Date.now()}\n`)]));
      try {
        await page.evaluate(async () => {
          await (await navigator.serviceWorker.getRegistration())?.update();
        });
        await expect.poll(() => waitingState(page)).toBe('installed');
        const prompt = page.getByRole('complementary', { name: 'Site update' });
        await expect(prompt).toBeVisible();

        // Left alone, it keeps waiting: no silent skipWaiting, no reload.
        await page.waitForTimeout(1_500);
        expect(await waitingState(page)).toBe('installed');
        expect(await notReloaded()).toBe(true);

        await prompt.getByRole('button', { name: 'Reload' }).click();
        await expect.poll(() => notReloaded().catch(() => true)).toBe(false);
        await waitForServiceWorkerControl(page);
        expect(await waitingState(page)).toBeNull();
        await expect(page.getByRole('complementary', { name: 'Site update' })).toHaveCount(0);
      } finally {
        writeFileSync(swFile, original);
      }
    });
  }

  test('a form being filled holds the update prompt; the new version takes over at the next page', async ({ page }) => {
    await page.goto('/about-us');
    await waitForServiceWorkerControl(page);
    await page.reload();
    await waitForServiceWorkerControl(page);
    await page.evaluate(() => Object.assign(window, { e2eMarker: true }));
    const notReloaded = () => page.evaluate(() => 'e2eMarker' in window);
    const message = page.locator('form.contact-form').getByLabel('Message');
    await message.fill('Half-written question about the clinic');

    const original = readFileSync(swFile);
    writeFileSync(swFile, Buffer.concat([original, Buffer.from(`\n// e2e update ${Date.now()}\n`)]));
    try {
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await expect.poll(() => waitingState(page)).toBe('installed');
      await page.waitForTimeout(1_500);
      await expect(page.getByRole('complementary', { name: 'Site update' })).toHaveCount(0);
      await message.pressSequentially(' and parking');
      await expect(message).toHaveValue('Half-written question about the clinic and parking');
      expect(await notReloaded()).toBe(true);
      expect(await waitingState(page)).toBe('installed');

      await page.getByRole('contentinfo').getByRole('link', { name: 'Events' }).click();
      await expect.poll(() => notReloaded().catch(() => true)).toBe(false);
      await expect(page).not.toHaveURL(/about-us/);
      await waitForServiceWorkerControl(page);
      expect(await waitingState(page)).toBeNull();
    } finally {
      writeFileSync(swFile, original);
    }
  });

  test('coming back to the foreground asks the worker to look for a new version', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    // The registration is recorded once the update prompt's lazy module has registered the worker.
    await page.waitForTimeout(1_000);
    const checks = await page.evaluate(async () => {
      let count = 0;
      const update = ServiceWorkerRegistration.prototype.update;
      ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
        count += 1;
        return update.call(this);
      };
      document.dispatchEvent(new Event('visibilitychange'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      return count;
    });
    expect(checks).toBe(1);
  });
});
