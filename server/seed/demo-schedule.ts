/**
 * When each demo event happens, worked out from "now" in UK time so the
 * demo always shows every card state, whatever day the database is seeded.
 */
import { addDays, londonDate, londonTime, londonToInstant, weekdayOf } from '../../src/domain/london-time';

export interface Timing {
  event_date: string;
  start_time: string;
  end_time: string;
}

const HOUR_MS = 3_600_000;
const MONDAY = 1;
const DAYTIME_FIRST_START = 9;
const DAYTIME_LAST_START = 16;
const MONDAY_LAST_START = 18;
const SESSION_HOURS = 3;

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** An ordinary daytime session `days` after today. */
export function onDay(now: Date, days: number, start = '10:00', end = '15:00'): Timing {
  return { event_date: addDays(londonDate(now), days), start_time: start, end_time: end };
}

/** Today, already begun (an hour ago, or midnight) and running to 23:59. */
export function ongoingToday(now: Date): Timing {
  const today = londonDate(now);
  const anHourAgo = new Date(now.getTime() - HOUR_MS);
  const start = londonDate(anHourAgo) === today ? clock(Math.floor(minutesOf(londonTime(anHourAgo)) / 60) * 60) : '00:00';
  return { event_date: today, start_time: start, end_time: '23:59' };
}

/** Ended about an hour ago: today when the clock allows, else yesterday evening. */
export function endedAnHourAgo(now: Date): Timing {
  const endedAt = new Date(now.getTime() - HOUR_MS);
  let date = londonDate(endedAt);
  let end = Math.floor(minutesOf(londonTime(endedAt)) / 5) * 5;
  // In the repeated hour when the clocks go back, a wall-clock time can name
  // the later of its two instants: step back an hour so it has truly ended.
  if (londonToInstant(date, clock(end)).getTime() > now.getTime() - HOUR_MS / 2) end -= 60;
  if (end < 10) {
    date = addDays(date, -1);
    end = 23 * 60 + 55;
  }
  return { event_date: date, start_time: clock(Math.max(0, end - SESSION_HOURS * 60)), end_time: clock(end) };
}

/** Whole-hour starts (09:00 to `lastStart`) from `fromDate` for `days` days, in order. */
function daytimeStarts(fromDate: string, days: number, lastStart = DAYTIME_LAST_START): Timing[] {
  const starts: Timing[] = [];
  for (let d = 0; d < days; d += 1) {
    const date = addDays(fromDate, d);
    for (let h = DAYTIME_FIRST_START; h <= lastStart; h += 1) {
      starts.push({ event_date: date, start_time: clock(h * 60), end_time: clock((h + SESSION_HOURS) * 60) });
    }
  }
  return starts;
}

const hoursUntil = (timing: Timing, now: Date) =>
  (londonToInstant(timing.event_date, timing.start_time).getTime() - now.getTime()) / HOUR_MS;

/**
 * The first daytime start between `minHours` and `maxHours` from now. Any
 * window of 18 h or more holds one, since the night gap is 17 h.
 */
export function startingWithin(now: Date, minHours: number, maxHours: number): Timing {
  const found = daytimeStarts(londonDate(now), 3).find((t) => {
    const hours = hoursUntil(t, now);
    return hours >= minHours && hours <= maxHours;
  });
  if (!found) throw new Error(`No daytime start between ${minHours} h and ${maxHours} h from ${now.toISOString()}`);
  return found;
}

/**
 * The nearest Monday start more than 24 hours away. It lands within 48 hours
 * (so the Monday rule closes booking) whenever the calendar allows; Monday
 * evening sessions (to 18:00) widen the days on which it can.
 */
export function nextMondayBeyond24h(now: Date): Timing {
  const found = daytimeStarts(londonDate(now), 15, MONDAY_LAST_START).find(
    (t) => weekdayOf(t.event_date) === MONDAY && hoursUntil(t, now) > 24.5,
  );
  if (!found) throw new Error('No Monday within two weeks');
  return found;
}
