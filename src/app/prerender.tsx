/**
 * Rendering pages to HTML outside the browser (scripts/prerender-plugin.ts
 * at build time, server/modules/site/rendered-pages.ts per request), so a first
 * visit paints the page's words before the code arrives; the code then
 * hydrates them (main.tsx).
 *
 * At build time: the pages whose words do not depend on who reads them.
 * Data from the API shows its loading state there, as it does on a phone
 * before the answer arrives; the session is signed out.
 *
 * Per request: an event's page, with the event the API would give, handed
 * to the browser's query cache alongside the markup so hydration draws the
 * same page.
 */
import { dehydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import type { ScreeningEvent } from '../domain/event';
import { eventKeys } from '../lib/event-keys';
import { paths } from '@/lib/paths';
import { AppRoutes } from './routes';

/**
 * Pages a first visit may open at: no parameters, no member data. The
 * events search is among them without a query string: its words and
 * filters are the same for everyone, and its results load as on a phone.
 */
export const PRERENDERED_PATHS: readonly string[] = [
  paths.home,
  paths.bookEventMain,
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

/** Pages rendered per request: built once as templates (their stylesheets), filled by the server. */
export const TEMPLATE_PATHS: readonly string[] = [paths.eventPattern];

async function render(path: string, client: QueryClient): Promise<string> {
  const { prelude } = await prerender(
    <QueryClientProvider client={client}>
      <StaticRouter location={path}>
        <AppRoutes />
      </StaticRouter>
    </QueryClientProvider>,
    // Every boundary inline: a large one would otherwise come as hidden
    // markup plus an inline script to reveal it, which the CSP forbids.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** The markup inside #root for a path, every lazy page and section loaded. */
export function renderPath(path: string): Promise<string> {
  return render(path, newClient());
}

export interface RenderedPage {
  markup: string;
  /** For the browser's query cache (src/app/providers.tsx), before it hydrates. */
  state: DehydratedState;
}

/** An event's page as the browser would draw it once the event had arrived. */
export async function renderEventPage(event: ScreeningEvent): Promise<RenderedPage> {
  const client = newClient();
  client.setQueryData(eventKeys.detail(event.event_id), event);
  const markup = await render(paths.event(event.event_id), client);
  return { markup, state: dehydrate(client) };
}
