/**
 * Bank holidays of England and Wales, from the date-holidays package
 * (pinned; its rules are maintained upstream, substitute days included),
 * rather than a hand-typed list that goes stale every year. Only public
 * holidays count: the package also lists observances (Mother's Day ...).
 */
import Holidays from 'date-holidays';

const england = new Holidays('GB', 'ENG');
const byYear = new Map<number, string[]>();

function holidaysOf(year: number): string[] {
  let dates = byYear.get(year);
  if (!dates) {
    dates = england
      .getHolidays(year)
      .filter((h) => h.type === 'public')
      .map((h) => h.date.slice(0, 10));
    byYear.set(year, dates);
  }
  return dates;
}

/** The bank holidays from `fromDate` up to `toDate` (YYYY-MM-DD), as a set of dates. */
export function bankHolidaysBetween(fromDate: string, toDate: string): Set<string> {
  const set = new Set<string>();
  for (let year = Number(fromDate.slice(0, 4)); year <= Number(toDate.slice(0, 4)); year += 1) {
    for (const date of holidaysOf(year)) set.add(date);
  }
  return set;
}
