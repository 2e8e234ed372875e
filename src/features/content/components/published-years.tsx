/**
 * The charity's yearly figures on the public pages
 * (docs/decisions/0022-screening-statistics.md): each year staff published from
 * the database, its latest snapshot (GET /api/statistics/published, kept on the
 * device by the query cache, so it reads offline too), and the charity's
 * typed-in years for the rest. Rendered ahead of time with the typed-in years
 * only (docs/decisions/0012-rendered-pages.md): each published year replaces
 * its typed-in one or joins them once the answer, or the saved copy, is there.
 */
import { formatLongDate } from '@/domain/format';
import { londonDate } from '@/domain/london-time';
import { publicYears, type YearFigures } from '@/domain/published-statistics';
import { fromDataNote, typedYearFigures } from '@/content/pages/research';
import { usePublishedStatistics } from '@/lib/published-statistics';
import { CopyBody } from './copy';

/** The years, newest first. */
export function usePublicYears(): YearFigures[] {
  return publicYears(usePublishedStatistics().data, typedYearFigures);
}

/** "5 January 2026": the UK date a year from the data was published; null for a typed-in year. */
export const publishedOn = (figures: YearFigures): string | null => (figures.publishedAt ? formatLongDate(londonDate(new Date(figures.publishedAt))) : null);

export function YearSection({ figures, heading }: { figures: YearFigures; heading: string }) {
  const on = publishedOn(figures);
  return (
    <section className="copy-section" data-figures={figures.fromData ? 'published' : 'typed'}>
      <h2>{heading}</h2>
      <CopyBody body={[figures.lines]} />
      {on && <p className="hint">{fromDataNote(on)}</p>}
    </section>
  );
}

export function PublishedYears() {
  const years = usePublicYears();
  return (
    <>
      {years.map((y) => (
        <YearSection key={y.year} figures={y} heading={String(y.year)} />
      ))}
    </>
  );
}
