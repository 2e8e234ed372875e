/**
 * Entry: mounts the app. Everything else loads from here.
 *
 * A page the server sent rendered (src/app/prerender.tsx) is hydrated, with
 * the query data it was drawn with put in the cache first; the service
 * worker's shell, empty, is rendered into. Either way the first render runs
 * as a transition, so React yields to the browser every few milliseconds
 * instead of holding the main thread for the whole tree.
 */
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient } from '../lib/query-client';
import { App } from './app';
import { QUERY_STATE_ID } from '../domain/query-state';
import './theme.css';
import './components.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const state = document.getElementById(QUERY_STATE_ID);
if (state?.textContent) {
  try {
    hydrate(queryClient, JSON.parse(state.textContent));
  } catch {
    // Unreadable data: the page loads it from the API like any other.
  }
}

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

startTransition(() => {
  if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
