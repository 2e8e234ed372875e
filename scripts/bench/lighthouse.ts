/**
 * Lighthouse 12.8.2 (mobile, its default simulated throttling) on the
 * routes issue 11 names, through npx and the system Chromium. The map's
 * tile host is whatever the built site names; the bench server never
 * serves tiles in production, so a host the machine cannot reach behaves
 * as a phone with no signal would.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const LIGHTHOUSE = 'lighthouse@12.8.2';
export const LIGHTHOUSE_TARGETS = { performance: 98, others: 100 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface LighthouseScores {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  error?: string;
}

export async function lighthouse(chromiumPath: string, baseUrl: string, route: string): Promise<LighthouseScores> {
  const dir = mkdtempSync(join(os.tmpdir(), 'chaps-lh-'));
  const output = join(dir, 'report.json');
  try {
    await run('npx', ['--yes', LIGHTHOUSE, baseUrl + route, `--only-categories=${CATEGORIES.join(',')}`, '--form-factor=mobile',
      '--output=json', `--output-path=${output}`, '--quiet', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(readFileSync(output, 'utf8')) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, report.categories[c]?.score == null ? null : Math.round(report.categories[c]!.score! * 100)]));
    return {
      route,
      scores: scores as LighthouseScores['scores'],
      lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? null,
      tbtMs: report.audits['total-blocking-time']?.numericValue ?? null,
    };
  } catch (error) {
    const none = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as LighthouseScores['scores'];
    return { route, scores: none, lcpMs: null, tbtMs: null, error: error instanceof Error ? error.message.split('\n')[0] : String(error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function lighthouseSection(results: readonly LighthouseScores[], eventId: string, loadAverage: number): string {
  const cell = (n: number | null) => (n === null ? '-' : String(n));
  const met = (r: LighthouseScores) =>
    r.scores.performance !== null &&
    r.scores.performance >= LIGHTHOUSE_TARGETS.performance &&
    (['accessibility', 'best-practices', 'seo'] as const).every((c) => (r.scores[c] ?? 0) >= LIGHTHOUSE_TARGETS.others);
  const rows = results.map((r) =>
    `| \`${r.route.replace(eventId, '{id}')}\` | ${cell(r.scores.performance)} | ${cell(r.scores.accessibility)} | ${cell(r.scores['best-practices'])} | ${cell(r.scores.seo)} | ${r.lcpMs === null ? '-' : `${(r.lcpMs / 1000).toFixed(2)} s`} | ${r.tbtMs === null ? '-' : `${r.tbtMs.toFixed(0)} ms`} | ${r.error ? `failed: ${r.error}` : met(r) ? 'met' : 'NOT met'} |`,
  );
  return `## Lighthouse (measured by the bench)

Lighthouse 12.8.2, mobile, simulated throttling, headless system Chromium,
against the bench's production server (PGlite); the tile host is not
reachable from the server's pages in this run. Goal: performance at least
${LIGHTHOUSE_TARGETS.performance}, the other categories ${LIGHTHOUSE_TARGETS.others}. Load average ${loadAverage.toFixed(2)} when
these ran: Lighthouse's CPU figures (TBT) suffer from other work on the machine.

| route | performance | accessibility | best practices | SEO | LCP | TBT | status |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}
`;
}
