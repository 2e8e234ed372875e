/**
 * Entry: mounts the app. Everything else loads from here.
 *
 * A page the server sent rendered (src/app/prerender.tsx) is hydrated, the
 * data it was drawn with put in the query cache first (providers.tsx); the
 * service worker's shell, empty, is rendered into. Either way the first
 * render runs as a transition, so React yields to the browser every few
 * milliseconds instead of holding the main thread for the whole tree.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app';
import './theme.css';
import './components.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

startTransition(() => {
  if (root.hasAttribute('data-prerendered')) hydrateRoot(root, app);
  else createRoot(root).render(app);
});
