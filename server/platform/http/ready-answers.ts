/**
 * Public answers kept ready: the events listing and an event's free slots,
 * each stored as the exact bytes the app sent (headers and gzip body),
 * built once and served again until the data or the moment changes.
 *
 * An answer stops being served when
 * - anything writes events or appointments (data-changes.ts bumps the
 *   version; an answer built while a write was under way is never reused):
 *   this process at once, another process or client over PostgreSQL when
 *   its NOTIFY arrives (change-listener.ts),
 * - the minute turns (the London date, "today or later", a slot's start
 *   and booking cut-offs all move on whole minutes; London's offset is
 *   whole hours), or
 * - the first unexpired hold it counted expires.
 *
 * Each answer is kept both gzipped and as plain bytes (identity), each
 * with its own ETag, so a reader that asks for no gzip (a script, a
 * monitor, a proxy that strips Accept-Encoding) is served from memory as
 * a browser is, never rebuilt, recompressed or unzipped per request.
 * Repeat readers get an ETag and a 304. Only anonymous readers are
 * served from here: a request with an access grant, cookies or
 * authorization always reaches the app. The answers live in each process's
 * memory: PGlite allows one process; over PostgreSQL each process drops
 * its own on every process's writes, and keeps none while it cannot hear
 * them (DataChanges.complete false: its listener is reconnecting).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { ACCESS_GRANT_HEADER } from '../../../src/domain/booking';
import type { Queryable } from '../db/adapter';
import type { DataChanges } from '../db/data-changes';
import { COMPRESSIBLE, MIN_BYTES } from './compression';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** One encoding of an answer: the exact bytes and headers sent. */
interface Representation {
  etag: string;
  headers: Record<string, string>;
  body: Buffer;
}

interface ReadyAnswer {
  version: number;
  validUntil: number;
  /** For a reader that accepts gzip: gzipped as compression.ts would (a small answer is plain). */
  gzip: Representation;
  /** For one that does not: plain bytes. */
  identity: Representation;
}

const LISTING = /^\/api\/events(?:\?[^#]*)?$/;
const SLOTS = /^\/api\/events\/[0-9a-f-]{36}\/slots$/i;
const MAX_ANSWERS = 256;
const MINUTE_MS = 60_000;

/** When the first hold live at $1 ends (read from the live holds' own index, a few rows whatever the bookings kept). */
export const FIRST_LIVE_HOLD_SQL = "SELECT min(hold_expires_at) AS next FROM appointments WHERE status = 'held' AND hold_expires_at > $1::timestamptz";

/** Whether the path with query may be kept ready. */
export const isReadyPath = (url: string) => LISTING.test(url) || SLOTS.test(url);

export interface ReadyAnswers {
  /** Hono middleware: serves a ready answer, or lets the app answer and keeps it. */
  middleware: MiddlewareHandler;
  /** node:http fast path: true when it answered (no app work at all). */
  serveNode(req: IncomingMessage, res: ServerResponse): boolean;
}

type HeaderReader = (name: string) => string | undefined;

function servable(method: string, url: string, header: HeaderReader): boolean {
  return method === 'GET' && isReadyPath(url) && !header(ACCESS_GRANT_HEADER) && !header('authorization') && !header('cookie');
}

/** The representation a reader is sent, by whether it accepts gzip (as compression.ts decides). */
const acceptsGzip = (header: HeaderReader) => /\bgzip\b/i.test(header('accept-encoding') ?? '');
const representationFor = (answer: ReadyAnswer, header: HeaderReader) => (acceptsGzip(header) ? answer.gzip : answer.identity);

function representation(headers: Record<string, string>, body: Buffer): Representation {
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  // Stored by the browser but always revalidated: the ETag makes that a 304.
  return { etag, headers: { ...headers, etag, 'cache-control': 'no-cache', 'content-length': String(body.length) }, body };
}

/**
 * Both encodings of the app's answer, whichever it sent: a gzipped body is
 * unzipped once, a plain one gzipped once when compression.ts would have
 * (text of MIN_BYTES or more). Both say they vary by Accept-Encoding.
 */
async function bothEncodings(res: Response): Promise<Pick<ReadyAnswer, 'gzip' | 'identity'>> {
  const body = Buffer.from(await res.arrayBuffer());
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'content-encoding') headers[name] = value;
  });
  if (!/\baccept-encoding\b/i.test(headers.vary ?? '')) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
  const zipped = res.headers.get('content-encoding') === 'gzip';
  const plain = zipped ? await gunzip(body) : body;
  const identity = representation(headers, plain);
  if (zipped) return { gzip: representation({ ...headers, 'content-encoding': 'gzip' }, body), identity };
  if (plain.length < MIN_BYTES || !COMPRESSIBLE.test(headers['content-type'] ?? '')) return { gzip: identity, identity };
  return { gzip: representation({ ...headers, 'content-encoding': 'gzip' }, await gzip(plain)), identity };
}

