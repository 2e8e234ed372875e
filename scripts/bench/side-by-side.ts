/**
 * The API under load side by side with a bare `node:http` server that sends
 * the same response bytes: the real answer is recorded once (headers and
 * compressed body, as a browser asks for it), replayed by
 * scripts/bench/bare-server.ts, and both are loaded the same way one after
 * the other, so the ratio reads the app's own cost on this machine now.
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import type { RecordedResponse } from './bare-server.ts';
import { BROWSER_HEADERS, measureLatency, type LoadResult } from './load.ts';
import { freePort } from './server.ts';

/** Headers node:http writes itself for each connection or moment. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export const SIDE_BY_SIDE_TARGETS = { minThroughputRatio: 0.6, maxP99Ratio: 1.5 } as const;

export interface SideBySide {
  app: LoadResult;
  bare: LoadResult;
  /** Bytes per answer (compressed body) and its content-encoding. */
  bodyBytes: number;
  encoding: string;
}

export function recordResponse(url: string): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: BROWSER_HEADERS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined && !PER_CONNECTION.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 0, headers, bodyBase64: Buffer.concat(chunks).toString('base64') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export async function withBareServer<T>(recorded: RecordedResponse, fn: (baseUrl: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(os.tmpdir(), 'chaps-bare-'));
  const file = join(dir, 'response.json');
  writeFileSync(file, JSON.stringify(recorded));
  const port = await freePort();
  const child = spawn('npx', ['tsx', 'scripts/bench/bare-server.ts', file, String(port)], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('bare server') && resolve());
      child.once('exit', (code) => reject(new Error(`bare server exited (code ${code})`)));
    });
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Loads `baseUrl + path` and then the bare server replaying its answer. */
export async function measureSideBySide(baseUrl: string, path: string, connections: number, durationS: number): Promise<SideBySide> {
  await recordResponse(baseUrl + path); // the first answer is built; the next one is the kept one
  const recorded = await recordResponse(baseUrl + path);
  if (recorded.status !== 200) throw new Error(`GET ${path} answered ${recorded.status}`);
  // In the order app, bare, bare, app, half the time each: load from other work on the
  // machine that rises or falls during the run then weighs on both alike.
  const half = Math.max(1, Math.round(durationS / 2));
  const appFirst = await measureLatency(baseUrl + path, connections, half);
  const [bareFirst, bareSecond] = await withBareServer(recorded, async (bareUrl) => [
    await measureLatency(bareUrl + path, connections, half),
    await measureLatency(bareUrl + path, connections, half),
  ]);
  const appSecond = await measureLatency(baseUrl + path, connections, half);
  const app = combine(appFirst, appSecond);
  const bare = combine(bareFirst!, bareSecond!);
  return { app, bare, bodyBytes: Buffer.from(recorded.bodyBase64, 'base64').length, encoding: recorded.headers['content-encoding'] ?? 'identity' };
}

/** Two runs as one: requests and errors added, rates and latencies averaged, the worst max kept. */
function combine(a: LoadResult, b: LoadResult): LoadResult {
  const mean = (x: number, y: number) => (x + y) / 2;
  return {
    ...a,
    durationS: a.durationS + b.durationS,
    p50: mean(a.p50, b.p50),
    p90: mean(a.p90, b.p90),
    p99: mean(a.p99, b.p99),
    avg: mean(a.avg, b.avg),
    max: Math.max(a.max, b.max),
    reqPerSec: mean(a.reqPerSec, b.reqPerSec),
    total: a.total + b.total,
    non2xx: a.non2xx + b.non2xx,
    errors: a.errors + b.errors,
    timeouts: a.timeouts + b.timeouts,
  };
}

export const throughputRatio = (s: SideBySide) => s.app.reqPerSec / s.bare.reqPerSec;
export const p99Ratio = (s: SideBySide) => s.app.p99 / Math.max(s.bare.p99, 1);
export const sideBySideMet = (s: SideBySide) =>
  throughputRatio(s) >= SIDE_BY_SIDE_TARGETS.minThroughputRatio && p99Ratio(s) <= SIDE_BY_SIDE_TARGETS.maxP99Ratio;
