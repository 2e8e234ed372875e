import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2eClockOffsetMinutes, shiftDate } from './tests/e2e/support/clock';
import { E2E_LINK_SIGNING_SECRET, E2E_PORT, E2E_STATIC_DIR } from './tests/e2e/support/settings';

// Browser journeys run against the built site served by the real server on a
// throwaway DATA_DIR, in the machine's own Chromium, with the device set to a
// zone other than London so no rule can lean on the device's clock zone.
const port = E2E_PORT;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'chaps-e2e-'));
// Workers load this file again: hand them the same folder, and the server's
// log (kept beside it), where the booking journeys read the private demo
// event's access code, printed once at first start.
process.env.E2E_DATA_DIR = dataDir;
const serverLog = `${dataDir}.log`;
process.env.E2E_SERVER_LOG = serverLog;
// One clock for the run, whenever it starts (tests/e2e/support/clock.ts):
// the server's starts this far ahead, and so do Date here and in the workers.
const clockOffsetMinutes = e2eClockOffsetMinutes();
shiftDate(clockOffsetMinutes * 60_000);
const staticDir = E2E_STATIC_DIR;
const serverDir = `${E2E_STATIC_DIR}-server`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // On CI a journey that fails is run once more and, if it then passes, is
  // reported as flaky in the log rather than passing silently.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    timezoneId: 'America/New_York',
    locale: 'en-GB',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  webServer: {
    // The site and the server are built as for production (the server as
    // the JavaScript plain Node runs, ADR 0026); the server runs in
    // development, because the journeys read /dev/outbox and /dev/tiles,
    // which production never serves (tests/api/production.test.ts).
    command:
      `npx vite build --outDir ${staticDir} --emptyOutDir && node scripts/build-server.mjs --out-dir ${serverDir} && ` +
      `NODE_ENV=development node --enable-source-maps ${serverDir}/main.js 2>&1 | tee ${serverLog}`,
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      // Known to the /test-consent journey, which signs its links with it.
      LINK_SIGNING_SECRET: E2E_LINK_SIGNING_SECRET,
      DEV_CLOCK_OFFSET_MINUTES: String(clockOffsetMinutes),
      // One proxy hop is trusted so that the journeys' members can sign up
      // from addresses of their own (tests/e2e/support/members.ts): sign-ups
      // are limited per address. The browser sends no X-Forwarded-For, so its
      // own requests count by the socket's address.
      TRUST_PROXY: '1',
      VITE_TILE_URL: '/dev/tiles/{z}/{x}/{y}.png',
      VITE_TILES_PREFETCH: 'true',
      // A same-origin path the seminar page's player points at; no test plays it.
      VITE_SEMINAR_VIDEO_URL: '/media/seminar-talk.mp4',
      // For the build (a development build has a different service worker);
      // the command above runs the server with NODE_ENV=development.
      NODE_ENV: 'production',
    },
  },
});
