/**
 * An event page already seen opens from the device
 * (docs/decisions/0011-field-app.md) with the network off in under 500 ms to
 * its name and address (from the start of the navigation to both being on
 * screen, read by the page's own clock).
 */
import { expect, test } from './support/test';
import type { ScreeningEvent } from '../../src/domain/event';
import { waitForPersisted, waitForServiceWorkerControl } from './support/pwa';

const BUDGET_MS = 500;

test('a seen event page opens offline to its name and address in under 500 ms', async ({ page, context, request }) => {
  const { events } = (await (await request.get('/api/events')).json()) as { events: ScreeningEvent[] };
  const event = events.find((e) => !e.is_private);
  if (!event) throw new Error('the demo data has no public event');
  await page.goto(`/event/${event.event_id}`);
  await waitForServiceWorkerControl(page);
  await page.reload();
  await expect(page.getByText(event.event_name).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(event.address_line_1).first()).toBeVisible();
  await waitForPersisted(page, event.event_id);

  await context.setOffline(true);
  try {
    // The first offline open warms the browser's own caches, as a phone's
    // would be; the next three are timed and their median is held to the
    // budget, so one open slowed by a busy machine does not decide it.
    const times: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      await page.reload({ waitUntil: 'commit' });
      const shown = await page.waitForFunction(
        ({ name, address }) => {
          const text = document.body?.innerText ?? '';
          return text.includes(name) && text.includes(address) ? performance.now() : false;
        },
        { name: event.event_name, address: event.address_line_1 },
        { polling: 'raf', timeout: 15_000 },
      );
      times.push((await shown.jsonValue()) as number);
    }
    test.info().annotations.push({ type: 'offline open (ms)', description: times.map((t) => t.toFixed(0)).join(', ') });
    console.log(`offline open of a seen event page: ${times.map((t) => `${t.toFixed(0)} ms`).join(', ')}`);
    const warm = times.slice(1).sort((a, b) => a - b);
    expect(warm[1]).toBeLessThan(BUDGET_MS);
  } finally {
    await context.setOffline(false);
  }
});
