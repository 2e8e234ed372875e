/**
 * A saved copy of the member's data (results included) is read back for at
 * most a day, and not at all after a change of data shape: the persister's
 * maxAge and buster, as src/lib/query-client.ts sets them from
 * src/lib/persist-rules.ts, meaning what we
 * take them to mean in TanStack Query's persist client
 * (docs/clinical-safety/hazard-log.md#hazard-8). A memory store stands in
 * for IndexedDB; the options under test are the app's own.
 */
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { PERSIST_MAX_AGE_MS, persistRules as persistOptions } from '../../src/lib/persist-rules';

const HOUR = 3_600_000;
const SAVED_AT = new Date('2026-06-24T09:00:00Z');
const RESULT_KEY = ['member', 'user-1', 'results'];

function memoryPersister(): Persister & { saved: () => PersistedClient | undefined } {
  let copy: PersistedClient | undefined;
  return {
    persistClient: async (client) => {
      copy = structuredClone(client);
    },
    restoreClient: async () => copy,
    removeClient: async () => {
      copy = undefined;
    },
    saved: () => copy,
  };
}

async function saveAt(persister: Persister, buster = persistOptions.buster): Promise<void> {
  vi.setSystemTime(SAVED_AT);
  const client = new QueryClient();
  client.setQueryData(RESULT_KEY, { test_result: 7.2 });
  await persistQueryClientSave({ ...persistOptions, persister, buster, queryClient: client });
}

async function restoredAt(persister: Persister, at: number): Promise<unknown> {
  vi.setSystemTime(SAVED_AT.getTime() + at);
  const client = new QueryClient();
  await persistQueryClientRestore({ ...persistOptions, persister, queryClient: client });
  return client.getQueryData(RESULT_KEY);
}

describe('the saved copy of the member’s data', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is read back within a day of being saved, and discarded after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(PERSIST_MAX_AGE_MS).toBe(24 * HOUR);
    const fresh = memoryPersister();
    await saveAt(fresh);
    expect(await restoredAt(fresh, 23 * HOUR)).toEqual({ test_result: 7.2 });

    const old = memoryPersister();
    await saveAt(old);
    expect(await restoredAt(old, 25 * HOUR)).toBeUndefined();
    expect(old.saved()).toBeUndefined();
  });

  it('is discarded when it was saved under another data shape (buster)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const earlier = memoryPersister();
    await saveAt(earlier, 'an earlier shape');
    expect(await restoredAt(earlier, HOUR)).toBeUndefined();
  });
});
