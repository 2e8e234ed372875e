/**
 * The charity's yearly figures on the public pages (issue 20): the latest
 * year staff published from the database (GET /api/statistics/published,
 * kept on the device by the query cache, so it reads offline too) and
 * SPEC's typed-in years for the rest. Rendered ahead of time with the
 * typed-in years only (ADR 0012): the published year replaces or joins
 * them once the answer, or the saved copy, is there (docs/decisions/0022).
 */
import { formatLongDate } from '@/domain/format';
import { londonDate } from '@/domain/london-time';
import { publicYears, type YearFigures } from '@/domain/published-statistics';
import { fromDataNote, typedYearFigures } from '@/content/pages/research';
import { usePublishedStatistics } from '@/lib/published-statistics';
import { CopyBody } from './copy';

/** The years, newest first, and when the one from the data was published. */
export function usePublicYears(): { years: YearFigures[]; publishedOn: string | null } {
  const published = usePublishedStatistics().data;
  return { years: publicYears(published, typedYearFigures), publishedOn: published ? formatLongDate(londonDate(new Date(published.published_at))) : null };
}

export function YearSection({ figures, heading, publishedOn }: { figures: YearFigures; heading: string; publishedOn: string | null }) {
  return (
    <section className="copy-section" data-figures={figures.fromData ? 'published' : 'typed'}>
      <h2>{heading}</h2>
      <CopyBody body={[figures.lines]} />
      {figures.fromData && publishedOn && <p className="hint">{fromDataNote(publishedOn)}</p>}
    </section>
  );
}

export function PublishedYears() {
  const { years, publishedOn } = usePublicYears();
  return (
    <>
      {years.map((y) => (
        <YearSection key={y.year} figures={y} heading={String(y.year)} publishedOn={publishedOn} />
      ))}
    </>
  );
}
