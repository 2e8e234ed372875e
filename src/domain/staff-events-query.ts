/**
 * Which events GET /api/staff/events answers with
 * (docs/decisions/0033-staff-and-member-reads-at-scale.md): the console
 * lists a page of events around today, and pages further back or ahead
 * by date, never every event the charity has held.
 *
 * - no parameter: the next STAFF_EVENTS_PAGE events from today on and the
 *   latest STAFF_EVENTS_PAGE before today (today is London's date);
 * - `before=YYYY-MM-DD`: the latest STAFF_EVENTS_PAGE events dated before that day;
 * - `from=YYYY-MM-DD`: the first STAFF_EVENTS_PAGE events dated on or after that day.
 *
 * A page holds whole days: the events of its last day all come with it,
 * so a day never splits between two pages and paging by date alone
 * neither repeats nor skips an event. Each answer says where the next
 * pages start (`earlier` for `before=`, `later` for `from=`), or null when
 * there is nothing more that way. Unknown parameters are ignored, as the
 * public listing ignores them; a repeated, malformed or unreal date, or
 * both at once, is refused.
 */
import { isIsoDate } from './london-time';
import { textRule, z } from './schema-kit';

/** Events per page, each way: a couple of weeks of a national programme's days, a couple of months of the charity's now. */
export const STAFF_EVENTS_PAGE = 25;

/** Where a page starts: around today, before a day, or from a day. */
export type StaffEventsWindow = { around: 'today' } | { before: string } | { from: string };

const dateParam = (name: string) =>
  z.optional(
    z.pipe(
      z.array(z.string()).check(textRule<string[]>((list) => list.length === 1, `${name} must be given once.`)),
      z.pipe(
        z.transform((list: string[]) => list[0]!),
        z.string().check(textRule<string>((text) => isIsoDate(text), `${name} must be a real date, YYYY-MM-DD.`)),
      ),
    ),
  );

/** The query's parameters (each as the list Hono's queries() gives) as a window; parseOr422 answers 422 with the issues. */
export const staffEventsQuerySchema = z.pipe(
  z.object({ before: dateParam('before'), from: dateParam('from') }).check(
    textRule<{ before?: string; from?: string }>((q) => q.before === undefined || q.from === undefined, 'Give before or from, not both.'),
  ),
  z.transform((q): StaffEventsWindow => (q.before !== undefined ? { before: q.before } : q.from !== undefined ? { from: q.from } : { around: 'today' })),
);

/** The query string for a window (empty around today). */
export function staffEventsSearch(window: StaffEventsWindow): string {
  if ('before' in window) return `?before=${window.before}`;
  if ('from' in window) return `?from=${window.from}`;
  return '';
}
