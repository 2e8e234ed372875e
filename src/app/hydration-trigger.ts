/**
 * When a page the server drew is hydrated (ADR 0023).
 *
 * The server's markup can be read, scrolled and followed (its links are
 * ordinary links) without React. On a slow phone, hydrating it at once was
 * most of a first visit's main-thread work (ADR 0015), done for a reader who
 * may only read. So the code is loaded and made ready, and React takes the
 * page over when it is first needed:
 *
 * - the person does something: a touch, a press, a key, a pointer moving, a
 *   wheel, focus entering the page, a value set in a field or list. React is started inside that very event,
 *   before the event reaches the page, so it hydrates synchronously and
 *   hands the event on (its own replay of a discrete event that reaches a
 *   page not yet hydrated): the first tap on a button does what it says;
 * - part of the page that is drawn from data the browser must fetch (the
 *   events list, a map, the published figures) comes into view; the server
 *   marks it `data-hydrate-on-view`;
 * - the browser has a new version of the site waiting: the update prompt.
 *   (Its offer to install the site is kept by install-state.ts from the
 *   start and shown by the footer, which is hydrated once in view.)
 * - someone is signed in on this device: the header and his pages are his,
 *   not the server's signed-out copy.
 *
 * Until the code is ready a press cannot be handled, so the server draws
 * such controls disabled (ReadyFieldset, useInBrowser); once it is ready they
 * are enabled here, in the server's markup, as hydration would enable them.
 */

import { PAGE_NEEDED_EVENT } from '../features/offline/start-worker';
import { AWAITS_CODE, markControlsEnabled } from '../lib/use-in-browser';

/** What a person does that the page must answer. Scrolling by touch starts with touchstart. */
const ENGAGING_EVENTS = [
  'pointerdown',
  'pointermove',
  'touchstart',
  'keydown',
  'focusin',
  'wheel',
  'click',
  // A value set with no key or press before it (voice control, a switch device, assistive
  // software setting a list's choice): React hydrates inside it and hands it on, as it does a click.
  'input',
  'change',
  // A new version of the site is waiting: the update prompt (src/features/offline/start-worker.ts).
  PAGE_NEEDED_EVENT,
] as const;

const HYDRATE_ON_VIEW = 'data-hydrate-on-view';

interface Options {
  /** Resolves once everything the page needs to hydrate without suspending has loaded. */
  ready: Promise<unknown>;
  /** True when the page must be React's at once. */
  now: boolean;
  hydrate: () => void;
}

function enableControls(root: HTMLElement): void {
  for (const control of root.querySelectorAll<HTMLButtonElement | HTMLFieldSetElement>(`[${AWAITS_CODE}]`)) {
    control.disabled = false;
  }
  markControlsEnabled();
}

export function hydrateWhenNeeded(root: HTMLElement, { ready, now, hydrate }: Options): void {
  let started = false;
  let isReady = false;
  let wanted = now;
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) want();
        })
      : null;

  function start() {
    if (started) return;
    started = true;
    for (const type of ENGAGING_EVENTS) window.removeEventListener(type, want, true);
    observer?.disconnect();
    hydrate();
  }

  function want() {
    wanted = true;
    if (isReady) start();
  }

  if (!now) {
    for (const type of ENGAGING_EVENTS) window.addEventListener(type, want, { capture: true, passive: true });
    const marked = root.querySelectorAll(`[${HYDRATE_ON_VIEW}]`);
    // Without IntersectionObserver nothing can say when they come into view: draw them now.
    if (marked.length > 0 && !observer) wanted = true;
    for (const element of marked) observer?.observe(element);
  }

  const onReady = () => {
    isReady = true;
    if (wanted) start();
    else enableControls(root);
  };
  // A chunk that will not load (offline, and stays so) leaves the server's page as it is, readable.
  ready.then(onReady, onReady);
}
