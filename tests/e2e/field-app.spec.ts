/**
 * The site as an app in the field (docs/decisions/0011-field-app.md): the
 * footer's Install button follows the browser's own events (simulated here:
 * Chromium fires beforeinstallprompt only on its own engagement rules), iOS
 * Safari gets the Add to Home Screen steps, an installed app offers nothing;
 * and a member's 'Offline data' panel shows what the device keeps and removes
 * it.
 */
import { expect, test, type Page } from './support/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { bookThroughApi, freePublicEvents, freeSlots } from './support/booking';
import { createMember, signInAt } from './support/members';
import { indexedDbText, waitForPersisted, waitForServiceWorkerControl } from './support/pwa';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Fires a beforeinstallprompt whose prompt() records that it was called. */
function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
  return page.evaluate((choice) => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: () => {
        (window as unknown as { e2ePrompted: number }).e2ePrompted = ((window as unknown as { e2ePrompted?: number }).e2ePrompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: choice }),
    });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  }, outcome);
}

const promptCount = (page: Page) => page.evaluate(() => (window as unknown as { e2ePrompted?: number }).e2ePrompted ?? 0);

test.describe('install', () => {
  test('the Install button appears when the browser offers it, prompts once, and goes once installed', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const install = footer.getByRole('button', { name: 'Install the app' });
    await expect(footer.getByRole('heading', { name: 'Quick links' })).toBeVisible();
    await expect(install).toHaveCount(0);
    // Read down to as a reader would: the footer's offer is drawn once it is in view (ADR 0023).
    await footer.scrollIntoViewIfNeeded();

    expect(await offerInstall(page, 'dismissed')).toBe(true);
    await expect(install).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await install.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => promptCount(page)).toBe(1);
    // A prompt event can be used once; dismissed, the button waits for the browser to offer again.
    await expect(install).toHaveCount(0);

    await offerInstall(page, 'accepted');
    await expect(install).toBeVisible();
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await expect(install).toHaveCount(0);
    await expect(footer.getByRole('heading', { name: 'Get the app' })).toHaveCount(0);
  });

  test('running as an installed app, nothing is offered', async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) =>
        query.includes('display-mode: standalone') ? ({ ...original(query), matches: true, media: query } as MediaQueryList) : original(query);
    });
    await page.goto('/');
    await offerInstall(page, 'accepted');
    await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'Quick links' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
  });

  test('iOS Safari gets the Add to Home Screen steps', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    try {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      const steps = footer.getByText('How to add this site to your Home Screen');
      // Read down to as a reader would: the footer's offer is drawn once it is in view (ADR 0023).
      await footer.scrollIntoViewIfNeeded();
      await expect(steps).toBeVisible();
      await steps.click();
      await expect(footer.getByText(/Scroll down and tap .Add to Home Screen./)).toBeVisible();
      await expect(footer.getByRole('button', { name: 'Install the app' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
    } finally {
      await context.close();
    }
  });
});

test.describe('offline data', () => {
  test('a member with a booking is asked to keep it, sees what is kept, and removes it all', async ({ page, request }) => {
    await page.addInitScript(() => {
      const persist = StorageManager.prototype.persist;
      StorageManager.prototype.persist = function (this: StorageManager) {
        (window as unknown as { e2ePersistAsked: boolean }).e2ePersistAsked = true;
        return persist.call(this);
      };
    });
    const member = await createMember(request, { firstName: 'Neville' });
    const events = await freePublicEvents(request);
    const event = events[events.length - 3]!;
    const [slot] = await freeSlots(request, event);
    const booking = await bookThroughApi(request, member, event, slot!);

    // A viewed event page with its map: its tiles land in the worker's cache.
    await page.goto(`/event/${event.event_id}`);
    await waitForServiceWorkerControl(page);
    await page.reload();
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('map-tiles'))).toBe(true);

    await signInAt(page, member, '/my-bookings');
    await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('listitem', { name: event.event_name })).toBeVisible();
    await expect.poll(() => page.evaluate(() => 'e2ePersistAsked' in window)).toBe(true);
    // The bookings list itself (not only the event page seen before) is in the saved copy.
    await waitForPersisted(page, booking.appointment_id);

    await page.getByRole('navigation', { name: 'Account pages' }).getByRole('link', { name: 'Profile' }).click();
    const panel = page.getByRole('region', { name: 'Offline data' });
    const kept = panel.getByRole('list', { name: 'Kept on this device' });
    await expect(kept).toContainText('Your bookings: 1');
    await expect(kept).toContainText(/Map pieces you have viewed: \d+/);
    // en-GB, UK time: "23 November 2026 at 14:05".
    await expect(panel).toContainText(/Saved \d{1,2} [A-Z][a-z]+ \d{4} at \d\d:\d\d\./);
    await expect(panel).toContainText(/Space used by this site, including the site itself \(\d+ files\): [\d.]+ (KB|MB)/);
    await expectNoSeriousA11yViolations(page);

    await panel.getByRole('button', { name: 'Remove from this device' }).click();
    await expect(panel.getByRole('status')).toHaveText('Removed from this device. Pages you open from now on are saved again.');
    await expect(panel).toContainText('Nothing you have viewed is kept on this device.');
    expect(await indexedDbText(page)).not.toContain(event.event_name);
    const cacheNames = await page.evaluate(() => caches.keys());
    expect(cacheNames.filter((name) => !name.startsWith('workbox-precache'))).toEqual([]);
    // The site itself stays, so it still opens with no signal.
    expect(cacheNames.some((name) => name.startsWith('workbox-precache'))).toBe(true);
  });
});
