/**
 * The saved copy lasts through every offline start (issue 43): a refetch
 * that fails for want of a signal leaves TanStack Query's query in 'error'
 * with its last data kept, and the copy saved then must still hold that data,
 * as the success it last was, with the time it was fetched. Before, only
 * queries in 'success' were saved, so each offline start lost what it
 * refetched. The options and the persister wrapper are the app's own
 * (src/lib/persist-rules.ts); a JSON string in memory stands in for
 * IndexedDB, as the async storage persister writes one.
 */
import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { persistRules, savingLastGoodCopy } from '../../src/lib/persist-rules';

const HOUR = 3_600_000;
const FETCHED_AT = new Date('2026-12-07T10:00:00Z').getTime();
const RESULT_KEY = ['member', 'user-1', 'results', 'pub-1'];
const RESULTS = [{ test_result: 7.2 }];
// As src/lib/api-client.ts throws them: no answer (its NetworkError), and an answer with a status (its ApiError).
const noSignal = () => new Error('Could not reach the server. Check your connection and try again.', { cause: new TypeError('Failed to fetch') });
const answered = (message: string, status: number) => Object.assign(new Error(message), { status });

/** The app's persister wrapper around a JSON string, and a look at that string. */
function jsonStorage(): Persister & { text: () => string | undefined } {
  let text: string | undefined;
  const storage: Persister = {
    persistClient: (client) => {
      text = JSON.stringify(client);
    },
    restoreClient: () => (text === undefined ? undefined : (JSON.parse(text) as PersistedClient)),
    removeClient: () => {
      text = undefined;
    },
  };
  return { ...savingLastGoodCopy(storage), text: () => text };
}

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 24 * HOUR } } });

async function startAt(persister: Persister, at: number): Promise<QueryClient> {
  vi.setSystemTime(at);
  const client = newClient();
  await persistQueryClientRestore({ ...persistRules, persister, queryClient: client });
  return client;
}

const save = (persister: Persister, client: QueryClient) => persistQueryClientSave({ ...persistRules, persister, queryClient: client });

async function refetchFailing(client: QueryClient, error: Error): Promise<void> {
  await expect(client.fetchQuery({ queryKey: RESULT_KEY, queryFn: () => Promise.reject(error), staleTime: 0 })).rejects.toBe(error);
}

describe('the saved copy through offline starts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the last good data and its time after every failed refetch, start after start, over three days', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const persister = jsonStorage();
    const online = await startAt(persister, FETCHED_AT);
    await online.fetchQuery({ queryKey: RESULT_KEY, queryFn: () => Promise.resolve(RESULTS) });
    await save(persister, online);

    // Each start within a day of the last (PERSIST_MAX_AGE_MS), the last three days on.
    for (const hours of [2, 20, 40, 58, 72]) {
      const client = await startAt(persister, FETCHED_AT + hours * HOUR);
      const restored = client.getQueryState(RESULT_KEY);
      expect(restored?.data, `start at +${hours} h`).toEqual(RESULTS);
      expect(restored?.status).toBe('success');
      expect(restored?.dataUpdatedAt).toBe(FETCHED_AT);

      await refetchFailing(client, noSignal());
      // TanStack keeps the data of a query whose refetch failed, and marks it 'error'.
      const failed = client.getQueryState(RESULT_KEY);
      expect(failed?.status).toBe('error');
      expect(failed?.data).toEqual(RESULTS);
      await save(persister, client);
      // Saved as the success it last was: no error over good data.
      expect(persister.text()).not.toContain('"status":"error"');
    }
  });

  it('keeps the last good data when the server fails (5xx), and drops it when the server refuses (4xx)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const persister = jsonStorage();
    const online = await startAt(persister, FETCHED_AT);
    await online.fetchQuery({ queryKey: RESULT_KEY, queryFn: () => Promise.resolve(RESULTS) });
    await refetchFailing(online, answered('Bad gateway', 502));
    await save(persister, online);
    expect((await startAt(persister, FETCHED_AT + HOUR)).getQueryData(RESULT_KEY)).toEqual(RESULTS);

    const refused = await startAt(persister, FETCHED_AT + 2 * HOUR);
    await refetchFailing(refused, answered('Not found', 404));
    await save(persister, refused);
    expect((await startAt(persister, FETCHED_AT + 3 * HOUR)).getQueryData(RESULT_KEY)).toBeUndefined();
  });

  it('saves nothing of a query that failed with no data', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const persister = jsonStorage();
    const client = await startAt(persister, FETCHED_AT);
    await refetchFailing(client, noSignal());
    await save(persister, client);
    expect(persister.text()).not.toContain('"results"');
  });
});
