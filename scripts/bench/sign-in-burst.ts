/**
 * A burst of sign-ins beside the floor: 200 sign-ins sent at once to the
 * real server (production settings, PGlite), while `GET /api/health` is
 * asked of it and of a bare `node:http` server replaying its answer, at the
 * same moments, until the burst has been answered. Both probes share the
 * machine, the client and the moment, so the ratio of their p99s reads the
 * server's own stall. Goal: the server's p99 within 3x the bare one's.
 *
 * Each sign-in comes from an address of its own (X-Forwarded-For, one
 * trusted hop) with an unknown email and so costs one password check, as a
 * real one does; the per-address throttles are not what is measured here.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from '../../tests/fixtures/rush.ts';
import { withSection } from './sections.ts';
import { recordResponse, withBareServer } from './side-by-side.ts';
import { HEALTH_PATH } from './report.ts';
import type { RunningServer } from './server.ts';

export const BURST = { signIns: 200, rounds: 3, probeEveryMs: 10, maxP99Ratio: 3 } as const;
const TITLE = '## A burst of sign-ins beside the floor';

export interface BurstRound {
  server: number[];
  bare: number[];
  statuses: Record<string, number>;
  burstMs: number;
}

export interface BurstBench {
  rounds: BurstRound[];
}

export interface BurstDeps {
  tempDataDir: () => string;
  withServer: <T>(env: Record<string, string | undefined>, fn: (server: RunningServer) => Promise<T>) => Promise<T>;
  step: (text: string) => void;
}


/** One GET on its own kept-alive connection, timed from sending to the last byte. */
function timedGet(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers: { accept: 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${url} answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

function signIn(baseUrl: string, round: number, i: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email: `burst.${round}.${i}.${Date.now()}@example.org`, password: 'not-the-password-1' });
    const address = `198.18.${round}.${i + 1}`;
    const req = request(
      `${baseUrl}/auth/v1/token?grant_type=password`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address, apikey: 'bench' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function round(baseUrl: string, bareUrl: string, index: number): Promise<BurstRound> {
  const serverAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  const bareAgent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < 5; i += 1) await Promise.all([timedGet(baseUrl + HEALTH_PATH, serverAgent), timedGet(bareUrl + HEALTH_PATH, bareAgent)]);
    const server: number[] = [];
    const bare: number[] = [];
    let settled = false;
    const started = performance.now();
    const burst = Promise.all(Array.from({ length: BURST.signIns }, (_, i) => signIn(baseUrl, index, i))).finally(() => {
      settled = true;
    });
    while (!settled) {
      const [s, b] = await Promise.all([timedGet(baseUrl + HEALTH_PATH, serverAgent), timedGet(bareUrl + HEALTH_PATH, bareAgent)]);
      server.push(s);
      bare.push(b);
      await new Promise((resolve) => setTimeout(resolve, BURST.probeEveryMs));
    }
    const codes = await burst;
    const burstMs = performance.now() - started;
    const statuses: Record<string, number> = {};
    for (const code of codes) statuses[code] = (statuses[code] ?? 0) + 1;
    return { server, bare, statuses, burstMs };
  } finally {
    serverAgent.destroy();
    bareAgent.destroy();
  }
}

export async function runSignInBurst(deps: BurstDeps): Promise<BurstBench> {
  deps.step(`A burst of ${BURST.signIns} sign-ins, /api/health beside the bare server (PGlite), ${BURST.rounds} rounds`);
  return deps.withServer({ DATA_DIR: deps.tempDataDir(), TRUST_PROXY: '1' }, async (running) => {
    await recordResponse(running.baseUrl + HEALTH_PATH);
    const recorded = await recordResponse(running.baseUrl + HEALTH_PATH);
    return withBareServer(recorded, async (bareUrl) => {
      const rounds: BurstRound[] = [];
      for (let i = 0; i < BURST.rounds; i += 1) {
        const r = await round(running.baseUrl, bareUrl, i + 1);
        console.log(
          `round ${i + 1}: server p99 ${percentile(r.server, 99).toFixed(0)} ms, bare p99 ${percentile(r.bare, 99).toFixed(0)} ms over ${r.server.length} probes; ${JSON.stringify(r.statuses)} in ${r.burstMs.toFixed(0)} ms`,
        );
        rounds.push(r);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      return { rounds };
    });
  });
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
export const burstRatio = (r: BurstRound) => percentile(r.server, 99) / Math.max(percentile(r.bare, 99), 1);

export function signInBurstSection(bench: BurstBench, context: { date: string; command: string; loadAverage: number; commit: string }): string {
  const rows = bench.rounds.map((r, i) => {
    const statuses = Object.entries(r.statuses)
      .map(([code, n]) => `${n} × ${code}`)
      .join(', ');
    return `| ${i + 1} | ${r.server.length} | ${ms(percentile(r.server, 50))} | ${ms(percentile(r.server, 99))} | ${ms(Math.max(...r.server))} | ${ms(percentile(r.bare, 50))} | ${ms(percentile(r.bare, 99))} | ${burstRatio(r).toFixed(1)}x | ${statuses} | ${(r.burstMs / 1000).toFixed(1)} s |`;
  });
  const ratios = bench.rounds.map(burstRatio).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)] ?? 0;
  return `${TITLE}

${BURST.signIns} sign-ins (\`POST /auth/v1/token?grant_type=password\`, each from
its own address, unknown emails, so each costs one password check) sent at
once to the server (\`NODE_ENV=production\`, PGlite), while \`GET ${HEALTH_PATH}\`
(one database query) is asked of the server and of a bare \`node:http\`
server replaying its answer at the same moments, every ${BURST.probeEveryMs} ms,
until every sign-in is answered. Sign-ins past what the password pool can
take are answered 429 by the outermost layer, before their body is read,
with an answer written in advance (server/modules/auth/password-gate.ts); an
admitted one counts its two throttles in one statement
(server/modules/auth/sign-in-guard.ts); the hashing threads run at nice 19
(server/modules/auth/password-worker.mjs).
Goal: the server's p99 within ${BURST.maxP99Ratio}x the bare server's.

Measured ${context.date} at commit ${context.commit} with \`${context.command}\`
(load average ${context.loadAverage.toFixed(2)} at the start).

| round | probes | server p50 | server p99 | server max | bare p50 | bare p99 | p99 ratio | sign-ins answered | burst |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

Median p99 ratio ${median.toFixed(1)}x: ${median <= BURST.maxP99Ratio ? 'met' : 'NOT met'}.
`;
}

export const withSignInBurstSection = (text: string, section: string): string => withSection(text, TITLE, section);
