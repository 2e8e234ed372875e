/**
 * Lighthouse 12.8.2 (mobile, its default simulated throttling: slow 4G and
 * a 4x slower CPU) on the routes docs/benchmarks.md names, through npx and the
 * system Chromium, each run beside a run on the floor page
 * (scripts/bench/floor/): React 19 hydrating a static copy of the home
 * page's hero, served gzipped by a bare node:http server. The machine's
 * speed changes from minute to minute, so the site's boot-up and total
 * blocking time are read against the floor's from the same minute: site
 * and floor take turns (site first on even rounds, floor first on odd), and
 * each figure is the median of the rounds. The map's tile host is whatever
 * the built site names; the bench server never serves tiles in production,
 * so a host the machine cannot reach behaves as a phone with no signal would.
 *
 * Boot-up is read twice from one run. Lighthouse's bootup-time counts a
 * script only when its main-thread time reaches 50 ms; the floor's one
 * script sits at that line at 4x, so its figure is either nearly nothing or
 * its whole script from one run to the next, and a ratio to it says more
 * about the line than about either page. So the audit runs with no line
 * (`thresholdInMs: 0`, one of the audit's own options), and both figures
 * are made from the scripts it lists: Lighthouse's own (the audit's rule,
 * scripts of 50 ms or more) and every script's.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { withSection } from './sections.ts';

const run = promisify(execFile);
const LIGHTHOUSE = 'lighthouse@12.8.2';
/** The Lighthouse goals of docs/benchmarks.md, read against the floor measured in the same run. */
export const LIGHTHOUSE_TARGETS = {
  performance: 95,
  /** The performance goal counts only on a run where the floor scores at least this. */
  floorPerformance: 99,
  others: 100,
  bootupRatio: 3,
  tbtOverFloorMs: 150,
} as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** bootup-time's own per-script line (its default thresholdInMs). */
const BOOTUP_THRESHOLD_MS = 50;
/** The default config with bootup-time listing every script; the audit carries no weight in the performance score. */
const CONFIG = { extends: 'lighthouse:default', audits: [{ path: 'bootup-time', options: { thresholdInMs: 0 } }] };

export interface LighthouseScores {
  route: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpMs: number | null;
  tbtMs: number | null;
  /** Lighthouse's bootup-time: script time (evaluation and parse) of each script whose main-thread time reaches 50 ms, at the simulated 4x slowdown. */
  bootupMs: number | null;
  /** The same with no threshold: every script's evaluation and parse. */
  bootupEveryScriptMs: number | null;
  /** mainthread-work-breakdown's Script Evaluation: every script, none left out by a threshold. */
  scriptEvaluationMs: number | null;
  /** All main-thread work Lighthouse saw. */
  mainThreadMs: number | null;
  /** The scripts bootup-time counts at its threshold, longest first (path and script time in ms). */
  bootupItems: Array<{ url: string; ms: number }>;
  /** One-minute load average when the run ended. */
  load: number;
  error?: string;
}

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } }>;
}

