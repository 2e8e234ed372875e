/**
 * Brotli copies of the build's hashed files (`dist/assets/*.br`), made once
 * at build time at brotli's highest quality, which is too slow to do per
 * request or at the server's start. The server sends one to a browser that
 * accepts `br` (server/modules/site/static-routes.ts); a file under /assets/ never
 * changes under its name, so its copy cannot go stale. On the site's own
 * JavaScript that is about a sixth fewer bytes than gzip on a slow line
 * (docs/benchmarks.md).
 */
import { getMimeType } from 'hono/utils/mime';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
// The server's own rule for what it compresses: text of 1 KB or more.
import { COMPRESSIBLE, MIN_BYTES } from '../server/platform/http/compression.ts';

export function precompressAssets(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chaps-precompress-assets',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle() {
      // The server-side render build has no assets of its own to serve.
      if (config.build.ssr) return;
      const assets = join(config.root, config.build.outDir, config.build.assetsDir);
      for (const name of readdirSync(assets)) {
        const file = join(assets, name);
        if (!COMPRESSIBLE.test(getMimeType(name) ?? '') || statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
        );
      }
    },
  };
}
