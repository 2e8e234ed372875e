/**
 * First-load JavaScript of every route (docs/benchmarks.md#targets: at most
 * 170 KB on any route, signed in or not; `/` at most 110 KB), measured as
 * scripts/bench/page-weight.ts measures one: a fresh browser context, the
 * service worker blocked, bytes on the wire.
 *
 * The public routes are the pages the build drew (dist/prerendered), one
 * event, one patient story and one information article (the first each
 * listing page links to) and the account pages; each is weighed signed out
 * and signed in as the demo member, whose stored session makes the page
 * his at once (ADR 0023). The member's own pages are weighed signed in, and
 * the staff console as the demo staff member. The card checkout is not here:
 * it needs the PayPal sandbox, which a production server does not serve, and
 * has its own section (scripts/bench/checkout.ts).
 */
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PRERENDERED_DIR } from '../../server/modules/site';
import { fmtKb, kb, mark, TARGETS, type TargetRow } from './report.ts';
import { DEMO_MEMBER, DEMO_STAFF, measureRoute, signedInState, type RouteWeight } from './page-weight.ts';
import { withSection } from './sections.ts';

export type Who = 'signed out' | 'member' | 'staff';
export const WHO: readonly Who[] = ['signed out', 'member', 'staff'];

export interface EveryRoute {
  /** Each route as listed (with `{id}` where an id was put in) and what it weighed for each visitor measured. */
  rows: Array<{ route: string; weights: Partial<Record<Who, RouteWeight>> }>;
  ids: Record<string, string>;
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? htmlFiles(path) : path.endsWith('.html') ? [path] : [];
  });
}

/** The routes the build drew, from their files: index.html is `/`, about-us/research.html is `/about-us/research`. Templates (`:id`) are left out. */
export function prerenderedRoutes(staticDir: string): string[] {
  const dir = join(staticDir, PRERENDERED_DIR);
  return htmlFiles(dir)
    .map((file) => `/${relative(dir, file).split('\\').join('/').replace(/\.html$/, '')}`.replace(/^\/index$/, '/'))
    .filter((route) => !route.includes(':'))
    .sort();
}

