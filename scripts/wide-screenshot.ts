/**
 * `npx tsx scripts/wide-screenshot.ts [SITE]`: photographs the events
 * listing of a running site (default http://localhost:3000) at 1280 x 800
 * into public/screenshots/events-wide.png, the manifest's `form_factor:
 * "wide"` screenshot: with it, desktop Chromium shows its richer install
 * dialog rather than the plain one. Uses the machine's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium), as the browser tests do.
 */
import { chromium } from '@playwright/test';

const WIDTH = 1280;
const HEIGHT = 800;

async function main(): Promise<void> {
  const site = process.argv[2] ?? 'http://localhost:3000';
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT }, locale: 'en-GB', timezoneId: 'Europe/London' });
    await page.goto(`${site}/book-event-main`);
    await page.getByRole('status').filter({ hasText: /\d+ events? found/ }).waitFor({ timeout: 20_000 });
    await page.locator('.leaflet-marker-icon').first().waitFor({ timeout: 20_000 });
    // The results and the map fill the picture, with the page's header scrolled away.
    await page.getByRole('heading', { name: 'Upcoming events', level: 2 }).evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 16));
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: 'public/screenshots/events-wide.png' });
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
