/**
 * The reads of `npm run bench -- --scale`, each beside the floor: the
 * server's answer is recorded once and replayed by a bare `node:http`
 * server (scripts/bench/bare-server.ts); then, a few hundred times, the
 * same request goes to a web process (each in turn) and to the
 * bare server at the same moment, each on its own kept-alive connection,
 * one pair at a time. Both share the machine, the client and the moment,
 * so the bare figure reads what the machine gave then.
 */
import { performance } from 'node:perf_hooks';
import { percentile } from '../../tests/fixtures/rush.ts';
import { EVENTS_PATH, slotsPath } from './report.ts';
import { oneConnection, recordingOf, timedCall, type Call } from './http-timing.ts';
import { withBareServer } from './side-by-side.ts';
import type { ScaleFixtures } from './scale-data.ts';
import { SIGN_IN_PATH, signInBody } from './scale-tokens.ts';

export interface ReadRoute {
  /** As the section shows it, ids as {id}. */
  label: string;
  call: Call;
}

export interface ReadFigure {
  label: string;
  app: number[];
  bare: number[];
  /** Answers other than 200 from the server, by status. */
  failures: Record<string, number>;
  bodyBytes: number;
  encoding: string;
}

/** Pairs per read, and the most time one read may take (the statistics of a year at national scale are slow). */
export const READS = { requests: 300, warmUp: 3, budgetMs: 60_000 } as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The reads, staff ones before the member's: his record-access list then
 * holds the look the attendee list recorded. Sign-in goes last: each makes
 * a session, and a man's sessions past the limit end his oldest, which
 * the member reads use.
 */
export function readRoutes(f: ScaleFixtures, memberToken: string, staffToken: string): ReadRoute[] {
  const member = bearer(memberToken);
  const staff = bearer(staffToken);
  return [
    { label: `GET ${EVENTS_PATH}`, call: { path: EVENTS_PATH } },
    { label: 'GET /api/events/{id}/slots', call: { path: slotsPath(f.eventId) } },
    { label: 'GET /api/staff/events', call: { path: '/api/staff/events', headers: staff } },
    { label: 'GET /api/staff/events/{id}/attendees', call: { path: `/api/staff/events/${f.eventId}/attendees`, headers: staff } },
    { label: `GET /api/staff/statistics?year=${f.year}`, call: { path: `/api/staff/statistics?year=${f.year}`, headers: staff } },
    { label: 'GET /api/appointments', call: { path: '/api/appointments', headers: member } },
    { label: 'GET /api/medical/results/{id}', call: { path: `/api/medical/results/${f.member.publicId}`, headers: member } },
    { label: 'GET /api/me/export', call: { path: '/api/me/export', headers: member } },
    { label: 'GET /api/me/record-access', call: { path: '/api/me/record-access', headers: member } },
    {
      label: `POST ${SIGN_IN_PATH}`,
      call: { method: 'POST', path: SIGN_IN_PATH, body: JSON.stringify(signInBody(f.member.email, f.member.password)) },
    },
  ];
}

async function measureRead(baseUrls: readonly string[], route: ReadRoute, requests: number): Promise<ReadFigure> {
  const agents = baseUrls.map(() => oneConnection());
  const bareAgent = oneConnection();
  try {
    // Each process builds its first answer (and its code paths warm) before the kept one is recorded.
    for (let i = 0; i < READS.warmUp; i += 1) for (const [k, base] of baseUrls.entries()) await timedCall(base, route.call, agents[k]!);
    const recorded = await timedCall(baseUrls[0]!, route.call, agents[0]!);
    if (recorded.status !== 200) throw new Error(`${route.label} answered ${recorded.status}: ${recorded.body.toString('utf8').slice(0, 300)}`);
    const figure: ReadFigure = {
      label: route.label,
      app: [],
      bare: [],
      failures: {},
      bodyBytes: recorded.body.length,
      encoding: recorded.headers['content-encoding'] ?? 'identity',
    };
    await withBareServer(recordingOf(recorded), async (bareUrl) => {
      await timedCall(bareUrl, route.call, bareAgent);
      const deadline = performance.now() + READS.budgetMs;
      for (let i = 0; i < requests && performance.now() < deadline; i += 1) {
        const k = i % baseUrls.length;
        const [app, bare] = await Promise.all([timedCall(baseUrls[k]!, route.call, agents[k]!), timedCall(bareUrl, route.call, bareAgent)]);
        figure.app.push(app.ms);
        figure.bare.push(bare.ms);
        if (app.status !== 200) figure.failures[app.status] = (figure.failures[app.status] ?? 0) + 1;
      }
    });
    return figure;
  } finally {
    for (const agent of [...agents, bareAgent]) agent.destroy();
  }
}

export async function measureReads(baseUrls: readonly string[], routes: readonly ReadRoute[], requests: number, log: (line: string) => void): Promise<ReadFigure[]> {
  const figures: ReadFigure[] = [];
  for (const route of routes) {
    const figure = await measureRead(baseUrls, route, requests);
    const failed = Object.entries(figure.failures).map(([status, n]) => `${n} x ${status}`).join(', ');
    log(
      `${route.label}: ${figure.app.length} pairs, server p50 ${percentile(figure.app, 50).toFixed(1)} ms p99 ${percentile(figure.app, 99).toFixed(1)} ms; ` +
        `bare p50 ${percentile(figure.bare, 50).toFixed(1)} ms p99 ${percentile(figure.bare, 99).toFixed(1)} ms${failed ? `; NOT 200: ${failed}` : ''}`,
    );
    figures.push(figure);
  }
  return figures;
}
