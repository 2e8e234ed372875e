/**
 * Scrolling after navigation. A link with a section ("/events#community")
 * navigates first, then scrolls once the page has drawn: after 200 ms on
 * the same page, 300 ms after a page change (docs/rules.md#display-details), or
 * after the delay the link set in its state (scrollAfter: the home READ MORE's
 * 200 ms, docs/rules.md#display-details), checking again for a while in case
 * the page's code is still loading. Any other page change starts at the top,
 * with focus on the main region so a screen reader starts reading the new page.
 * A page the server drew, opened at a section, is left where the browser
 * scrolled it.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { scrollDelayOf } from '@/lib/paths';

export const SAME_PAGE_SCROLL_DELAY_MS = 200;
export const NEW_PAGE_SCROLL_DELAY_MS = 300;
const RETRY_MS = 250;
const GIVE_UP_MS = 4000;

export function ScrollManager({ mainId }: { mainId: string }) {
  const { pathname, hash, state } = useLocation();
  const linkDelay = scrollDelayOf(state);
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    const firstRender = previousPath.current === null;
    const pageChanged = previousPath.current !== pathname;
    previousPath.current = pathname;

    if (!hash) {
      if (pageChanged && !firstRender) {
        window.scrollTo(0, 0);
        document.getElementById(mainId)?.focus({ preventScroll: true });
      }
      return;
    }

    // A page the server drew was scrolled to its section by the browser as it loaded; it may
    // be hydrated much later (ADR 0023), when scrolling back there would undo the reader's own.
    if (firstRender && document.getElementById('root')?.hasAttribute('data-prerendered')) return;

    const id = decodeURIComponent(hash.slice(1));
    const startedAt = Date.now();
    let timer = 0;
    const tryScroll = () => {
      const target = document.getElementById(id);
      if (target) {
        const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
        return;
      }
      if (Date.now() - startedAt < GIVE_UP_MS) timer = window.setTimeout(tryScroll, RETRY_MS);
    };
    timer = window.setTimeout(tryScroll, linkDelay ?? (pageChanged ? NEW_PAGE_SCROLL_DELAY_MS : SAME_PAGE_SCROLL_DELAY_MS));
    return () => window.clearTimeout(timer);
  }, [pathname, hash, mainId, linkDelay]);

  return null;
}
