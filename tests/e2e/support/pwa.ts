/**
 * Helpers for the installability and offline journeys: a persistent browser
 * profile (Chromium only reports installability outside incognito), waiting
 * for the service worker to control a page, and reading what the page saved.
 */
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test';
import { onRunClock } from './clock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface PersistentBrowser {
  context: BrowserContext;
  close: () => Promise<void>;
}

/** A real (non-incognito) profile in a throwaway directory. */
export async function launchPersistent(baseURL: string): Promise<PersistentBrowser> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'chaps-pwa-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
    locale: 'en-GB',
    timezoneId: 'America/New_York',
  });
  await onRunClock(context);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the worker is active and controls this page. The worker claims
 * pages on first activation; a reload covers a browser that has not yet
 * handed control over by then.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  if (!controlled) {
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
}

/**
 * Waits until some IndexedDB store holds a value mentioning `needle` (e.g. an
 * event id), i.e. the query persister has written its throttled snapshot.
 * Looks through every database so the test does not depend on key names.
 */
export async function waitForPersisted(page: Page, needle: string): Promise<void> {
  // expect.poll, not waitForFunction: the check is async, and waitForFunction
  // would take the pending Promise itself as a truthy answer.
  await expect
    .poll(async () => (await indexedDbText(page)).includes(needle), { message: `IndexedDB never saved ${needle}` })
    .toBe(true);
}

/** Everything stored in every IndexedDB database of the page's origin, as text. */
export function indexedDbText(page: Page): Promise<string> {
  return page.evaluate(allIndexedDbText);
}

async function allIndexedDbText(): Promise<string> {
  const read = (name: string) =>
    new Promise<string>((resolve) => {
      const open = indexedDB.open(name);
      open.onerror = () => resolve('');
      open.onsuccess = () => {
        const db = open.result;
        const stores = Array.from(db.objectStoreNames);
        if (stores.length === 0) {
          db.close();
          resolve('');
          return;
        }
        const tx = db.transaction(stores, 'readonly');
        const values: unknown[] = [];
        for (const store of stores) {
          const all = tx.objectStore(store).getAll();
          all.onsuccess = () => values.push(...all.result);
        }
        tx.oncomplete = () => {
          db.close();
          resolve(JSON.stringify(values));
        };
        tx.onerror = () => resolve('');
      };
    });
  const texts: string[] = [];
  for (const { name } of await indexedDB.databases()) {
    if (name) texts.push(await read(name));
  }
  return texts.join('\n');
}

/** URLs (path only) held in the Workbox precache. */
export async function precachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
    const paths: string[] = [];
    for (const name of names) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (png.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** For building RegExps from event names. */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
