/** Every page's frame: skip link, header with navigation, main region, footer (not on /news). */
import { Suspense, type MouseEvent } from 'react';
import { lazyWhenOnline } from '../../lib/lazy-when-online';
import { Outlet, useLocation } from 'react-router-dom';
import { OfflineNotice, UpdatePrompt } from '../../features/offline';
import { Spinner } from '../../lib/ui/spinner';
import { paths } from '@/lib/paths';
import { ScrollManager } from './scroll-manager';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './header.css';

const MAIN_ID = 'main';

// The newsletter band loads after the page, keeping it out of the entry chunk.
const StayInTouch = lazyWhenOnline(() => import('../../features/newsletter'));

/** The frame's own lazily loaded parts, for a page hydrated mid-tap (ADR 0023). */
export const preloadLayout = (): Promise<void> => StayInTouch.preload();

/** Moves focus into the main region without putting "#main" in the address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

export function Layout() {
  const { pathname } = useLocation();
  const showFooter = pathname !== paths.news;

  return (
    <>
      <a href={`#${MAIN_ID}`} className="skip-link" onClick={skipToMain}>
        Skip to main content
      </a>
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="container site-main">
        <OfflineNotice />
        <Suspense fallback={<Spinner label="Loading page…" />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <StayInTouch />
      </Suspense>
      {showFooter && <SiteFooter />}
      <UpdatePrompt />
      <ScrollManager mainId={MAIN_ID} />
    </>
  );
}
