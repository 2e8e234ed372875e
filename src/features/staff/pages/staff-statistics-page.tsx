/**
 * /staff/statistics: the year's screening figures from the database
 * (docs/decisions/0022-screening-statistics.md), filtered by year and event
 * type (kept in the address, so a reload or a shared link shows the same),
 * downloaded as CSV, and published for the public pages: only a year that has
 * ended (UK time); Publish asks once more, warning when the year is out
 * already, then stores the year's figures for every event type together
 * (docs/decisions/0022).
 */
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { londonDate } from '@/domain/london-time';
import { publishedLines } from '@/domain/published-statistics';
import { EVENT_TYPE_FILTERS, EVENT_TYPE_LABELS, isPublishableYear, statisticsCsvName, yearNotOverMessage, type EventTypeFilter } from '@/domain/screening-stats';
import { SMALL_NUMBER_LIMIT } from '@/domain/small-numbers';
import { paths } from '@/lib/paths';
import { usePublishedStatistics } from '@/lib/published-statistics';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useNow } from '@/lib/use-now';
import { downloadStatisticsCsv, usePublish, useStatistics } from '../api/statistics';
import { RequireStaff } from '../components/require-staff';
import { StatisticsTables } from '../components/statistics-tables';
import '../staff.css';
import '../statistics.css';

const when = (iso: string) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(iso));
/** 2026, 2025 and 2024. */
const listed = (years: number[]) => (years.length < 2 ? years.join('') : `${years.slice(0, -1).join(', ')} and ${years.at(-1)}`);
const typeLabel = (type: EventTypeFilter) => (type === 'all' ? 'All event types' : EVENT_TYPE_LABELS[type]);

/** Publish: only a year that is over, asked once more, with a warning when the year is out already (docs/decisions/0022). */
function Publish({ year, thisYear, onChooseYear }: { year: number; thisYear: number; onChooseYear: (year: number) => void }) {
  const publish = usePublish();
  const published = usePublishedStatistics();
  const [asking, setAsking] = useState<number | null>(null);
  const years = published.data ?? [];
  const current = years.find((y) => y.year === year);
  return (
    <section className="statistics-publish" aria-labelledby="publish-title">
      <h2 id="publish-title">The public statistics page</h2>
      <p role="status">
        {published.isPending
          ? ''
          : years.length === 0
            ? 'Nothing published from the data yet: it shows the figures typed in for 2023 and 2024.'
            : current
              ? `The public page shows ${year} as published on ${when(current.published_at)}: ${publishedLines(current.figures).join('; ')}.`
              : `${year} is not published; the public page shows ${listed(years.map((y) => y.year))} from the data.`}
      </p>
      {!isPublishableYear(year, thisYear) ? (
        <div className="staff-toolbar">
          <p>
            {yearNotOverMessage(year)} Its figures change with every result, and two versions a result apart could point at one man.
          </p>
          <button type="button" className="button" onClick={() => onChooseYear(thisYear - 1)}>
            Show {thisYear - 1}
          </button>
        </div>
      ) : asking === year ? (
        <div className="staff-toolbar">
          <p>
            The public pages will show these figures for {year}, every event type together, in place of what they show for {year} now.
            {current &&
              ` ${year} was published on ${when(current.published_at)}: publish again only to correct it. It can be published again only once every figure that has changed since has changed by ${SMALL_NUMBER_LIMIT} or more, so that comparing the two cannot point at one man's result.`}{' '}
            Publish them?
          </p>
          <button
            type="button"
            className="button button-primary"
            disabled={publish.isPending}
            onClick={() => publish.mutate(year, { onSettled: () => setAsking(null) })}
          >
            Yes, publish {year}
          </button>
          <button type="button" className="button" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => {
            publish.reset();
            setAsking(year);
          }}
        >
          {current ? `Publish ${year} again` : `Publish ${year}`}
        </button>
      )}
      {publish.error && (
        <p className="form-failure" role="alert">
          Not published: {publish.error.message}
        </p>
      )}
    </section>
  );
}

function Statistics({ userId }: { userId: string }) {
  const thisYear = Number(londonDate(useNow()).slice(0, 4));
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 2000 && asked <= thisYear ? asked : thisYear;
  const type = (EVENT_TYPE_FILTERS as readonly string[]).includes(params.get('event_type') ?? '') ? (params.get('event_type') as EventTypeFilter) : 'all';
  const stats = useStatistics(userId, year, type);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const id = useId();
  const years = [...new Set([thisYear, ...(stats.data?.years ?? []), year])].sort((a, b) => b - a);
  const choose = (next: { year?: number; event_type?: EventTypeFilter }) =>
    setParams({ year: String(next.year ?? year), event_type: next.event_type ?? type }, { replace: true });

  const download = () => {
    setDownloadError(null);
    downloadStatisticsCsv(year, type, statisticsCsvName({ year, event_type: type })).catch((error: Error) => setDownloadError(`Not downloaded: ${error.message}`));
  };

  return (
    <div className="page staff-page">
      <p>
        <Link className="staff-link" to={paths.staff}>Back to events</Link>
      </p>
      <h1>Screening statistics</h1>
      <p>
        From every result in the database, by the UK date of its sample. Counts from 0 to {SMALL_NUMBER_LIMIT - 1} read “not shown”, and so do
        other counts where a hidden one could otherwise be worked out from the totals shown, from the other event types' figures or from an earlier published
        version of the year.
      </p>
      <form className="statistics-filters" onSubmit={(e) => e.preventDefault()} aria-label="Which figures">
        <label htmlFor={`${id}-year`}>
          Year
          <select id={`${id}-year`} value={year} onChange={(e) => choose({ year: Number(e.target.value) })}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${id}-type`}>
          Event type
          <select id={`${id}-type`} value={type} onChange={(e) => choose({ event_type: e.target.value as EventTypeFilter })}>
            {EVENT_TYPE_FILTERS.map((t) => (
              <option key={t} value={t}>
                {typeLabel(t)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <div className="staff-toolbar">
        <button type="button" className="button" onClick={download}>
          Download CSV<span className="visually-hidden">: {year}, {typeLabel(type)}</span>
        </button>
      </div>
      {downloadError && (
        <p className="form-failure" role="alert">
          {downloadError}
        </p>
      )}
      {stats.data ? (
        <section aria-labelledby="figures-title" aria-busy={stats.isPlaceholderData}>
          <h2 id="figures-title">
            {stats.data.figures.year}: {typeLabel(stats.data.figures.event_type)}
          </h2>
          <StatisticsTables figures={stats.data.figures} />
        </section>
      ) : stats.error ? (
        <p className="form-failure" role="alert">
          {stats.error.message}
        </p>
      ) : (
        <Spinner label="Loading the figures" />
      )}
      <Publish year={year} thisYear={thisYear} onChooseYear={(y) => choose({ year: y })} />
    </div>
  );
}

export default function StaffStatisticsPage() {
  useDocumentTitle('Screening statistics');
  return <RequireStaff needs="clinical">{(member) => <Statistics userId={member.userId} />}</RequireStaff>;
}
