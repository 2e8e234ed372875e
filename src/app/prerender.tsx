/**
 * Build-time rendering of the pages whose words do not depend on who reads
 * them or on the API (scripts/prerender-plugin.ts). A first visit then
 * paints the page from the HTML while the code loads, and the code hydrates
 * it (main.tsx). Data from the API shows its loading state here, as it does
 * on the phone before the answer arrives; the session is signed out.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { paths } from './paths';
import { AppRoutes } from './routes';

/** Content pages a first visit may open at: no parameters, no member data. */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home,
  paths.aboutUs,
  paths.research,
  paths.supportUs,
  paths.events,
  paths.corporateScreening,
  paths.communityScreening,
  paths.seminarTalks,
  paths.chapsScreeningEvent,
  paths.informationHub,
  paths.statistics,
  paths.elderlyPsaTesting,
  paths.news,
  paths.patientJourney,
  paths.refundPolicy,
  paths.privacyPolicy,
  paths.worldCancerDayPoster,
];

/** The markup inside #root for a path, every lazy page and section loaded. */
export async function renderPath(path: string): Promise<string> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>,
  );
  return new Response(prelude).text();
}
