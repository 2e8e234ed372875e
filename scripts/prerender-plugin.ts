/**
 * After the site's build, renders the content pages to HTML
 * (src/app/prerender.tsx) so a first visit paints its words before the
 * code arrives; the code then hydrates them (src/app/main.tsx). The pages
 * are rendered by a server-side build of the same source, so every asset
 * URL in the markup is the client build's own. Each page is rendered in a
 * worker of its own, which records the source modules it loaded; the
 * client build's manifest turns them into the page's stylesheets (linked,
 * so nothing moves when the code arrives). Pages rendered per request (an
 * event's) get a template with their stylesheets, and the server-side build
 * stays in the output for the server to render them with.
 */
import react from '@vitejs/plugin-react';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { PAGE_MARKER, PRERENDERED_DIR, prerenderedFile, RENDER_MODULE } from '../server/modules/site';

const ENTRY = 'src/app/prerender.tsx';
const EMPTY_ROOT = '<div id="root"></div>';
const MANIFEST = '.vite/manifest.json';
const RENDERED = '__chapsRenderedModules';

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;

/** In the server-side build only: each source module notes, when it loads, that the page needed it. */
function recordModules(root: string): Plugin {
  return {
    name: 'chaps-prerender-record-modules',
    transform(code, id) {
      if (!id.startsWith(join(root, 'src')) || !/\.[jt]sx?$/.test(id)) return null;
      return { code: `${code}\n;globalThis.${RENDERED}?.add(${JSON.stringify(relative(root, id))});\n`, map: null };
    },
  };
}

// A worker per page: its own module cache, so the modules it records are all its page loads.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
globalThis.${RENDERED} = new Set();
import(workerData.entry)
  .then((m) => m.renderPath(workerData.path))
  .then((markup) => parentPort.postMessage({ markup, modules: [...globalThis.${RENDERED}] }));
`;

function renderInWorker(entry: string, path: string): Promise<{ markup: string; modules: string[] }> {
  return new Promise((done, fail) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { entry, path } });
    worker.once('message', (result: { markup: string; modules: string[] }) => {
      done(result);
      void worker.terminate();
    });
    worker.once('error', fail);
    worker.once('exit', (code) => code !== 0 && fail(new Error(`prerendering ${path} stopped with code ${code}`)));
  });
}

/** The page's stylesheets beyond the entry's own, from the client build's manifest. */
function stylesheetsFor(manifest: Manifest, modules: readonly string[]): string[] {
  const css = new Set<string>();
  const seen = new Set<string>();
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const skip = new Set(entry?.css ?? []);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...css].filter((file) => !skip.has(file));
}

/**
 * Only the page's stylesheets, so nothing moves when its code arrives. Its
 * scripts are not preloaded: they would compete with the entry script and
 * the stylesheets for a slow connection before the first paint, and the
 * page reads fine from the markup until they come.
 */
function headLinks(css: readonly string[]): string {
  return css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
}

export function prerenderPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'chaps-prerender-pages',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    config: () => ({ build: { manifest: MANIFEST } }),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const outDir = resolve(config.root, config.build.outDir);
      const ssrDir = join(outDir, dirname(RENDER_MODULE));
      rmSync(join(outDir, PRERENDERED_DIR), { recursive: true, force: true });
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react(), recordModules(config.root)],
        // Self-contained: the server loads it from wherever the site was built to.
        ssr: { noExternal: true },
        publicDir: false,
        build: {
          ssr: ENTRY,
          outDir: ssrDir,
          emptyOutDir: true,
          target: 'node20',
          rollupOptions: {
            // Only the update prompt's effect imports it, and effects never run here.
            external: ['virtual:pwa-register'],
            // ES modules wherever they land, with or without a package.json saying so.
            output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
          },
        },
      });
      if (!existsSync(join(outDir, RENDER_MODULE))) throw new Error(`the server-side build wrote no ${RENDER_MODULE}`);
      const entry = pathToFileURL(join(outDir, RENDER_MODULE)).href;
      const { PRERENDERED_PATHS, TEMPLATE_PATHS } = (await import(entry)) as Record<string, readonly string[]>;

      const manifestPath = join(outDir, MANIFEST);
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
      const template = readFileSync(join(outDir, 'index.html'), 'utf8');
      if (!template.includes(EMPTY_ROOT) || !template.includes('</head>')) throw new Error(`index.html has no ${EMPTY_ROOT} to render into`);
      const write = (path: string, modules: readonly string[], root: string) => {
        const file = join(outDir, prerenderedFile(path));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(
          file,
          template
            // Replaced by functions: a '$' in the page's words is not a replacement pattern.
            .replace('</head>', () => `${headLinks(stylesheetsFor(manifest, modules))}</head>`)
            .replace(EMPTY_ROOT, () => `<div id="root" data-prerendered="">${root}</div>`),
        );
      };
      for (const path of PRERENDERED_PATHS!) {
        const { markup, modules } = await renderInWorker(entry, path);
        // The CSP runs no inline script, and hydration would find markup it did not expect.
        if (/<script\b/i.test(markup)) throw new Error(`the rendered ${path} holds an inline script`);
        write(path, modules, markup);
      }
      // Rendered in their loading state only to learn which modules (so stylesheets) they need.
      for (const path of TEMPLATE_PATHS!) write(path, (await renderInWorker(entry, path)).modules, PAGE_MARKER);
      // The manifest served nothing but this step.
      rmSync(dirname(manifestPath), { recursive: true, force: true });
      config.logger.info(`prerendered ${PRERENDERED_PATHS!.length} pages and ${TEMPLATE_PATHS!.length} templates into ${join(config.build.outDir, PRERENDERED_DIR)}`);
    },
  };
}
