/**
 * Where the browser tests' server runs and which build it serves, shared by
 * playwright.config.ts and the specs. Each port gets its own build folder,
 * so two runs on different ports never overwrite each other's site.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_STATIC_DIR = `.tmp/e2e-dist-${E2E_PORT}`;

/**
 * The e2e server's secret for signed links, so the /test-consent journey can
 * make a link the way `npm run consent-link` does. Test-only value.
 */
export const E2E_LINK_SIGNING_SECRET = 'e2e-only-link-signing-secret-not-for-any-real-server';
