/**
 * Where the build writes the pages it renders ahead (src/app/prerender.tsx,
 * scripts/prerender-plugin.ts) and where the static routes look for them:
 * one rule for both. The files sit apart from index.html, which stays the
 * empty shell the service worker answers every navigation with.
 */
export const PRERENDERED_DIR = 'prerendered';

/** '/' -> 'prerendered/index.html'; '/news/patient-journey' -> 'prerendered/news/patient-journey.html'. */
export function prerenderedFile(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return `${PRERENDERED_DIR}/${trimmed === '' ? 'index' : trimmed.slice(1)}.html`;
}
