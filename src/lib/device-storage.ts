/**
 * What this site keeps on the device, for the member's 'Offline data' panel:
 * the saved query cache in IndexedDB (events, and the member's own profile,
 * bookings and results), the service worker's caches, and the space used.
 * Also asks the browser to keep it (persistent storage) once a member has
 * something worth keeping, so a phone short of space does not drop their
 * booking before the event.
 */
import { del, get } from 'idb-keyval';
import type { QueryClient } from '@tanstack/react-query';
import { summariseSavedCopy, type KeptItem } from '../domain/saved-copy';
import { PERSIST_KEY } from './persist-key';
import { allowMemberWrites } from './query-client';

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

/** Longer than the persister's throttle (1 s, query-async-storage-persister's default). */
const PERSIST_WRITE_WINDOW_MS = 1_200;

/**
 * Removes everything the site saved here except the app shell: the query
 * cache in memory and in IndexedDB, and the worker's runtime caches. The
 * member stays signed in; what they open next is saved again.
 */
export async function removeDeviceData(queryClient: QueryClient): Promise<void> {
  // The saved copy is written at most once a second (the persister's throttle): a write of the
  // cache as it was, already under way, could land after the delete and put the member's data
  // back. Member writes are refused until that window has passed, then the copy is deleted again.
  allowMemberWrites(false);
  try {
    await queryClient.cancelQueries();
    queryClient.clear();
    await del(PERSIST_KEY);
    await new Promise((resolve) => setTimeout(resolve, PERSIST_WRITE_WINDOW_MS));
    await del(PERSIST_KEY);
  } finally {
    allowMemberWrites(true);
  }
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
