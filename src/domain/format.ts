/** en-GB presentation of money, dates and times, the same on every device. */
import { UK_TIME_ZONE } from './london-time';
import { once } from './once';

export const EVENT_NAME_DISPLAY_MAX = 24;

const pounds = once(() => new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }));

/** 2500 -> "£25.00". */
export function formatPence(pence: number): string {
  return pounds().format(pence / 100);
}

/** The price line of an event: shown only when it costs something. */
export function displayPrice(pence: number | null | undefined): string | null {
  return typeof pence === 'number' && pence > 0 ? formatPence(pence) : null;
}

const longDate = once(
  () => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
);

/** "2026-11-23" -> "Monday, 23 November 2026". The date is already a UK calendar date. */
export function formatLongDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return longDate().format(new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1)));
}

/** "9:05" or "09:05:00" -> "09:05". */
export function formatTime(time: string): string {
  const [h = '0', m = '0'] = time.split(':');
  return `${h.padStart(2, '0')}:${m.padStart(2, '0')}`;
}

/** Event names on cards are cut to 24 characters, with an ellipsis when cut. */
export function truncateName(name: string, max = EVENT_NAME_DISPLAY_MAX): string {
  return name.length > max ? `${name.slice(0, max).trimEnd()}…` : name;
}

const savedAt = once(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: UK_TIME_ZONE,
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
);

/** When an offline copy was saved: "21 November 2026 at 22:15" (UK time). */
export function formatSavedAt(epochMs: number): string {
  return savedAt().format(new Date(epochMs));
}

/** "2026-06-20" -> "20/06/2026" (the order description of docs/rules.md#card-payment; docs/rules.md#time-and-formats). */
export function formatDayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
