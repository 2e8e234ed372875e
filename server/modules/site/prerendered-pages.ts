/**
 * Where the build writes the pages it renders ahead (src/app/prerender.tsx,
 * scripts/prerender-plugin.ts) and where the static routes look for them:
 * one rule for both. The files sit apart from index.html, which stays the
 * empty shell the service worker answers every navigation with, and the
 * static routes never serve this folder as files.
 */
export const PRERENDERED_DIR = 'prerendered';

/** The server-side build of src/app/prerender.tsx, which renders the per-request pages. */
export const RENDER_MODULE = `${PRERENDERED_DIR}/server/prerender.mjs`;

/** In a per-request page's template, where the rendered markup goes. */
export const PAGE_MARKER = '<!--chaps-page-->';

/** '/' -> 'prerendered/index.html'; '/news/patient-journey' -> 'prerendered/news/patient-journey.html'. */
export function prerenderedFile(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return `${PRERENDERED_DIR}/${trimmed === '' ? 'index' : trimmed.slice(1)}.html`;
}
