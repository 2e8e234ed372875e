/**
 * Playwright's test, with every browser context on the run's clock
 * (./clock.ts): the default page's and each one a journey opens itself.
 * The journeys import `test` and the rest from here.
 */
import { test as base } from '@playwright/test';
import { onRunClockAlways } from './clock';

export * from '@playwright/test';

export const test = base.extend({
  browser: [async ({ browser }, use) => use(onRunClockAlways(browser)), { scope: 'worker' }],
});
