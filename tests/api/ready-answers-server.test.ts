/**
 * The real server (server/main.ts) answers the kept listing straight from
 * node:http: the same bytes and headers as the app's own answer, an ETag,
 * and a 304 for a repeat reader; a reader that asks for no gzip is served
 * the plain bytes kept beside them, with an ETag of their own.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../fixtures/server-process';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

const get = (url: string, headers: Record<string, string>) =>
  new Promise<Raw>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });

describe('the kept listing over HTTP', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ NODE_ENV: 'development', SEED_DEMO: 'true' });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('serves the same gzip bytes again with an ETag, and 304 to a repeat reader', async () => {
    const url = `${server.origin}/api/events`;
    const gzip = { 'accept-encoding': 'gzip, deflate, br' };
    const first = await get(url, gzip);
    const second = await get(url, gzip);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    const events = JSON.parse(gunzipSync(second.body).toString('utf8')) as { events: unknown[] };
    expect(events.events.length).toBeGreaterThan(0);

    const repeat = await get(url, { ...gzip, 'if-none-match': String(second.headers.etag) });
    expect(repeat.status).toBe(304);
    expect(repeat.body.length).toBe(0);

    const plain = await get(url, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(events);
    // Kept too: the plain bytes with their own ETag (a representation of their own), the same again, and a 304.
    expect(plain.headers.etag).toMatch(/^".+"$/);
    expect(plain.headers.etag).not.toBe(second.headers.etag);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    const plainAgain = await get(url, {});
    expect(plainAgain.body.equals(plain.body)).toBe(true);
    expect(plainAgain.headers.etag).toBe(plain.headers.etag);
    const plainRepeat = await get(url, { 'if-none-match': String(plain.headers.etag) });
    expect(plainRepeat.status).toBe(304);
    // The gzip ETag is not the plain bytes' validator.
    expect((await get(url, { 'if-none-match': String(second.headers.etag) })).status).toBe(200);
  });
});
