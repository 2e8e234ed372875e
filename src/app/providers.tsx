/**
 * App-wide providers: the query client persisted to IndexedDB (so visited
 * events pages open offline) and the declarative router, which is ~16 KB
 * gzip lighter than the data router
 * (docs/benchmarks.md#first-load-javascript-per-route).
 */
import { hydrate, IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { QUERY_STATE_ID } from '../domain/query-state';
import { persistOptions, queryClient } from '../lib/query-client';

/** The data a page the server rendered was drawn with (ADR 0012), into the cache before the first render. */
function takeServerQueryState(): void {
  const element = document.getElementById(QUERY_STATE_ID);
  if (!element?.textContent) return;
  try {
    hydrate(queryClient, JSON.parse(element.textContent));
  } catch {
    // Unreadable data: the page loads it from the API like any other.
  }
}

/**
 * PersistQueryClientProvider's restore-then-save, with one difference: the
 * end of the restore is a transition. A page rendered ahead of time
 * (main.tsx) hydrates its content once that page's code has arrived; an
 * urgent update reaching it before then would make React throw the
 * server's markup away and show the loading spinner until the code came,
 * moving everything below. A transition waits for the hydration instead.
 */
function PersistedQueries({ children }: { children: ReactNode }) {
  // Once, before anything below renders, so hydration draws what the server drew.
  useState(takeServerQueryState);
  const [isRestoring, setIsRestoring] = useState(true);
  useEffect(() => {
    const options = { ...persistOptions, queryClient };
    if (isRestoring) {
      let live = true;
      persistQueryClientRestore(options)
        .catch(() => undefined)
        .finally(() => live && startTransition(() => setIsRestoring(false)));
      return () => {
        live = false;
      };
    }
    return persistQueryClientSubscribe(options);
  }, [isRestoring]);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PersistedQueries>
      <BrowserRouter>{children}</BrowserRouter>
    </PersistedQueries>
  );
}
