/**
 * gzip for text answers of 1 KB or more, done by node:zlib off the main
 * thread. hono/compress pipes every answer, however small, through a web
 * CompressionStream on the main thread; under load that alone cut the
 * server's throughput to a third (docs/benchmarks.md). Identical bodies (the
 * hot events listing, the built assets) are compressed once and reused.
 */
import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';

const gzip = promisify(gzipCallback);

export const MIN_BYTES = 1024;
/** Bodies larger than this are compressed but not remembered. */
const MAX_REMEMBERED_BYTES = 512 * 1024;
/** Text, and WebAssembly (the staff scanner's decoder, which gzip takes to under half). */
export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json|xml|wasm)|image\/svg\+xml)/i;

export function compression(maxEntries = 64): MiddlewareHandler {
  const remembered = new Map<string, Promise<Buffer>>();

  const compress = (text: string): Promise<Buffer> => {
    if (text.length > MAX_REMEMBERED_BYTES) return gzip(text);
    const hit = remembered.get(text);
    if (hit) return hit;
    const made = gzip(text);
    remembered.set(text, made);
    made.catch(() => remembered.delete(text));
    if (remembered.size > maxEntries) {
      const oldest = remembered.keys().next().value;
      if (oldest !== undefined) remembered.delete(oldest);
    }
    return made;
  };

  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding')) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    if (!/\bgzip\b/i.test(c.req.header('Accept-Encoding') ?? '')) return;
    const text = await res.text();
    const body = Buffer.byteLength(text) >= MIN_BYTES ? await compress(text) : null;
    c.res = new Response(body ? new Uint8Array(body) : text, res);
    c.res.headers.delete('Content-Length');
    if (body) c.res.headers.set('Content-Encoding', 'gzip');
    c.res.headers.append('Vary', 'Accept-Encoding');
  };
}
