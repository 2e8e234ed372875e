/**
 * Turns the measured figures into the console table and docs/benchmarks.md,
 * with each target marked met or not met. Numbers only ever come from a run.
 */
import type { LoadResult } from './load.ts';
import type { RouteWeight } from './page-weight.ts';
import { sideBySideRows, sideBySideSection } from './side-by-side-report.ts';
import type { SideBySide } from './side-by-side.ts';

export const TARGETS = {
  homeKb: 110,
  anyRouteKb: 170,
} as const;

export interface MachineInfo {
  date: string;
  cores: number;
  cpuModel: string;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string;
  commit: string;
  /** 1-minute load average when the run started: other work skews latency. */
  loadAverage: number;
  /** The same when the run ended: a rise means other work ran meanwhile. */
  loadAverageEnd: number;
}

export interface LoadRun {
  database: string;
  /** The API path under load; runs with a side-by-side are held to the goal in docs/benchmarks.md#targets against the bare server. */
  path: string;
  result: LoadResult | null;
  note?: string;
  /** The same load on a bare node:http server sending the same bytes, measured right after. */
  sideBySide?: SideBySide;
}

export interface BenchReport {
  machine: MachineInfo;
  command: string;
  routes: RouteWeight[];
  /** The routes as requested, e.g. /event/{id}, with the id used. */
  eventId: string;
  load: LoadRun[];
  /** The byte goals of docs/benchmarks.md#targets, read over every route signed in or not (scripts/bench/every-route.ts). */
  byteTargets: TargetRow[];
}

export const EVENTS_PATH = '/api/events';
export const HEALTH_PATH = '/api/health';
export const SLOTS_LABEL = '/api/events/{id}/slots';
export const slotsPath = (eventId: string) => `/api/events/${eventId}/slots`;

export const kb = (bytes: number) => bytes / 1000;
export const fmtKb = (bytes: number) => `${kb(bytes).toFixed(1)} KB`;
const fmtMs = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
export const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

export interface TargetRow {
  target: string;
  figure: string;
  status: string;
}

export function targetRows(report: BenchReport): TargetRow[] {
  const rows: TargetRow[] = [...report.byteTargets];
  rows.push(...sideBySideRows(report.load));
  // A database that did not answer still shows in the targets, as not measured.
  for (const run of report.load.filter((r) => !r.result)) {
    rows.push({ target: `GET ${run.path} against the bare server (${run.database})`, figure: 'not measured', status: `skipped: ${run.note ?? ''}` });
  }
  return rows;
}

