/**
 * The run's one clock (support/clock.ts): the server, this process and a
 * page, in the default context and in one a journey opens itself, agree on
 * the time, and a run started at any hour sees the morning it was set to,
 * with an event later today still ahead of it.
 */
import { londonTime } from '../../src/domain/london-time';
import { E2E_START_TIME } from './support/clock';
import { expect, test, type APIRequestContext } from './support/test';

const serverNow = async (request: APIRequestContext) =>
  new Date(((await (await request.get('/dev/clock')).json()) as { now: string }).now).getTime();

test('the server, the journeys and the browser share one clock, set to the morning', async ({ page, browser, request }) => {
  await page.goto('/');
  const pageNow = await page.evaluate(() => Date.now());
  const own = await browser.newContext();
  const ownPage = await own.newPage();
  await ownPage.goto('/');
  const ownNow = await ownPage.evaluate(() => [Date.now(), new Date().getTime(), Date.parse(Date())]);
  await own.close();
  const server = await serverNow(request);
  const here = Date.now();

  for (const t of [pageNow, ...ownNow]) expect(Math.abs(t - here), 'a page’s clock against the journey’s').toBeLessThan(60_000);
  expect(Math.abs(server - here), 'the server’s clock against the journey’s').toBeLessThan(60_000);
  // A built date is the date it was built from, not moved.
  expect(await page.evaluate(() => new Date('2026-03-01T12:00:00Z').toISOString())).toBe('2026-03-01T12:00:00.000Z');
  expect(await page.evaluate(() => new Date(0) instanceof Date && Date.UTC(2026, 0, 1) === 1767225600000)).toBe(true);

  if (process.env.E2E_CLOCK_OFFSET_MINUTES !== '0') {
    // The whole run takes well under two hours, however late in the day it was started.
    const time = londonTime(new Date(server));
    expect(time >= E2E_START_TIME && time < '12:00', `the server’s UK time ${time}`).toBe(true);
  }
});
