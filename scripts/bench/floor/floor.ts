/**
 * The floor page (docs/benchmarks.md): React 19 hydrating a static copy of
 * the home page's hero, built with Vite at bench time into .tmp/bench-floor
 * and served gzipped by a bare `node:http` server, so the site's first
 * visit can be read against what React itself costs on the same machine in
 * the same minute. The markup is rendered by react-dom/server here, as the
 * site's pages are by its prerender plugin.
 */
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { build } from 'vite';
import { FloorHero } from './hero.tsx';

const ROOT = resolve(import.meta.dirname);
export const FLOOR_DIR = resolve('.tmp/bench-floor');
const MARK = '<!--floor-hero-->';
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export interface FloorServer {
  baseUrl: string;
  /** JavaScript the page loads, gzip bytes. */
  scriptBytes: number;
  stop: () => Promise<void>;
}

/** Builds the floor page into FLOOR_DIR with its markup in place. */
export async function buildFloor(): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: FLOOR_DIR, emptyOutDir: true, target: 'es2022', sourcemap: false },
  });
  const page = join(FLOOR_DIR, 'index.html');
  const html = readFileSync(page, 'utf8');
  if (!html.includes(MARK)) throw new Error(`the floor page's index.html lost its ${MARK} mark`);
  writeFileSync(page, html.replace(MARK, renderToString(createElement(FloorHero))));
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Serves FLOOR_DIR from memory, every file gzipped once, on a free loopback port. */
export async function serveFloor(): Promise<FloorServer> {
  const served = new Map<string, { type: string; gzip: Buffer }>();
  for (const path of files(FLOOR_DIR)) {
    const url = `/${path.slice(FLOOR_DIR.length + 1).split('\\').join('/')}`;
    served.set(url === '/index.html' ? '/' : url, { type: TYPES[extname(path)] ?? 'application/octet-stream', gzip: gzipSync(readFileSync(path)) });
  }
  const server: Server = createServer((req, res) => {
    const file = served.get(new URL(req.url ?? '/', 'http://floor').pathname);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Encoding': 'gzip', 'Content-Length': file.gzip.length, 'Cache-Control': 'no-cache' });
    res.end(file.gzip);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const scriptBytes = [...served.entries()].filter(([url]) => url.endsWith('.js')).reduce((sum, [, f]) => sum + f.gzip.length, 0);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    scriptBytes,
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}