function displayRoute(route: string, eventId: string): string {
  return eventId ? route.replace(eventId, '{id}') : route;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

const LOAD_HEADER = ['database', 'path', 'connections', 'duration', 'p50', 'p90', 'p99', 'avg', 'max', 'req/s', 'requests', 'non-2xx', 'errors', 'timeouts'];

function loadRow(run: LoadRun): string[] {
  const r = run.result;
  if (!r) return [run.database, `\`${run.path}\``, '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', '-', `skipped: ${run.note ?? ''}`];
  return [
    run.database,
    `\`${run.path}\``,
    String(r.connections),
    `${r.durationS} s`,
    fmtMs(r.p50),
    fmtMs(r.p90),
    fmtMs(r.p99),
    fmtMs(r.avg),
    fmtMs(r.max),
    r.reqPerSec.toFixed(0),
    String(r.total),
    String(r.non2xx),
    String(r.errors),
    String(r.timeouts),
  ];
}

export function consoleSummary(report: BenchReport): string {
  const out: string[] = [];
  out.push('First-load JavaScript (bytes on the wire, 1 KB = 1000 bytes)');
  for (const r of report.routes) out.push(`  ${displayRoute(r.route, report.eventId).padEnd(20)} ${fmtKb(r.totalBytes).padStart(10)}  in ${r.scripts.length} scripts`);
  out.push('', 'API under load');
  out.push(`  ${'database'.padEnd(12)} ${'path'.padEnd(12)} ${['p50', 'p90', 'p99', 'avg', 'req/s', 'non-2xx'].map((h) => h.padStart(9)).join(' ')}`);
  for (const run of report.load) {
    const r = run.result;
    out.push(
      r
        ? `  ${run.database.padEnd(12)} ${run.path.padEnd(12)} ${[fmtMs(r.p50), fmtMs(r.p90), fmtMs(r.p99), fmtMs(r.avg), r.reqPerSec.toFixed(0), String(r.non2xx)].map((c) => c.padStart(9)).join(' ')}`
        : `  ${run.database.padEnd(12)} ${run.path.padEnd(12)} skipped: ${run.note ?? ''}`,
    );
  }
  out.push('', 'Targets');
  for (const row of targetRows(report)) out.push(`  ${row.status.padEnd(8)} ${row.target}: ${row.figure}`);
  return out.join('\n');
}

export function markdown(report: BenchReport): string {
  const m = report.machine;
  const measured = report.load.find((l) => l.result)?.result;
  const connections = measured?.connections ?? 0;
  const routeRows = report.routes.map((r) => [
    `\`${displayRoute(r.route, report.eventId)}\``,
    String(r.scripts.length),
    fmtKb(r.totalBytes),
    [...new Set(r.scripts.map((s) => s.encoding))].join(', '),
  ]);
  const files = report.routes
    .map((r) => {
      const list = [...r.scripts]
        .sort((a, b) => b.encodedBytes - a.encodedBytes)
        .map((s) => `  - \`${s.url}\` ${fmtKb(s.encodedBytes)}`)
        .join('\n');
      return `- \`${displayRoute(r.route, report.eventId)}\`\n${list}`;
    })
    .join('\n');

  return `# Benchmarks

Written by \`${report.command}\` (\`scripts/bench.ts\`); every run overwrites
this file with what it measured. The bench is not part of \`npm test\`.

- Date: ${m.date}
- Machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGiB.toFixed(0)} GiB memory, ${m.os}
- Load average (1 min): ${m.loadAverage.toFixed(2)} when the run started, ${m.loadAverageEnd.toFixed(2)} when it ended (other work on the machine inflates the latency figures)
- Node ${m.node}, Chromium ${m.chromium}
- Commit: ${m.commit}
- Command: \`${report.command}\`

## Targets

${table(['target', 'measured', 'status'], targetRows(report).map((r) => [r.target, r.figure, r.status]))}

## First-load JavaScript per route

Every script response a fresh browser context downloads while opening the
route (until the network is idle, then 2.5 s more for late chunks such as
the map), counted as encoded bytes on the wire, i.e. after the server's
compression. 1 KB = 1,000 bytes, as Vite prints. The service worker is
blocked so its background precache is not counted. \`{id}\` is the first
event from \`GET /api/events\` (\`${report.eventId}\`).

${table(['route', 'scripts', 'JavaScript', 'content-encoding'], routeRows)}

Files per route:

${files}

## The API under load

autocannon, ${connections} connections for ${measured?.durationS ?? 0} s after a 2 s warm-up, from the same
machine over loopback, with a browser's \`Accept-Encoding\`. The server runs
with \`NODE_ENV=production\` on the demo data (no query parameters: events
dated today or later). Latency in milliseconds; req/s is the mean of
per-second samples. \`GET /api/health\` (one uncached \`SELECT 1\` and a
tiny JSON body per request) under the same load is there to read the
events figures against: it shows what this machine, this HTTP stack and a
database round trip give with a load generator on the same cores.

${table(LOAD_HEADER, report.load.map(loadRow))}

${sideBySideSection(report.load, m.cores)}

PGlite runs in the server process with a temporary \`DATA_DIR\`; PostgreSQL
is the machine's own server (\`127.0.0.1:5432\`) with a fresh database that
the bench creates, lets the server migrate and seed, and drops afterwards.
The load generator and the server share the machine's ${m.cores} cores.
`;
}
