/** Pages that are copy and a call to action: policies, research, guidance, support and the poster. */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { privacyPolicy, refundPolicy } from '@/content/pages/policies';
import { elderlyPsaTesting, fromDataNote, latestFiguresHeading, research2023, statistics } from '@/content/pages/research';
import { site } from '@/content/site';
import { supportUs, worldCancerDayPoster } from '@/content/pages/support';
import { CopyPage } from '../components/copy-page';
import { PublishedYears, publishedOn, usePublicYears, YearSection } from '../components/published-years';

const BookButton = () => (
  <p>
    <Link to={paths.bookEventMain} className="button button-primary">
      BOOK AN EVENT
    </Link>
  </p>
);

export const RefundPolicyPage = () => <CopyPage page={refundPolicy} />;
export const PrivacyPolicyPage = () => <CopyPage page={privacyPolicy} />;

/** The 2023 summary as typed in; a published 2023 replaces its list, and the newest published year comes first when later. */
export function ResearchPage() {
  const years = usePublicYears();
  const summaryYear = 2023;
  const summary = years.find((y) => y.fromData && y.year === summaryYear);
  const latest = years.find((y) => y.fromData);
  const note = summary && publishedOn(summary);
  const page = summary
    ? { ...research2023, sections: research2023.sections.map((s, i) => (i === 0 ? { ...s, body: [summary.lines, ...(note ? [fromDataNote(note)] : [])] } : s)) }
    : research2023;
  return (
    <CopyPage fetched page={page} before={latest && latest.year > summaryYear && <YearSection figures={latest} heading={latestFiguresHeading(latest.year)} />}>
      <p>
        <Link to={paths.statistics}>See our statistics by year</Link>
      </p>
    </CopyPage>
  );
}

export const StatisticsPage = () => (
  <CopyPage fetched page={statistics} before={<PublishedYears />}>
    <p>
      <Link to={paths.research}>Read the research summary 2023</Link>
    </p>
    <BookButton />
  </CopyPage>
);

export const ElderlyPsaTestingPage = () => <CopyPage page={elderlyPsaTesting} />;

export const SupportUsPage = () => (
  <CopyPage page={supportUs}>
    <p>
      <a href={site.donateUrl} target="_blank" rel="noopener noreferrer" className="button button-primary">
        BECOME A SUPPORTER<span className="visually-hidden"> (opens our fundraising page in a new tab)</span>
      </a>
    </p>
  </CopyPage>
);

export const WorldCancerDayPosterPage = () => (
  <CopyPage page={worldCancerDayPoster}>
    <p>
      <img src="/images/poster.svg" alt={worldCancerDayPoster.posterAlt} width={420} height={594} className="poster-picture" />
    </p>
    <p>
      <a href="/images/poster.svg" download="chaps-world-cancer-day-poster.svg">
        Download the poster (SVG image)
      </a>
    </p>
  </CopyPage>
);
