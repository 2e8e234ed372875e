/**
 * The built PWA (STATIC_DIR). Hashed files under /assets/ are cached for a
 * year; the page, the service worker and the manifest are revalidated on
 * every load, so a deploy reaches phones on their next visit. App routes
 * (no file extension, asking for HTML) get the page the build rendered for
 * them when there is one (and no query string, which may change what the
 * page shows), or else index.html; a missing file with an extension is a
 * plain 404, never the page. The rendered pages are answers to navigations
 * only, never files of their own.
 *
 * Each file of the built site is read into memory once, and a text file of
 * 1 KB or more gzipped then, so serving it again is a lookup: no file read
 * and no compression on libuv's thread pool, which the database driver's
 * DNS and, until password hashing moved to its own worker pool, password
 * hashing shared (during a burst of sign-ins `/` took 3.4 s). Files over 2 MB
 * (a video, say) are read from disk when asked for. A hashed file under
 * /assets/ that the build also wrote as brotli (`name.br`,
 * scripts/precompress-plugin.ts) goes as that to a browser that accepts it:
 * fewer bytes on a slow line than gzip.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { COMPRESSIBLE, MIN_BYTES } from '../../platform/http/compression';
import { ApiError } from '../../platform/http/errors';
import { PRERENDERED_DIR, prerenderedFile, RENDER_MODULE } from './prerendered-pages';
import type { RenderedPages } from './rendered-pages';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';
const SHORT_CACHE = 'public, max-age=3600';
const NEVER_CACHED = /^(index\.html|sw\.js|manifest\.webmanifest|registerSW\.js|workbox-[\w-]+\.js)$/;
/** Paths that belong to the server, never to the app's router. */
const SERVER_PREFIXES = ['/api', '/auth', '/dev'];

export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  return NEVER_CACHED.test(basename(urlPath)) ? REVALIDATE : SHORT_CACHE;
}

const isServerPath = (path: string) =>
  [...SERVER_PREFIXES, `/${PRERENDERED_DIR}`].some((p) => path === p || path.startsWith(`${p}/`));
const hasExtension = (path: string) => /\.[^/]+$/.test(path);
const wantsHtml = (accept: string | undefined) => !accept || accept.includes('text/html') || accept.includes('*/*');

const MAX_IN_MEMORY_BYTES = 2 * 1024 * 1024;
/** The server-side render bundle lives in the build but is never served. */
const NEVER_SERVED = `/${RENDER_MODULE.slice(0, RENDER_MODULE.lastIndexOf('/'))}/`;

interface SiteFile {
  type: string;
  etag: string;
  size: number;
  mtimeMs: number;
  /** Null for a large file, read from `path` when asked for. */
  body: Uint8Array<ArrayBuffer> | null;
  gzipped: Uint8Array<ArrayBuffer> | null;
  /** The build's brotli copy of a file under /assets/, if it made one. */
  brotli: Uint8Array<ArrayBuffer> | null;
  path: string;
}

const ASSETS = '/assets/';

/**
 * The file at `path`, or undefined when there is none or the path cannot be
 * a file at all: stat throws, rather than answering "no such file", on a
 * NUL byte (a request for /event/%00) and on a name longer than the file
 * system allows (an event path of 5,000 characters). Either is a page or
 * file that does not exist.
 */
function statIfAny(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** The build's brotli copy, only for a file under /assets/, whose name changes whenever its bytes do. */
function brotliCopy(urlPath: string, path: string, body: Uint8Array | null): Uint8Array<ArrayBuffer> | null {
  if (!body || !urlPath.startsWith(ASSETS)) return null;
  const copy = statIfAny(`${path}.br`);
  return copy?.isFile() ? new Uint8Array(readFileSync(`${path}.br`)) : null;
}

/**
 * The built site's files, each read and gzipped the first time it is asked
 * for and kept. Every request checks the file with a synchronous stat (a
 * few microseconds on the main thread, not a job for libuv's pool): a file
 * replaced on disk (a deploy in place, or the update tests' new sw.js) is
 * read again, a removed one is gone.
 */
function siteFiles(root: string) {
  const files = new Map<string, SiteFile>();
  return (urlPath: string): SiteFile | null => {
    const wanted = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
    if (wanted.startsWith(NEVER_SERVED)) return null;
    const path = resolve(root, `.${wanted}`);
    if (path !== root && !path.startsWith(root + sep)) return null;
    const info = statIfAny(path);
    if (!info?.isFile()) {
      files.delete(wanted);
      return null;
    }
    const kept = files.get(wanted);
    if (kept && kept.size === info.size && kept.mtimeMs === info.mtimeMs) return kept;
    const type = getMimeType(path) ?? 'application/octet-stream';
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const body = info.size > MAX_IN_MEMORY_BYTES ? null : new Uint8Array(readFileSync(path));
    const gzipped = body && body.byteLength >= MIN_BYTES && COMPRESSIBLE.test(type) ? new Uint8Array(gzipSync(body)) : null;
    const brotli = brotliCopy(wanted, path, body);
    const file = { type, etag, size: info.size, mtimeMs: info.mtimeMs, body, gzipped, brotli, path };
    files.set(wanted, file);
    return file;
  };
}

async function sendFile(c: Context, file: SiteFile, urlPath: string): Promise<Response> {
  c.header('Cache-Control', cacheControlFor(urlPath));
  c.header('ETag', file.etag);
  if (file.gzipped || file.brotli) c.header('Vary', 'Accept-Encoding');
  if (c.req.header('If-None-Match') === file.etag) return c.body(null, 304);
  c.header('Content-Type', file.type);
  const accepted = c.req.header('Accept-Encoding') ?? '';
  if (file.brotli && /\bbr\b/i.test(accepted)) {
    c.header('Content-Encoding', 'br');
    return c.body(file.brotli);
  }
  if (file.gzipped && /\bgzip\b/i.test(accepted)) {
    c.header('Content-Encoding', 'gzip');
    return c.body(file.gzipped);
  }
  return c.body(file.body ?? new Uint8Array(await readFile(file.path)));
}

const notFound = () => new ApiError(404, 'not_found', 'File not found');

export function staticRoutes(staticDir: string, rendered?: RenderedPages): Hono {
  const root = resolve(staticDir);
  const app = new Hono();
  const findFile = siteFiles(root);

  app.get('*', async (c) => {
    const urlPath = c.req.path;
    if (isServerPath(urlPath)) return c.notFound();
    if (!hasExtension(urlPath) && !new URL(c.req.url).search && wantsHtml(c.req.header('Accept'))) {
      const page = findFile(`/${prerenderedFile(urlPath)}`);
      if (page) return sendFile(c, page, '/index.html');
      const html = await rendered?.render(urlPath);
      if (html) {
        // Drawn from data that changes: never kept by a cache in between.
        c.header('Cache-Control', 'no-store');
        return c.html(html);
      }
    }
    const file = findFile(urlPath);
    if (file) return sendFile(c, file, urlPath.endsWith('/') ? '/index.html' : urlPath);
    if (hasExtension(urlPath) || !wantsHtml(c.req.header('Accept'))) throw notFound();

    const index = findFile('/index.html');
    if (!index) {
      throw new ApiError(
        503,
        'site_not_built',
        `The site has not been built into ${root}. Run "npm start" (which builds it) or "npm run build:site".`,
      );
    }
    return sendFile(c, index, '/index.html');
  });

  return app;
}