/** The first link under `prefix` on a page the build drew, other than the listed pages themselves. */
function firstLink(staticDir: string, page: string, prefix: string, except: readonly string[]): string {
  const html = readFileSync(join(staticDir, PRERENDERED_DIR, `${page}.html`), 'utf8');
  for (const [, href] of html.matchAll(/href="([^"#?]+)"/g)) {
    if (href!.startsWith(`${prefix}/`) && !except.includes(href!)) return href!.slice(prefix.length + 1);
  }
  throw new Error(`${page} links to nothing under ${prefix}/`);
}

export async function measureEveryRoute(
  browser: Browser,
  baseUrl: string,
  staticDir: string,
  events: { eventId: string; bookableEventId: string },
  log: (line: string) => void,
): Promise<EveryRoute> {
  const drawn = prerenderedRoutes(staticDir);
  const ids = {
    id: events.eventId,
    bookable: events.bookableEventId,
    story: firstLink(staticDir, 'news/patient-journey', '/news/patient-journey', []),
    article: firstLink(staticDir, 'information-hub', '/information-hub', drawn),
  };
  const publicRoutes = [...drawn, '/event/{id}', '/news/patient-journey/{story}', '/information-hub/{article}', '/login', '/signup', '/reset-password'];
  const memberRoutes = ['/portal', '/medical-results', '/my-bookings', '/book-event?event={bookable}', '/check-nhs-number?event={bookable}'];
  const staffRoutes = ['/staff', '/staff/failures', '/staff/accounts', '/staff/statistics', '/staff/members/new', '/staff/events/new', '/staff/events/{id}', '/staff/events/{id}/edit', '/staff/events/{id}/labels', '/staff/events/{id}/manifest'];
  const real = (route: string) => route.replace(/\{(\w+)\}/g, (_, name: keyof typeof ids) => ids[name]);

  const sessions: Partial<Record<Who, BrowserContextOptions['storageState']>> = {
    member: await signedInState(browser, baseUrl, DEMO_MEMBER),
    staff: await signedInState(browser, baseUrl, DEMO_STAFF),
  };
  const plan: Array<[string, Who[]]> = [
    ...publicRoutes.map((route): [string, Who[]] => [route, ['signed out', 'member']]),
    ...memberRoutes.map((route): [string, Who[]] => [route, ['member']]),
    ...staffRoutes.map((route): [string, Who[]] => [route, ['staff']]),
  ];
  const rows: EveryRoute['rows'] = [];
  for (const [route, visitors] of plan) {
    const weights: Partial<Record<Who, RouteWeight>> = {};
    for (const who of visitors) {
      weights[who] = await measureRoute(browser, baseUrl, real(route), { storageState: sessions[who] });
    }
    log(`${route}: ${visitors.map((who) => `${who} ${fmtKb(weights[who]!.totalBytes)}`).join(', ')}`);
    rows.push({ route, weights });
  }
  return { rows, ids };
}

const fmt = (weight: RouteWeight | undefined) => (weight ? `${fmtKb(weight.totalBytes)} (${weight.scripts.length})` : '-');

/** The heaviest route for any visitor, and `/` signed out: the two byte goals of docs/benchmarks.md. */
export function everyRouteTargets(every: EveryRoute): TargetRow[] {
  const all = every.rows.flatMap((row) => WHO.flatMap((who) => (row.weights[who] ? [{ route: row.route, who, weight: row.weights[who]! }] : [])));
  const heaviest = all.sort((a, b) => b.weight.totalBytes - a.weight.totalBytes)[0];
  const home = every.rows.find((row) => row.route === '/')?.weights['signed out'];
  return [
    ...(home ? [{ target: `/ first-load JS at most ${TARGETS.homeKb} KB, signed out`, figure: fmtKb(home.totalBytes), status: mark(kb(home.totalBytes) <= TARGETS.homeKb) }] : []),
    ...(heaviest
      ? [{
          target: `every route at most ${TARGETS.anyRouteKb} KB, signed in or not (${every.rows.length} routes)`,
          figure: `${fmtKb(heaviest.weight.totalBytes)} (${heaviest.route}, ${heaviest.who})`,
          status: mark(kb(heaviest.weight.totalBytes) <= TARGETS.anyRouteKb),
        }]
      : []),
  ];
}

export const EVERY_ROUTE_TITLE = '## First-load JavaScript of every route';

export function everyRouteSection(every: EveryRoute, context: { date: string; commit: string; command: string }): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const rows = every.rows.map((row) => line([`\`${row.route}\``, ...WHO.map((who) => fmt(row.weights[who]))]));
  const targets = everyRouteTargets(every).map((t) => line([t.target, t.figure, t.status]));
  return `${EVERY_ROUTE_TITLE}

Measured ${context.date} by \`${context.command}\` at commit ${context.commit},
against the bench's production server (PGlite, demo data). Each route in a
fresh browser context with the service worker blocked, counted as in the
section above: every script's bytes on the wire (brotli or gzip) until the
network is idle and 2.5 s more; in brackets, how many scripts. Signed out,
as the demo member (his stored session hydrates every page at once) and as
the demo staff member. The public routes are the pages the build draws, one
event (\`{id}\` = \`${every.ids.id}\`), one patient story (\`${every.ids.story}\`), one
information article (\`${every.ids.article}\`) and the account pages;
\`{bookable}\` is an event open for booking (\`${every.ids.bookable}\`). The card
checkout needs the PayPal sandbox and is weighed in the card checkout section.

${line(['target', 'measured', 'status'])}
${line(['---', '---', '---'])}
${targets.join('\n')}

${line(['route', ...WHO])}
${line(['---', ...WHO.map(() => '---')])}
${rows.join('\n')}
`;
}

/** Replaces this section in `text`, or adds it at the end. */
export const withEveryRouteSection = (text: string, section: string): string => withSection(text, EVERY_ROUTE_TITLE, section);
