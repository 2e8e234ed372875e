/**
 * One HTTP request timed from sending to its last byte, on a kept-alive
 * connection of its own (an Agent with one socket per target), as a
 * browser's would be: with its Accept-Encoding, so the server pays for
 * compressing as real traffic makes it. The answer comes back whole, so a
 * bare server can replay it (scripts/bench/bare-server.ts).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { RecordedResponse } from './bare-server.ts';
import { BROWSER_HEADERS } from './load.ts';

export interface Call {
  method?: 'GET' | 'POST';
  /** Path and query, e.g. /api/events. */
  path: string;
  headers?: Record<string, string>;
  /** A JSON body for a POST. */
  body?: string;
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  ms: number;
}

/** Headers node:http writes itself for each connection or moment, left out of a recording. */
const PER_CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** A keep-alive agent with one socket: requests through it take turns on one connection. */
export const oneConnection = () => new Agent({ keepAlive: true, maxSockets: 1 });

export function timedCall(baseUrl: string, call: Call, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = call.body ?? '';
    const headers: Record<string, string | number> = { ...BROWSER_HEADERS, ...call.headers };
    if (call.body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const started = performance.now();
    const req = request(baseUrl + call.path, { method: call.method ?? 'GET', agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const ms = performance.now() - started;
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks), ms });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The answer as the bare server replays it: status, headers but the per-connection ones, and the body's bytes as sent. */
export function recordingOf(answer: Answer): RecordedResponse {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) if (!PER_CONNECTION.has(name)) headers[name] = value;
  return { status: answer.status, headers, bodyBase64: answer.body.toString('base64') };
}

/** The body as JSON, whatever encoding it was sent with (the bench asks as a browser does). */
export function jsonOf<T>(answer: Answer): T {
  const encoding = answer.headers['content-encoding'];
  const raw = encoding === 'br' ? brotliDecompressSync(answer.body) : encoding === 'gzip' ? gunzipSync(answer.body) : encoding === 'deflate' ? inflateSync(answer.body) : answer.body;
  return JSON.parse(raw.toString('utf8')) as T;
}
