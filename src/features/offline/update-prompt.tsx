/**
 * "A new version of this site is ready." Reload switches to it; Not now
 * keeps the current page as it is. The site never reloads on its own.
 */
import { useEffect, useRef, useState } from 'react';
import { env } from '../../lib/env';
import type { ServiceWorkerControls } from './register-sw';
import './offline.css';

export function UpdatePrompt() {
  const [needRefresh, setNeedRefresh] = useState(false);
  const [reloading, setReloading] = useState(false);
  const controls = useRef<ServiceWorkerControls | null>(null);

  useEffect(() => {
    if (!env.isProduction || !('serviceWorker' in navigator)) return;
    const show = () => setNeedRefresh(true);
    let stop = () => {};
    void import('./register-sw').then((module) => {
      controls.current = module.registerServiceWorker(show);
      stop = () => module.stopListening(show);
    });
    return () => stop();
  }, []);

  if (!needRefresh) return null;

  return (
    <aside className="update-prompt" aria-label="Site update">
      <p role="status">A new version of this site is ready.</p>
      <div className="update-prompt-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            void controls.current?.applyUpdate();
          }}
        >
          {reloading ? 'Reloading…' : 'Reload'}
        </button>
        <button type="button" className="button" onClick={() => setNeedRefresh(false)}>
          Not now
        </button>
      </div>
    </aside>
  );
}