export async function lighthouse(chromiumPath: string, baseUrl: string, route: string): Promise<LighthouseScores> {
  const dir = mkdtempSync(join(os.tmpdir(), 'chaps-lh-'));
  const output = join(dir, 'report.json');
  const config = join(dir, 'config.json');
  writeFileSync(config, JSON.stringify(CONFIG));
  try {
    await run('npx', ['--yes', LIGHTHOUSE, baseUrl + route, `--config-path=${config}`, `--only-categories=${CATEGORIES.join(',')}`,
      '--form-factor=mobile', '--output=json', `--output-path=${output}`, '--quiet', '--chrome-flags=--headless=new --no-sandbox --disable-gpu'],
    { env: { ...process.env, CHROME_PATH: chromiumPath }, timeout: 180_000, maxBuffer: 64 * 1024 * 1024 });
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, report.categories[c]?.score == null ? null : Math.round(report.categories[c]!.score! * 100)]));
    const breakdown = report.audits['mainthread-work-breakdown']?.details?.items ?? [];
    const scriptEvaluation = breakdown.find((item) => item.group === 'scriptEvaluation')?.duration;
    const bootup = report.audits['bootup-time'];
    const scripts = (bootup?.details?.items ?? []).map((item) => ({
      url: String(item.url).replace(baseUrl, ''),
      total: Number(item.total ?? 0),
      scripting: Number(item.scripting ?? 0),
      parse: Number(item.scriptParseCompile ?? 0),
    }));
    const counted = scripts.filter((script) => script.total >= BOOTUP_THRESHOLD_MS);
    const sum = (list: typeof scripts) => list.reduce((total, script) => total + script.scripting + script.parse, 0);
    return {
      route,
      scores: scores as LighthouseScores['scores'],
      lcpMs: report.audits['largest-contentful-paint']?.numericValue ?? null,
      tbtMs: report.audits['total-blocking-time']?.numericValue ?? null,
      bootupMs: bootup ? sum(counted) : null,
      bootupEveryScriptMs: bootup?.numericValue ?? null,
      scriptEvaluationMs: typeof scriptEvaluation === 'number' ? scriptEvaluation : null,
      mainThreadMs: report.audits['mainthread-work-breakdown']?.numericValue ?? null,
      bootupItems: counted.map((script) => ({ url: script.url, ms: script.scripting })),
      load: os.loadavg()[0] ?? 0,
    };
  } catch (error) {
    const none = Object.fromEntries(CATEGORIES.map((c) => [c, null])) as LighthouseScores['scores'];
    return {
      route, scores: none, lcpMs: null, tbtMs: null, bootupMs: null, bootupEveryScriptMs: null, scriptEvaluationMs: null, mainThreadMs: null, bootupItems: [],
      load: os.loadavg()[0] ?? 0, error: error instanceof Error ? error.message.split('\n')[0] : String(error),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface SideBySideRoute {
  route: string;
  site: LighthouseScores[];
  floor: LighthouseScores[];
}

/** Every route, `rounds` times, each site run next to a floor run; the order flips every round. */
export async function lighthouseBesideFloor(
  chromiumPath: string,
  siteUrl: string,
  floorUrl: string,
  routes: readonly string[],
  rounds: number,
  log: (line: string) => void,
): Promise<SideBySideRoute[]> {
  const results = routes.map((route) => ({ route, site: [] as LighthouseScores[], floor: [] as LighthouseScores[] }));
  for (let round = 0; round < rounds; round++) {
    for (const result of results) {
      const order = round % 2 === 0 ? (['site', 'floor'] as const) : (['floor', 'site'] as const);
      for (const which of order) {
        const scores = which === 'site' ? await lighthouse(chromiumPath, siteUrl, result.route) : await lighthouse(chromiumPath, floorUrl, '/');
        result[which].push(scores);
        log(`round ${round + 1} ${which === 'site' ? result.route : `floor (beside ${result.route})`}: ${summary(scores)}`);
      }
    }
  }
  return results;
}

function summary(s: LighthouseScores): string {
  if (s.error) return `failed: ${s.error}`;
  return `performance ${s.scores.performance}, TBT ${ms(s.tbtMs)}, boot-up ${ms(s.bootupMs)}, every script ${ms(s.bootupEveryScriptMs)} (${s.bootupItems.map((i) => `${i.url} ${i.ms.toFixed(0)}`).join(', ')}), load ${s.load.toFixed(2)}`;
}

export function median(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const mid = Math.floor(known.length / 2);
  return known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
}

const ms = (n: number | null) => (n === null ? '-' : `${n.toFixed(0)} ms`);
const cell = (n: number | null) => (n === null ? '-' : String(Math.round(n)));

export interface RouteVerdict {
  route: string;
  site: Measures & { lcp: number | null };
  floor: Measures;
  others: Record<'accessibility' | 'best-practices' | 'seo', number | null>;
  bootupRatio: number | null;
  bootupEveryScriptRatio: number | null;
  tbtOverFloor: number | null;
  met: { bootup: boolean; bootupEveryScript: boolean; tbt: boolean; performance: boolean | null; others: boolean };
}

interface Measures {
  performance: number | null;
  tbt: number | null;
  bootup: number | null;
  bootupEveryScript: number | null;
  scriptEvaluation: number | null;
}

export function verdict(result: SideBySideRoute): RouteVerdict {
  const of = (runs: LighthouseScores[], pick: (s: LighthouseScores) => number | null) => median(runs.map(pick));
  const measures = (runs: LighthouseScores[]): Measures => ({
    performance: of(runs, (s) => s.scores.performance),
    tbt: of(runs, (s) => s.tbtMs),
    bootup: of(runs, (s) => s.bootupMs),
    bootupEveryScript: of(runs, (s) => s.bootupEveryScriptMs),
    scriptEvaluation: of(runs, (s) => s.scriptEvaluationMs),
  });
  const site = { ...measures(result.site), lcp: of(result.site, (s) => s.lcpMs) };
  const floor = measures(result.floor);
  const others = {
    accessibility: of(result.site, (s) => s.scores.accessibility),
    'best-practices': of(result.site, (s) => s.scores['best-practices']),
    seo: of(result.site, (s) => s.scores.seo),
  };
  // A floor under 1 ms would make any ratio infinite; read it as 1 ms.
  const ratio = (a: number | null, b: number | null) => (a === null || b === null ? null : a / Math.max(b, 1));
  const bootupRatio = ratio(site.bootup, floor.bootup);
  const bootupEveryScriptRatio = ratio(site.bootupEveryScript, floor.bootupEveryScript);
  const tbtOverFloor = site.tbt === null || floor.tbt === null ? null : site.tbt - floor.tbt;
  return {
    route: result.route,
    site,
    floor,
    others,
    bootupRatio,
    bootupEveryScriptRatio,
    tbtOverFloor,
    met: {
      bootup: bootupRatio !== null && bootupRatio <= LIGHTHOUSE_TARGETS.bootupRatio,
      bootupEveryScript: bootupEveryScriptRatio !== null && bootupEveryScriptRatio <= LIGHTHOUSE_TARGETS.bootupRatio,
      tbt: tbtOverFloor !== null && tbtOverFloor <= LIGHTHOUSE_TARGETS.tbtOverFloorMs,
      performance:
        floor.performance === null || floor.performance < LIGHTHOUSE_TARGETS.floorPerformance
          ? null
          : site.performance !== null && site.performance >= LIGHTHOUSE_TARGETS.performance,
      others: Object.values(others).every((v) => v !== null && v >= LIGHTHOUSE_TARGETS.others),
    },
  };
}

export interface LighthouseContext {
  eventId: string;
  rounds: number;
  loadStart: number;
  loadEnd: number;
  floorScriptBytes: number;
}

export function lighthouseSection(results: readonly SideBySideRoute[], context: LighthouseContext): string {
  const verdicts = results.map(verdict);
  const name = (route: string) => `\`${route.replace(context.eventId, '{id}')}\``;
  const yes = (ok: boolean | null) => (ok === null ? 'not read (floor below 99)' : ok ? 'met' : 'NOT met');
  const failures = results.flatMap((r) => [...r.site, ...r.floor]).filter((s) => s.error);
  const loads = results.flatMap((r) => [...r.site, ...r.floor]).map((s) => s.load);
  const times = (n: number | null) => (n === null ? '-' : `${n.toFixed(1)}x`);
  const main = verdicts.map((v) =>
    `| ${name(v.route)} | ${ms(v.site.bootup)} | ${ms(v.floor.bootup)} | ${times(v.bootupRatio)} | ${ms(v.site.bootupEveryScript)} | ${ms(v.floor.bootupEveryScript)} | ${times(v.bootupEveryScriptRatio)} | ${ms(v.site.tbt)} | ${ms(v.floor.tbt)} | ${v.tbtOverFloor === null ? '-' : `${v.tbtOverFloor >= 0 ? '+' : ''}${v.tbtOverFloor.toFixed(0)} ms`} | ${ms(v.site.scriptEvaluation)} | ${ms(v.floor.scriptEvaluation)} | ${cell(v.site.performance)} | ${cell(v.floor.performance)} |`,
  );
  const goals = verdicts.map((v) =>
    `| ${name(v.route)} | ${v.met.bootup ? 'met' : 'NOT met'} | ${v.met.bootupEveryScript ? 'met' : 'NOT met'} | ${v.met.tbt ? 'met' : 'NOT met'} | ${yes(v.met.performance)} | ${cell(v.others.accessibility)} / ${cell(v.others['best-practices'])} / ${cell(v.others.seo)} ${v.met.others ? 'met' : 'NOT met'} | ${v.site.lcp === null ? '-' : `${(v.site.lcp / 1000).toFixed(2)} s`} |`,
  );
  const runs = results.flatMap((r) =>
    r.site.map((s, i) => {
      const f = r.floor[i];
      return `| ${name(r.route)} | ${i + 1} | ${cell(s.scores.performance)} / ${f ? cell(f.scores.performance) : '-'} | ${ms(s.bootupMs)} / ${f ? ms(f.bootupMs) : '-'} | ${ms(s.bootupEveryScriptMs)} / ${f ? ms(f.bootupEveryScriptMs) : '-'} | ${ms(s.tbtMs)} / ${f ? ms(f.tbtMs) : '-'} | ${s.load.toFixed(2)} | ${s.bootupItems.map((item) => `${item.url || '/'} ${item.ms.toFixed(0)}`).join(', ') || '-'} |`;
    }),
  );
  return `## Lighthouse beside the floor page (measured by the bench)

Lighthouse 12.8.2, mobile, simulated throttling (slow 4G, 4x CPU slowdown),
headless system Chromium, against the bench's production server (PGlite);
the tile host is not reachable from the server's pages in this run. Each
route ran ${context.rounds} times, each time next to a run on the **floor page**
(scripts/bench/floor/: React 19 hydrating a static copy of the home page's
hero, ${(context.floorScriptBytes / 1000).toFixed(1)} KB of JavaScript gzip, built by Vite at bench time and
served gzipped by a bare \`node:http\` server), the two in turns; figures
are medians. Boot-up is Lighthouse's bootup-time (evaluation and parse of
each script whose main-thread time reaches ${BOOTUP_THRESHOLD_MS} ms, at 4x). The floor's
one script sits at that line, so its boot-up is nearly nothing on one run
and its whole script on the next; the audit therefore runs with no line
(\`thresholdInMs: 0\`) and both are read from the scripts it lists:
Lighthouse's figure (its own rule, scripts of ${BOOTUP_THRESHOLD_MS} ms or more) and every
script's. Script evaluation is mainthread-work-breakdown's, which leaves no
script out either. Load average
${context.loadStart.toFixed(2)} when these started, ${context.loadEnd.toFixed(2)} when they ended (${Math.min(...loads).toFixed(2)} to ${Math.max(...loads).toFixed(2)} across the runs).${failures.length ? `\n\n${failures.length} run(s) failed: ${failures.map((f) => `${f.route}: ${f.error}`).join('; ')}` : ''}

| route | boot-up | floor | ratio | boot-up, every script | floor | ratio | TBT | floor | over floor | script evaluation | floor | performance | floor |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${main.join('\n')}

Goals: boot-up at most ${LIGHTHOUSE_TARGETS.bootupRatio}x the floor's, TBT at most the floor's
plus ${LIGHTHOUSE_TARGETS.tbtOverFloorMs} ms, performance at least ${LIGHTHOUSE_TARGETS.performance} when the floor scores at least
${LIGHTHOUSE_TARGETS.floorPerformance}, accessibility, best practices and SEO ${LIGHTHOUSE_TARGETS.others}.

| route | boot-up | boot-up, every script | TBT | performance | a11y / best practices / SEO | LCP |
| --- | --- | --- | --- | --- | --- | --- |
${goals.join('\n')}

Each run (site / floor), with the scripts the site's boot-up counted at the
${BOOTUP_THRESHOLD_MS} ms line (script evaluation):

| route | run | performance | boot-up | every script | TBT | load | site scripts (ms) |
| --- | --- | --- | --- | --- | --- | --- | --- |
${runs.join('\n')}
`;
}

const TITLE = '## Lighthouse';

/** Replaces the Lighthouse section (either title it has had) in `text`, or adds it at the end. */
export const withLighthouseSection = (text: string, section: string): string => withSection(text, TITLE, section);
