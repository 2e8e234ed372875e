/**
 * What this site keeps on the device, for the member's 'Offline data' panel:
 * the saved query cache in IndexedDB (events, and the member's own profile,
 * bookings and results), the service worker's caches, and the space used.
 * Also asks the browser to keep it (persistent storage) once a member has
 * something worth keeping, so a phone short of space does not drop their
 * booking before the event.
 */
import { get } from 'idb-keyval';
import { summariseSavedCopy, type KeptItem } from '../domain/saved-copy';
import { PERSIST_KEY } from './persist-key';
import { forgetSavedQueries, tellOtherTabsDataRemoved } from './query-client';

const CACHE_LABELS: Record<string, string> = { 'map-tiles': 'Map pieces you have viewed' };

/** Workbox names its precache 'workbox-precache-v2-<scope>': the app shell, kept by "Remove". */
const APP_SHELL_CACHE_PREFIX = 'workbox-precache';

export interface DeviceData {
  /** The saved query cache, in the product's words. */
  saved: KeptItem[];
  /** When the saved copy was last written (epoch ms), or null when none. */
  savedAt: number | null;
  /** The service worker's caches other than the app shell (map tiles). */
  cached: KeptItem[];
  /** How many files of the site itself are kept for offline use. */
  appShellFiles: number;
  usedBytes: number | null;
  quotaBytes: number | null;
  /** True when the browser has agreed not to clear it under pressure. */
  persistent: boolean;
}

async function readSaved(): Promise<{ saved: KeptItem[]; savedAt: number | null }> {
  return summariseSavedCopy(await get<string>(PERSIST_KEY).catch(() => undefined));
}

async function readCaches(): Promise<{ cached: KeptItem[]; appShellFiles: number }> {
  if (typeof caches === 'undefined') return { cached: [], appShellFiles: 0 };
  const cached: KeptItem[] = [];
  let appShellFiles = 0;
  for (const name of await caches.keys()) {
    const count = (await (await caches.open(name)).keys()).length;
    if (name.startsWith(APP_SHELL_CACHE_PREFIX)) appShellFiles += count;
    else if (count > 0) cached.push({ label: CACHE_LABELS[name] ?? 'Other saved files', count });
  }
  return { cached, appShellFiles };
}

export async function readDeviceData(): Promise<DeviceData> {
  const storage = navigator.storage as StorageManager | undefined;
  const [saved, cachesKept, estimate, persistent] = await Promise.all([
    readSaved(),
    readCaches(),
    storage?.estimate ? storage.estimate().catch(() => null) : null,
    storage?.persisted ? storage.persisted().catch(() => false) : false,
  ]);
  return {
    ...saved,
    ...cachesKept,
    usedBytes: estimate?.usage ?? null,
    quotaBytes: estimate?.quota ?? null,
    persistent,
  };
}

/**
 * Removes everything the site saved here except the app shell: the query
 * cache in memory and in IndexedDB (this tab's and, told by a message, every
 * other open tab's), and the worker's runtime caches. The member stays
 * signed in; what they open next is saved again.
 */
export async function removeDeviceData(): Promise<void> {
  tellOtherTabsDataRemoved();
  await forgetSavedQueries();
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith(APP_SHELL_CACHE_PREFIX)).map((name) => caches.delete(name)));
}

let askedToKeep = false;

/**
 * Asks once per visit for persistent storage (Chromium decides without a
 * dialog; Firefox may ask the user), called when a member's bookings or
 * results arrive with something in them.
 */
export function askToKeepOnDevice(): void {
  const storage = navigator.storage as StorageManager | undefined;
  if (askedToKeep || !storage?.persist) return;
  askedToKeep = true;
  void storage
    .persisted()
    .then((already) => already || storage.persist())
    .catch(() => {
      // Not granted or not supported: the data is still saved, only less firmly.
    });
}
