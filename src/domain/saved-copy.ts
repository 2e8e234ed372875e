/**
 * What the saved query cache (TanStack Query's persisted snapshot, as JSON)
 * holds, in the product's words, for the member's Offline data panel.
 * Keys follow src/lib/event-keys.ts, src/lib/member-keys.ts and
 * src/lib/published-statistics.ts.
 */
export interface KeptItem {
  label: string;
  count: number;
}

interface PersistedClient {
  timestamp?: number;
  clientState?: { queries?: { queryKey?: unknown[] }[] };
}

function labelFor(key: unknown[]): string {
  const [root, second, third] = key;
  if (root === 'events') return second === 'detail' ? 'Event details' : 'Events lists';
  if (root === 'statistics') return 'Published screening figures';
  if (root !== 'member') return 'Other saved data';
  if (third === 'profile') return 'Your profile';
  if (third === 'appointments' || third === 'appointment') return 'Your bookings';
  if (third === 'results') return 'Your results';
  if (third === 'record-access') return 'Who has looked at your record';
  return 'Other account data';
}

function tally(labels: string[]): KeptItem[] {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return Array.from(counts, ([label, count]) => ({ label, count }));
}

/** What a saved query-cache snapshot (the persister's JSON) holds, in the product's words. */
export function summariseSavedCopy(raw: string | undefined): { saved: KeptItem[]; savedAt: number | null } {
  if (!raw) return { saved: [], savedAt: null };
  try {
    const client = JSON.parse(raw) as PersistedClient;
    const queries = client.clientState?.queries ?? [];
    const saved = tally(queries.map((query) => labelFor(query.queryKey ?? [])));
    return { saved, savedAt: saved.length > 0 ? (client.timestamp ?? null) : null };
  } catch {
    return { saved: [], savedAt: null };
  }
}

