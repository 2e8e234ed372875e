/**
 * What the saved query cache keeps and for how long: the persist options
 * that carry no storage, on their own so a test can hold TanStack Query's
 * persist client to them without IndexedDB (tests/unit/saved-copy-age.test.ts,
 * tests/unit/saved-copy-lasts.test.ts).
 */
import type { Query } from '@tanstack/react-query';
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Change to throw away every saved copy after a change of data shape. v2: a
 * staff phone's attendee list gained the ticket key and each man's date of
 * birth and NHS number; a list saved before would read every man as having
 * no NHS number at the door. v3: a result carries the band it was given
 * when saved, by the clinical rule of the day; a result saved on the phone
 * before would show "Not known" for its band until he is next online.
 */
export const PERSIST_BUSTER = 'v3';
/**
 * How long the saved copy waits unopened: TanStack compares it with the
 * time of the last write, and every start of the app writes the copy again
 * (docs/rules.md#offline).
 */
export const PERSIST_MAX_AGE_MS = DAY_MS;
// 'member' keys hold the member's id (['member', userId, ...]); sign-out clears them (src/lib/auth.ts).
// 'statistics' is the public figures staff published (src/lib/published-statistics.ts).
export const PERSISTED_ROOT_KEYS: readonly string[] = ['events', 'member', 'statistics'];

/**
 * The server answered that this is not there or not his (an ApiError's 4xx,
 * src/lib/api-client.ts, not imported: this file is read by Node's tests
 * too): the last copy must go. A 401 signs him out, which wipes his copy.
 */
function serverRefused(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status < 500;
}

/**
 * A query is saved while it holds data, though its last fetch failed: a
 * refetch with no signal (or a server error) leaves TanStack's query in
 * 'error' with the last good data kept, and saving only 'success' lost a
 * page at every offline start (docs/rules.md#offline). Only a server's refusal drops it.
 */
function shouldSave(query: Query): boolean {
  if (!PERSISTED_ROOT_KEYS.includes(String(query.queryKey[0])) || query.state.data === undefined) return false;
  return query.state.status === 'success' || !serverRefused(query.state.error);
}

export const persistRules = {
  buster: PERSIST_BUSTER,
  maxAge: PERSIST_MAX_AGE_MS,
  dehydrateOptions: {
    shouldDehydrateQuery: shouldSave,
    shouldDehydrateMutation: () => false,
  },
} satisfies Omit<PersistQueryClientOptions, 'queryClient' | 'persister'>;

/**
 * The copy as last fetched: a query saved after a failed refetch is written
 * as the success it last was, with that data's time, so the next start reads
 * it as saved data (with "Offline: saved on" its date), never as a failure.
 */
export function lastGoodCopy(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) =>
    query.state.status === 'error'
      ? { ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null } }
      : query,
  );
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** The persister every save goes through, writing each query's last good copy. */
export function savingLastGoodCopy(persister: Persister): Persister {
  return { ...persister, persistClient: (client) => persister.persistClient(lastGoodCopy(client)) };
}
