import { Hono } from 'hono';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compression } from '../../server/platform/http/compression';

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Event number ${i}` })) };

function app() {
  const a = new Hono();
  a.use(compression());
  a.get('/big', (c) => c.json(big));
  a.get('/small', (c) => c.json({ status: 'ok' }));
  a.get('/png', (c) => c.body(new Uint8Array(4096), 200, { 'Content-Type': 'image/png' }));
  return a;
}

const gzipped = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('compression', () => {
  it('gzips a large JSON answer and it decodes to the same body', async () => {
    const res = await app().request('/big', { headers: gzipped });
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    expect(res.headers.get('Vary')).toContain('Accept-Encoding');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBeLessThan(JSON.stringify(big).length);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(big);
  });

  it('gives the same bytes to repeated identical answers', async () => {
    const a = app();
    const first = Buffer.from(await (await a.request('/big', { headers: gzipped })).arrayBuffer());
    const second = Buffer.from(await (await a.request('/big', { headers: gzipped })).arrayBuffer());
    expect(second.equals(first)).toBe(true);
  });

  it('leaves small answers as they are', async () => {
    const res = await app().request('/small', { headers: gzipped });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('sends plain text to a client that does not accept gzip', async () => {
    const res = await app().request('/big');
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.json()).toEqual(big);
  });

  it('does not recompress images', async () => {
    const res = await app().request('/png', { headers: gzipped });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(4096);
  });
});
