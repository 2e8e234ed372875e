/**
 * Everything the staff pages need, kept on the phone from the first staff
 * page it opens: the staff console is left out of the precache (members
 * never need it; sw/precache-rules.ts), so the code of the pages not yet
 * opened is loaded once the service worker controls the page, and its
 * runtime cache keeps it. At a venue with no signal, the attendee list can
 * then still lead to the events list and the editor. On a phone whose
 * browser has no barcode reader of its own (iOS Safari), the scanner's
 * decoder and its WebAssembly are kept too, so a ticket can be scanned at
 * a venue the phone first reaches with no signal.
 */
import { loadDecoder, needsDecoder } from './components/barcode-detection';
const STAFF_PAGES = [
  () => import('./pages/staff-events-page'),
  () => import('./pages/staff-attendees-page'),
  () => import('./pages/staff-event-editor-page'),
  () => import('./pages/staff-failures-page'),
  () => import('./pages/staff-register-member-page'),
  () => import('./pages/staff-statistics-page'),
  () => import('./pages/staff-clinical-rules-page'),
];

let started = false;

export function keepStaffPagesOffline(): void {
  const { serviceWorker } = navigator;
  if (started || !serviceWorker) return;
  started = true;
  const load = () => {
    for (const page of STAFF_PAGES) {
      page().catch(() => {
        // No signal now: a page not kept yet is kept when next opened online.
      });
    }
    if (needsDecoder()) {
      // Fetched through the service worker, which keeps it (sw/visited-caches.ts).
      loadDecoder()
        .then(({ wasmUrl }) => fetch(wasmUrl))
        .catch(() => {
          // As above: kept when the scanner is next opened online.
        });
    }
  };
  if (serviceWorker.controller) load();
  else serviceWorker.addEventListener('controllerchange', load, { once: true });
}