const matchesEtag = (ifNoneMatch: string | undefined, etag: string) =>
  Boolean(ifNoneMatch) && ifNoneMatch!.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);

export function createReadyAnswers(db: Queryable, changes: DataChanges, now: () => Date): ReadyAnswers {
  const answers = new Map<string, ReadyAnswer>();
  const building = new Map<string, Promise<ReadyAnswer | null>>();
  changes.onChange(() => answers.clear());

  function fresh(url: string): ReadyAnswer | null {
    const answer = answers.get(url);
    if (!answer) return null;
    if (current(answer)) return answer;
    answers.delete(url);
    return null;
  }

  /** Built since the last change, while every change is heard, and not expired. */
  function current(answer: ReadyAnswer): boolean {
    return changes.complete && answer.version === changes.version && now().getTime() < answer.validUntil;
  }

  /** The end of the minute `at` is in, or the first live hold's expiry if sooner. */
  async function validUntil(at: Date): Promise<number> {
    const minuteEnd = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
    const [row] = await db.query<{ next: Date | null }>(FIRST_LIVE_HOLD_SQL, [at]);
    const hold = row?.next ? new Date(row.next).getTime() : Infinity;
    return Math.min(minuteEnd, hold);
  }

  function keep(url: string, answer: ReadyAnswer): void {
    answers.delete(url);
    answers.set(url, answer);
    if (answers.size > MAX_ANSWERS) {
      const oldest = answers.keys().next().value;
      if (oldest !== undefined) answers.delete(oldest);
    }
  }

  function respond(answer: Representation, ifNoneMatch: string | undefined): Response {
    if (matchesEtag(ifNoneMatch, answer.etag)) return new Response(null, { status: 304, headers: notModifiedHeaders(answer) });
    return new Response(new Uint8Array(answer.body), { status: 200, headers: answer.headers });
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = c.req.path + (c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?')) : '');
    const header: HeaderReader = (name) => c.req.header(name);
    if (!servable(c.req.method, url, header)) return next();
    const ifNoneMatch = c.req.header('if-none-match');
    const ready = fresh(url) ?? (await building.get(url)) ?? null;
    if (ready && current(ready)) {
      c.res = respond(representationFor(ready, header), ifNoneMatch);
      return;
    }
    const version = changes.version;
    const at = now();
    let settle: (answer: ReadyAnswer | null) => void = () => {};
    const build = new Promise<ReadyAnswer | null>((resolve) => (settle = resolve));
    building.set(url, build);
    try {
      await next();
      const res = c.res;
      if (res.status !== 200) return settle(null);
      const answer: ReadyAnswer = { version, validUntil: await validUntil(at), ...(await bothEncodings(res)) };
      if (changes.complete && answer.version === changes.version) keep(url, answer);
      settle(answer);
      // Hono merges the old answer's headers into a new one; the stored headers must win.
      c.res = undefined;
      c.res = respond(representationFor(answer, header), ifNoneMatch);
    } catch (error) {
      settle(null);
      throw error;
    } finally {
      if (building.get(url) === build) building.delete(url);
    }
  };

  function serveNode(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    const header: HeaderReader = (name) => req.headers[name] as string | undefined;
    if (!servable(req.method ?? '', url, header)) return false;
    const ready = fresh(url);
    if (!ready) return false;
    const answer = representationFor(ready, header);
    if (matchesEtag(req.headers['if-none-match'], answer.etag)) {
      res.writeHead(304, notModifiedHeaders(answer));
      res.end();
    } else {
      res.writeHead(200, answer.headers);
      res.end(answer.body);
    }
    return true;
  }

  return { middleware, serveNode };
}

function notModifiedHeaders(answer: Representation): Record<string, string> {
  const headers = { ...answer.headers };
  delete headers['content-length'];
  delete headers['content-encoding'];
  delete headers['content-type'];
  return headers;
}
