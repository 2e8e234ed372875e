/**
 * A very short-lived cache for hot reads, shared by concurrent callers:
 * while one load is in flight, others with the same key wait for it
 * instead of queueing their own query. Entries live `ttlMs` of real time
 * and the number of keys is bounded, so odd query strings cannot grow it.
 */
export type ShortCache<T> = (key: string, load: () => Promise<T>) => Promise<T>;

export function shortCache<T>(ttlMs: number, maxEntries = 256): ShortCache<T> {
  const entries = new Map<string, { storedAt: number; value: Promise<T> }>();
  return (key, load) => {
    if (ttlMs <= 0) return load();
    const now = performance.now();
    const hit = entries.get(key);
    if (hit && now - hit.storedAt < ttlMs) return hit.value;
    entries.delete(key);
    const entry = { storedAt: now, value: load() };
    entries.set(key, entry);
    // A failed load is not remembered: the next caller tries again.
    entry.value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return entry.value;
  };
}
