/**
 * "Install the app" in the footer: the browser's own install dialog where it
 * offers one, the Add to Home Screen steps on iOS Safari (loaded only there),
 * and nothing once the site is installed or where neither applies.
 */
import { Suspense } from 'react';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import { promptInstall, useInstallOffer } from './install-state';
import './install.css';

const IosInstallHelp = lazyWhenOnline(() => import('./ios-install-help'));

export function InstallButton() {
  const offer = useInstallOffer();
  if (offer === 'installed' || offer === 'none') return null;
  return (
    <section className="install-app" aria-labelledby="install-app-title">
      <h2 id="install-app-title">Get the app</h2>
      <p>Keep event details and your bookings on your phone, even where there is no signal.</p>
      {offer === 'prompt' ? (
        <button type="button" className="button install-app-button" onClick={() => void promptInstall()}>
          Install the app
        </button>
      ) : (
        <Suspense fallback={null}>
          <IosInstallHelp />
        </Suspense>
      )}
    </section>
  );
}
