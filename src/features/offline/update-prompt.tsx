/**
 * "A new version of this site is ready." Reload switches to it now; Not now
 * keeps the current page. The prompt never interrupts a form being filled:
 * while one holds what the user typed, it stays hidden. Either way the new
 * version takes over at the next change of page (a reload there loses
 * nothing), unless a form in progress is still on screen.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { hasFormInProgress, useFormInProgress } from './form-activity';
import type { ServiceWorkerControls } from './register-sw';
import { workerRegistration } from './start-worker';
import './offline.css';

export function UpdatePrompt() {
  const { pathname } = useLocation();
  const [needRefresh, setNeedRefresh] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const formInProgress = useFormInProgress();
  const controls = useRef<ServiceWorkerControls | null>(null);
  const shownPath = useRef(pathname);
  const applying = useRef(false);

  useEffect(() => {
    // The entry's registration (start-worker.ts), made once the page has loaded and gone quiet.
    const registration = workerRegistration();
    if (!registration) return;
    const show = () => setNeedRefresh(true);
    let stop = () => {};
    let live = true;
    void registration.then((module) => {
      if (!live) return;
      controls.current = module.registerServiceWorker(show);
      stop = () => module.stopListening(show);
    });
    return () => {
      live = false;
      stop();
    };
  }, []);

  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (!needRefresh || applying.current || hasFormInProgress()) return;
    applying.current = true;
    void controls.current?.applyUpdate();
  }, [pathname, needRefresh]);

  if (!needRefresh || dismissed || formInProgress) return null;

  return (
    <aside className="update-prompt" aria-label="Site update">
      <p role="status">A new version of this site is ready.</p>
      <p className="update-prompt-note">Reload now, or it loads when you next go to another page.</p>
      <div className="update-prompt-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={reloading}
          onClick={() => {
            applying.current = true;
            setReloading(true);
            void controls.current?.applyUpdate();
          }}
        >
          {reloading ? 'Reloading…' : 'Reload'}
        </button>
        <button type="button" className="button" onClick={() => setDismissed(true)}>
          Not now
        </button>
      </div>
    </aside>
  );
}
