/**
 * Where the browser tests' server runs and which build it serves, shared by
 * playwright.config.ts and the specs. Each port gets its own build folder,
 * so two runs on different ports never overwrite each other's site.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_STATIC_DIR = `.tmp/e2e-dist-${E2E_PORT}`;
