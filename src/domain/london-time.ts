/**
 * UK wall-clock time. Event dates and times are stored as Europe/London
 * wall-clock values ("2026-03-29", "10:30"); every rule that compares them
 * with "now" converts through here, so a phone set to another zone sees the
 * same answer as one in London, including across a clock change.
 */
import { once } from './once';

export const UK_TIME_ZONE = 'Europe/London';

const MINUTE_MS = 60_000;

const partsFormat = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: UK_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

// formatToParts is the costly step (a home page's three cards once spent 20 ms in it on a
// slow phone): one call per instant, not one per field.
function wallClock(instant: Date): WallClock {
  const clock: WallClock = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of partsFormat().formatToParts(instant)) {
    if (part.type in clock) clock[part.type as keyof WallClock] = Number(part.value);
  }
  return clock;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Minutes London is ahead of UTC at this instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: Date): number {
  const w = wallClock(instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE_MS);
}

function parseDate(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y ?? NaN, m ?? NaN, d ?? NaN];
}

function parseTime(time: string): [number, number] {
  const [h, m] = time.split(':').map(Number);
  return [h ?? NaN, m ?? NaN];
}

// Each event's start and end are asked for many times a render (sorting compares them in
// pairs); the answer for a date and time never changes, so it is worked out once.
const instants = new Map<string, number>();
const MAX_KEPT_INSTANTS = 2000;

/** The instant at which London's clocks show this date and time. */
export function londonToInstant(date: string, time: string): Date {
  const key = `${date}T${time}`;
  const kept = instants.get(key);
  if (kept !== undefined) return new Date(kept);
  const [y, mo, d] = parseDate(date);
  const [h, mi] = parseTime(time);
  const naive = Date.UTC(y, mo - 1, d, h, mi);
  // Two passes settle the offset either side of a clock change.
  let guess = naive - londonOffsetMinutes(new Date(naive)) * MINUTE_MS;
  guess = naive - londonOffsetMinutes(new Date(guess)) * MINUTE_MS;
  if (instants.size >= MAX_KEPT_INSTANTS) instants.clear();
  instants.set(key, guess);
  return new Date(guess);
}

/** London's calendar date (YYYY-MM-DD) at an instant. */
export function londonDate(instant: Date): string {
  const w = wallClock(instant);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** London's wall-clock time (HH:mm) at an instant. */
export function londonTime(instant: Date): string {
  const w = wallClock(instant);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** Day of the week of a calendar date: 0 Sunday ... 1 Monday ... 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** One calendar month on; the 31st of January becomes the last day of February. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parseDate(date);
  const lastDay = new Date(Date.UTC(y, m - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m - 1 + months, Math.min(d, lastDay))).toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = parseDate(value);
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

export function isClockTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}
