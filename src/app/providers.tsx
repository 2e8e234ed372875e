/**
 * App-wide providers: the query client persisted to IndexedDB (so visited
 * events pages open offline) and the declarative router, which is ~16 KB
 * gzip lighter than the data router (docs FACTS.md, bundle sizes).
 */
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { persistOptions, queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <BrowserRouter>{children}</BrowserRouter>
    </PersistQueryClientProvider>
  );
}
