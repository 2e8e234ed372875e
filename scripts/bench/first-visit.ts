/**
 * What a first visit downloads in all: every response the page itself
 * gets (encoded bytes on the wire), plus the service worker script and
 * every precache entry the page did not already fetch, each counted at the
 * size the server sends it compressed (as the worker's own fetches get it;
 * the browser's HTTP cache may save some of those, so this is the upper
 * bound). Goal (docs/benchmarks.md): at most 350 KB.
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';

export const FIRST_VISIT_TARGET_KB = 350;

export interface FirstVisit {
  route: string;
  pageBytes: number;
  pageFiles: number;
  precacheEntries: number;
  /** Precache entries and sw.js the page had not fetched itself. */
  extraBytes: number;
  totalBytes: number;
}

async function compressedSize(url: string): Promise<number> {
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
  const body = Buffer.from(await res.arrayBuffer());
  // fetch has already unzipped the body: zip it again as the server did.
  return res.headers.get('content-encoding') === 'gzip' ? gzipSync(body).length : body.length;
}

export async function measureFirstVisit(browser: Browser, baseUrl: string, route: string): Promise<FirstVisit> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' });
  try {
    const page = await context.newPage();
    const pending: Promise<{ path: string; bytes: number }>[] = [];
    page.on('response', (response) => {
      pending.push(response.request().sizes().then((sizes) => ({ path: new URL(response.url()).pathname, bytes: sizes.responseBodySize + sizes.responseHeadersSize })));
    });
    await page.goto(baseUrl + route, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const precached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.includes('precache'));
      const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)));
      return urls.flat();
    });
    const fetched = await Promise.all(pending);
    const seen = new Set(fetched.map((f) => f.path));
    const extra = [...new Set(['/sw.js', ...precached])].filter((path) => !seen.has(path));
    const extraSizes = await Promise.all(extra.map((path) => compressedSize(baseUrl + path)));
    const pageBytes = fetched.reduce((sum, f) => sum + f.bytes, 0);
    const extraBytes = extraSizes.reduce((sum, n) => sum + n, 0);
    return { route, pageBytes, pageFiles: fetched.length, precacheEntries: precached.length, extraBytes, totalBytes: pageBytes + extraBytes };
  } finally {
    await context.close();
  }
}

export function firstVisitSection(visit: FirstVisit): string {
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  return `## First visit, precache included

A fresh browser context opens \`${visit.route}\` with the service worker
allowed and waits until the worker controls the page. Counted: every
response the page got (${visit.pageFiles}, headers and encoded body), plus
\`sw.js\` and each of the ${visit.precacheEntries} precache entries the page
had not fetched itself, at the size the server sends them gzip (an upper
bound: the browser's HTTP cache may serve some of them).

| route | page | precache and worker beyond it | total | target | status |
| --- | --- | --- | --- | --- | --- |
| \`${visit.route}\` | ${kb(visit.pageBytes)} | ${kb(visit.extraBytes)} | ${kb(visit.totalBytes)} | at most ${FIRST_VISIT_TARGET_KB} KB | ${visit.totalBytes / 1000 <= FIRST_VISIT_TARGET_KB ? 'met' : 'NOT met'} |
`;
}
