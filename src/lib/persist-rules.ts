/**
 * What the saved query cache keeps and for how long: the persist options
 * that carry no storage, on their own so a test can hold TanStack Query's
 * persist client to them without IndexedDB (tests/unit/saved-copy-age.test.ts).
 */
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';

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
export const PERSIST_MAX_AGE_MS = DAY_MS;
// 'member' keys hold the member's id (['member', userId, ...]); sign-out clears them (src/lib/auth.ts).
// 'statistics' is the public figures staff published (src/lib/published-statistics.ts).
export const PERSISTED_ROOT_KEYS: readonly string[] = ['events', 'member', 'statistics'];

export const persistRules = {
  buster: PERSIST_BUSTER,
  maxAge: PERSIST_MAX_AGE_MS,
  dehydrateOptions: {
    shouldDehydrateQuery: (query) => PERSISTED_ROOT_KEYS.includes(String(query.queryKey[0])) && query.state.status === 'success',
    shouldDehydrateMutation: () => false,
  },
} satisfies Omit<PersistQueryClientOptions, 'queryClient' | 'persister'>;
