/**
 * Entry: mounts the app. Everything else loads from here.
 *
 * A page the server sent rendered (src/app/prerender.tsx) is hydrated, the
 * data it was drawn with put in the query cache first (providers.tsx), when
 * it is first needed (hydration-trigger.ts, ADR 0023): until then it is the
 * server's page, readable and with working links. The service worker's
 * shell, empty, is rendered into at once. Either way the first render runs
 * as a transition, so React yields to the browser every few milliseconds
 * instead of holding the main thread for the whole tree.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import { hydrateWhenNeeded } from './hydration-trigger';
import { preloadPage } from './routes';
import { registerWorkerWhenIdle } from '../features/offline/start-worker';
import { hasStoredSession } from '../lib/session';
import './theme.css';
import './components.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// Offline reading needs the worker whether or not the page is ever hydrated.
registerWorkerWhenIdle();

if (root.hasAttribute('data-prerendered')) {
  hydrateWhenNeeded(root, {
    ready: preloadPage(window.location.pathname),
    now: hasStoredSession(),
    hydrate: () => startTransition(() => void hydrateRoot(root, app)),
  });
} else {
  startTransition(() => createRoot(root).render(app));
}
