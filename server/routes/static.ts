/**
 * The built PWA (STATIC_DIR). Hashed files under /assets/ are cached for a
 * year; the page, the service worker and the manifest are revalidated on
 * every load, so a deploy reaches phones on their next visit. App routes
 * (no file extension, asking for HTML) get the page the build rendered for
 * them when there is one (and no query string, which may change what the
 * page shows), or else index.html; a missing file with an extension is a
 * plain 404, never the page. The rendered pages are answers to navigations
 * only, never files of their own.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { readFile, stat } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import { ApiError } from '../http/errors';
import { PRERENDERED_DIR, prerenderedFile } from './prerendered-pages';
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

interface FoundFile {
  path: string;
  size: number;
  mtimeMs: number;
}

async function findFile(root: string, urlPath: string): Promise<FoundFile | null> {
  const relative = urlPath.endsWith('/') ? `${urlPath}index.html` : urlPath;
  const path = resolve(root, `.${relative}`);
  if (path !== root && !path.startsWith(root + sep)) return null;
  try {
    const info = await stat(path);
    return info.isFile() ? { path, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

async function sendFile(c: Context, file: FoundFile, urlPath: string): Promise<Response> {
  const etag = `W/"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
  c.header('Cache-Control', cacheControlFor(urlPath));
  c.header('ETag', etag);
  if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
  c.header('Content-Type', getMimeType(file.path) ?? 'application/octet-stream');
  const body = await readFile(file.path);
  return c.body(new Uint8Array(body));
}

const notFound = () => new ApiError(404, 'not_found', 'File not found');

export function staticRoutes(staticDir: string, rendered?: RenderedPages): Hono {
  const root = resolve(staticDir);
  const app = new Hono();

  app.get('*', async (c) => {
    const urlPath = c.req.path;
    if (isServerPath(urlPath)) return c.notFound();
    if (!hasExtension(urlPath) && !new URL(c.req.url).search && wantsHtml(c.req.header('Accept'))) {
      const page = await findFile(root, `/${prerenderedFile(urlPath)}`);
      if (page) return sendFile(c, page, '/index.html');
      const html = await rendered?.render(urlPath);
      if (html) {
        // Drawn from data that changes: never kept by a cache in between.
        c.header('Cache-Control', 'no-store');
        return c.html(html);
      }
    }
    const file = await findFile(root, urlPath);
    if (file) return sendFile(c, file, urlPath.endsWith('/') ? '/index.html' : urlPath);
    if (hasExtension(urlPath) || !wantsHtml(c.req.header('Accept'))) throw notFound();

    const index = await findFile(root, '/index.html');
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
