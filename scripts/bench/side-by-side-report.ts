/**
 * The side-by-side figures in docs/benchmarks.md: the app against a bare
 * node:http server sending the same bytes, with the goals of docs/benchmarks.md
 * (Targets).
 */
import type { LoadRun } from './report.ts';
import { p99Ratio, SIDE_BY_SIDE_TARGETS, sideBySideMet, throughputRatio } from './side-by-side.ts';

interface Row {
  target: string;
  figure: string;
  status: string;
}

export function sideBySideRows(load: readonly LoadRun[]): Row[] {
  return load.flatMap((run) => {
    const s = run.sideBySide;
    if (!s) return [];
    return [{
      target: `GET ${run.path} at least ${SIDE_BY_SIDE_TARGETS.minThroughputRatio}x the bare server's req/s and at most ${SIDE_BY_SIDE_TARGETS.maxP99Ratio}x its p99 (${run.database})`,
      figure: `${throughputRatio(s).toFixed(2)}x req/s, ${p99Ratio(s).toFixed(2)}x p99`,
      status: sideBySideMet(s) ? 'met' : 'NOT met',
    }];
  });
}

export function sideBySideSection(load: readonly LoadRun[], cores: number): string {
  const rows = load.flatMap((run) => {
    const s = run.sideBySide;
    if (!s) return [];
    return [
      `| ${run.database} | \`${run.path}\` | ${s.bodyBytes} B ${s.encoding} | ${s.app.reqPerSec.toFixed(0)} | ${s.bare.reqPerSec.toFixed(0)} | ${throughputRatio(s).toFixed(2)}x | ${s.app.p99} ms | ${s.bare.p99} ms | ${p99Ratio(s).toFixed(2)}x | ${sideBySideMet(s) ? 'met' : 'NOT met'} |`,
    ];
  });
  if (rows.length === 0) return '';
  return `### Side by side with a bare node:http server

For each path the real answer is recorded once (status, headers and the
compressed body a browser gets) and replayed by a bare \`node:http\` server
(\`scripts/bench/bare-server.ts\`, one process); both get the same load in
the same run, in turns (app, bare, bare, app; half the time each, figures averaged). Goal: at least ${SIDE_BY_SIDE_TARGETS.minThroughputRatio}x the bare req/s and at
most ${SIDE_BY_SIDE_TARGETS.maxP99Ratio}x its p99. The slots path is the booking page's call for the
first public event open for booking (places left, booking not closed), so
its answer lists free times (scripts/bench/events.ts).

The server is one process on both databases: PGlite allows no other; on
PostgreSQL more may share the database (each drops its kept answers when
any of them writes, see "A write seen by another process"), but with ${cores}
cores shared with the load generator, one process answering kept bytes
straight from \`node:http\` (server/platform/http/ready-answers.ts) is already close
to the bare figure.

| database | path | answer | app req/s | bare req/s | ratio | app p99 | bare p99 | p99 ratio | status |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}
