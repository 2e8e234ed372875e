/**
 * The journeys' one clock. Their events are made "later today" and need
 * appointment times still ahead, which in the late evening there are not,
 * and they run for a quarter of an hour: so the whole run sees the same
 * morning, whenever it is started. The server starts its clock ahead of the
 * machine's by E2E_CLOCK_OFFSET_MINUTES (DEV_CLOCK_OFFSET_MINUTES, outside
 * production only), and the journeys' own Node processes and every browser
 * page see Date moved ahead by as much. Only Date moves: timers and the
 * durations Playwright measures run on the machine's time, as they would.
 *
 * The first process to load playwright.config.ts works the offset out and
 * hands it to the workers, which load it again, through the environment.
 * E2E_CLOCK_OFFSET_MINUTES=0 runs on the machine's clock.
 */
import type { Browser, BrowserContext } from '@playwright/test';
import { addDays, londonDate, londonToInstant } from '../../../src/domain/london-time';

/** The UK time of day the server, the journeys and the browsers see when a run starts. */
export const E2E_START_TIME = '10:00';

const MINUTE_MS = 60_000;

/** Whole minutes from `now` to the next E2E_START_TIME in London, rounded up (0 to 1440). */
export function minutesToStart(now: Date): number {
  const today = londonDate(now);
  let start = londonToInstant(today, E2E_START_TIME);
  if (start.getTime() < now.getTime()) start = londonToInstant(addDays(today, 1), E2E_START_TIME);
  return Math.ceil((start.getTime() - now.getTime()) / MINUTE_MS);
}

/** The run's offset in minutes: the one handed down, or worked out now and handed down. */
export function e2eClockOffsetMinutes(): number {
  const given = process.env.E2E_CLOCK_OFFSET_MINUTES;
  if (given !== undefined && given !== '') {
    if (!/^\d{1,4}$/.test(given)) throw new Error(`E2E_CLOCK_OFFSET_MINUTES must be a whole number of minutes (got ${JSON.stringify(given)})`);
    return Number(given);
  }
  const minutes = minutesToStart(new Date());
  process.env.E2E_CLOCK_OFFSET_MINUTES = String(minutes);
  return minutes;
}

/**
 * Moves `Date` of the realm it runs in ahead by `offsetMs`: `new Date()`,
 * `Date()` and `Date.now()`; a date built from a value is that value. Once
 * per realm. Self-contained, so a page can run it as an init script.
 */
export function shiftDate(offsetMs: number): void {
  const realm = globalThis as unknown as { Date: DateConstructor; __e2eDateShifted?: boolean };
  if (realm.__e2eDateShifted || offsetMs === 0) return;
  const Real = realm.Date;
  function Shifted(this: unknown, ...args: unknown[]): unknown {
    if (!new.target) return new Real(Real.now() + offsetMs).toString();
    return args.length === 0 ? new Real(Real.now() + offsetMs) : new (Real as unknown as new (...a: unknown[]) => Date)(...args);
  }
  Object.setPrototypeOf(Shifted, Real);
  Object.defineProperty(Shifted, 'prototype', { value: Real.prototype });
  Object.defineProperty(Shifted, 'now', { value: () => Real.now() + offsetMs, writable: true, configurable: true });
  realm.Date = Shifted as unknown as DateConstructor;
  realm.__e2eDateShifted = true;
}

/** Every page of `context` sees the run's clock, from before its own scripts run. */
export async function onRunClock(context: BrowserContext): Promise<BrowserContext> {
  const offsetMs = e2eClockOffsetMinutes() * MINUTE_MS;
  if (offsetMs > 0) await context.addInitScript(shiftDate, offsetMs);
  return context;
}

/** Every context `browser` makes from now on (and so every page) sees the run's clock. */
export function onRunClockAlways(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => onRunClock(await newContext(options));
  return browser;
}
