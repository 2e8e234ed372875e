/**
 * The built site: SPA fallback for app routes only, cache headers by file,
 * compression, security headers on every answer, and a clear 503 when the
 * site has not been built.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, testApp } from '../../../../tests/fixtures/app';

const INDEX = '<!doctype html><html><head><title>CHAPS</title></head><body><div id="root"></div></body></html>';
const BUNDLE = `console.log(${JSON.stringify('screening '.repeat(400))});`;

let base: string;
let dir: string;
let app: ReturnType<typeof testApp>;

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'chaps-static-'));
  dir = join(base, 'site');
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(base, 'secret.txt'), 'outside the site');
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets', 'index-Ab12Cd34.js'), BUNDLE);
  writeFileSync(join(dir, 'assets', 'index-Ef56Gh78.css'), 'body{margin:0}');
  // A chunk the build also wrote as brotli (scripts/precompress-plugin.ts), and a page beside a stray copy.
  writeFileSync(join(dir, 'assets', 'page-Br12Br34.js'), BUNDLE);
  writeFileSync(join(dir, 'assets', 'page-Br12Br34.js.br'), brotliCompressSync(BUNDLE));
  writeFileSync(join(dir, 'sw.js.br'), brotliCompressSync('stale copy'));
  writeFileSync(join(dir, 'sw.js'), 'self.skipWaiting()');
  writeFileSync(join(dir, 'registerSW.js'), '/* register */');
  writeFileSync(join(dir, 'workbox-5f3a9c1e.js'), '/* workbox */');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"CHAPS"}');
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = testApp({ env: { STATIC_DIR: dir, VITE_TILE_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png' } });
});

afterAll(() => {
  rmSync(base, { recursive: true, force: true });
});

const html = { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('static site', () => {
  it.each(['/', '/index.html', '/book-event-main', '/event/6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e', '/news/'])(
    'serves index.html, never cached, for %s',
    async (path) => {
      const response = await app.request(path, { headers: html });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    },
  );

  it('caches hashed assets for a year', async () => {
    const response = await app.request('/assets/index-Ef56Gh78.css');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toContain('text/css');
  });

  it.each(['/sw.js', '/manifest.webmanifest', '/registerSW.js', '/workbox-5f3a9c1e.js'])(
    'never lets a cache keep %s',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('serves the manifest with its media type', async () => {
    const response = await app.request('/manifest.webmanifest');
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
  });

  it('compresses text when the browser accepts gzip', async () => {
    const response = await app.request('/assets/index-Ab12Cd34.js', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('vary')).toContain('Accept-Encoding');
    const body = gunzipSync(Buffer.from(await response.arrayBuffer())).toString();
    expect(body).toBe(BUNDLE);
  });

  it("sends the build's brotli copy of a file under /assets/ to a browser that accepts br, and gzip to one that does not", async () => {
    const br = await app.request('/assets/page-Br12Br34.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BUNDLE);

    const gzip = await app.request('/assets/page-Br12Br34.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(BUNDLE);

    // Outside /assets/ a file can change under its name (sw.js on a deploy): no copy is trusted there.
    const worker = await app.request('/sw.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(worker.headers.get('content-encoding')).toBeNull();
    expect(await worker.text()).toBe('self.skipWaiting()');
  });

  it('answers 304 when the browser already holds the same file', async () => {
    const first = await app.request('/', { headers: html });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await app.request('/', { headers: { ...html, 'If-None-Match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const response = await app.request('/', { method: 'HEAD', headers: html });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it.each([
    '/assets/index-Missing1.js',
    '/missing.png',
    '/icons/icon-192.png',
    '/api/nope',
    '/api',
    '/dev/no-such-tool',
    '/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/../../secret.txt',
  ])('answers 404 JSON, not the page, for %s', async (path) => {
    const { status, body, headers } = await getJson<{ error: string }>(app, path, { headers: html });
    expect(status).toBe(404);
    expect(headers.get('content-type')).toContain('application/json');
    expect(body.error).toBe('not_found');
    expect(JSON.stringify(body)).not.toContain('outside the site');
  });

  // Paths the file system cannot look up at all: stat throws on a NUL and on a name over its length limit.
  const unstatable: [string, string][] = [
    ['a NUL', '%00'],
    ['a NUL inside', 'ab%00cd'],
    ['5,000 characters', 'a'.repeat(5000)],
    ['2,000 two-byte characters', '%C3%A9'.repeat(2000)],
    ['a broken escape', '%E0%A4%A'],
    ['a bare %', '%'],
    ['a non-hex escape', '%ZZ'],
  ];

  it.each(unstatable)('answers an app path with %s with the page, whose router shows its not-found page', async (_label, segment) => {
    for (const path of [`/event/${segment}`, `/${segment}`, `/news/${segment}/`]) {
      const response = await app.request(path, { headers: html });
      expect(response.status, path.slice(0, 40)).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
  });

  it.each(unstatable)('answers a file path with %s with 404 JSON', async (_label, segment) => {
    for (const path of [`/${segment}.js`, `/assets/${segment}.js`, `/event/${segment}.png`]) {
      const { status, body } = await getJson<{ error: string }>(app, path, { headers: html });
      expect(status, path.slice(0, 40)).toBe(404);
      expect(body.error).toBe('not_found');
    }
  });

  it('answers an unknown /auth/v1 route with 404 JSON in GoTrue\'s shape, not the page', async () => {
    const { status, body } = await getJson<{ code: string }>(app, '/auth/v1/no-such-route', { headers: html });
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });

  it('does not answer an app route with the page when the client wants JSON', async () => {
    const { status } = await getJson(app, '/book-event-main', { headers: { Accept: 'application/json' } });
    expect(status).toBe(404);
  });

  it('says plainly when the site has not been built', async () => {
    const unbuilt = testApp({ env: { STATIC_DIR: join(dir, 'not-built') } });
    const { status, body } = await getJson<{ error: string; message: string }>(unbuilt, '/book-event-main', {
      headers: html,
    });
    expect(status).toBe(503);
    expect(body.error).toBe('site_not_built');
    expect(body.message).toContain('npm start');
    expect((await getJson(unbuilt, '/assets/app.js')).status).toBe(404);
  });
});

describe('security headers', () => {
  it.each(['/', '/assets/index-Ef56Gh78.css', '/api/health', '/api/nope', '/missing.png'])(
    'are on %s',
    async (path) => {
      const response = await app.request(path, { headers: html });
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    },
  );

  it('allow only the site itself and the configured tile host', async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values.join(' ')];
      }),
    );
    expect(directives).toEqual({
      'default-src': "'self'",
      'script-src': "'self' 'wasm-unsafe-eval'",
      'style-src': "'self'",
      'img-src': "'self' data: blob: https://*.tile.example.org",
      'connect-src': "'self' https://*.tile.example.org",
      'media-src': "'self'",
      'worker-src': "'self'",
      'manifest-src': "'self'",
      'font-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    });
  });

  it('name OpenStreetMap when no tile URL is set, and no outside host for the local tiles', async () => {
    const osm = (await testApp().request('/api/health')).headers.get('content-security-policy');
    expect(osm).toContain('img-src \'self\' data: blob: https://tile.openstreetmap.org;');
    const local = testApp({ env: { VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png' } });
    const csp = (await local.request('/api/health')).headers.get('content-security-policy');
    expect(csp).toContain("img-src 'self' data: blob:;");
    expect(csp).toContain("connect-src 'self';");
  });

  it('keep API answers out of HTTP caches', async () => {
    expect((await app.request('/api/health')).headers.get('cache-control')).toBe('no-store');
  });
});
