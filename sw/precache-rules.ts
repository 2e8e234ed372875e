/** The content pages' pictures, under public/images/. */
export const CONTENT_PICTURES_GLOB = 'images/**/*.svg';

/**
 * What the service worker precaches (vite.config.ts) and what it caches only
 * when visited (sw/sw.ts), in one place so the offline test reads the same
 * rules. The precache is the app shell and the code of the pages people
 * read: a first visit downloads it all in the background, so it stays
 * small (docs/benchmarks.md#first-visit-precache-included: at most 350 KB
 * compressed with the page itself). The content pages' pictures (images/, all
 * SVG, 18 KB and under 4 KB compressed) are precached too: a first visit loads
 * the home page's before the worker controls it, and the lazy ones further down
 * not at all, so offline they were broken. Icons, the sign-in client
 * (signing in needs the network anyway), checkout (payment needs the network)
 * and the staff pages are kept in the runtime caches the first time they are
 * loaded, so whatever was visited still opens offline.
 */
export const PRECACHE_GLOBS = ['index.html', 'manifest.webmanifest', 'assets/*.{js,css}', CONTENT_PICTURES_GLOB];

export const PRECACHE_IGNORES = ['assets/dist-*.js', 'assets/checkout-page-*', 'assets/staff-*'];

/** The same ignores as tests for a file name under assets/. */
export const RUNTIME_ONLY_ASSET = /^(?:dist-.*\.js|checkout-page-.*|staff-.*)$/;

/** Cache names for what is kept when visited. */
export const ASSETS_CACHE = 'assets-visited';
export const IMAGES_CACHE = 'images-visited';
