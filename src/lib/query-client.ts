/**
 * One QueryClient for the app, and its IndexedDB persister. Only the public
 * events data ('events' keys), the published figures ('statistics') and
 * the member's own ('member') are saved, so a visited list or event page
 * opens offline; mutations are never saved, so a paused booking cannot be
 * replayed after a restart.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';
import { ApiError, UNAUTHORIZED } from './api-client';
import { PERSIST_KEY } from './persist-key';
import { persistRules, savingLastGoodCopy } from './persist-rules';

export { PERSIST_KEY };

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_RETRIES = 2;


function shouldRetry(failureCount: number, error: Error): boolean {
  // A 4xx answer will not change on retry; a dropped connection might.
  if (error instanceof ApiError && error.status < 500) return false;
  if (error.message === UNAUTHORIZED) return false;
  return failureCount < MAX_RETRIES;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: DAY_MS,
      staleTime: 60_000,
      retry: shouldRetry,
    },
  },
});

// Off from sign-out until the next sign-in: a throttled write already under
// way when the member signed out must not put their data back (src/lib/auth.ts).
let memberWritesAllowed = true;
export function allowMemberWrites(allowed: boolean): void {
  memberWritesAllowed = allowed;
}
// Paused, apart from sign-out's switch, while saved data is being removed (forgetSavedQueries).
let removalsUnderWay = 0;
const memberWritesOn = () => memberWritesAllowed && removalsUnderWay === 0;

const storagePersister = createAsyncStoragePersister({
  key: PERSIST_KEY,
  storage: {
    getItem: (key) => get<string>(key).then((value) => value ?? null),
    setItem: (key, value) =>
      !memberWritesOn() && value.includes('"queryKey":["member"') ? Promise.resolve() : set(key, value),
    removeItem: (key) => del(key),
  },
});
// A query whose refetch failed offline is saved as its last good copy (persist-rules.ts).
const persister = savingLastGoodCopy(storagePersister);

export const persistOptions: PersistQueryClientProviderProps['persistOptions'] = {
  persister,
  ...persistRules,
};

/** Longer than the persister's throttle (1 s, query-async-storage-persister's default). */
const PERSIST_WRITE_WINDOW_MS = 1_200;

/**
 * Forgets every query this tab holds, in memory and in the saved copy. The
 * saved copy is written at most once a second (the persister's throttle):
 * a write of the cache as it was, already under way, could land after the
 * delete and put the member's data back, so member writes wait until that
 * window has passed, and the copy is deleted again.
 */
export async function forgetSavedQueries(): Promise<void> {
  removalsUnderWay += 1;
  try {
    await queryClient.cancelQueries();
    queryClient.clear();
    await del(PERSIST_KEY);
    await new Promise((resolve) => setTimeout(resolve, PERSIST_WRITE_WINDOW_MS));
    await del(PERSIST_KEY);
  } finally {
    removalsUnderWay -= 1;
  }
}

/**
 * Every tab of the site saves its whole cache to the one copy on the
 * device, so "Remove from this device" in one tab is told to the others
 * (an installed app and a browser tab, say): each forgets what it holds,
 * or its next save would write the member's results back
 * (docs/decisions/0006-auth-stand-in.md, The browser side).
 */
const deviceDataChannel = typeof window !== 'undefined' && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('chaps-device-data') : null;
deviceDataChannel?.addEventListener('message', (event: MessageEvent) => {
  if (event.data === 'removed') void forgetSavedQueries();
});

/** Tells the site's other tabs on this device that its saved data was removed. */
export function tellOtherTabsDataRemoved(): void {
  deviceDataChannel?.postMessage('removed');
}
