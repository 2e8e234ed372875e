/**
 * Is someone part-way through filling in a form? Tracks, for the whole page,
 * the forms (or lone fields) the user has typed into that are still on screen
 * and still hold something. Submitting does not count as done: a write that
 * failed for want of signal keeps what was typed, and that must not be lost
 * to a reload either. Used to hold the update prompt (update-prompt.tsx).
 */
import { useSyncExternalStore } from 'react';

const FIELDS = 'input, textarea, select';
const IGNORED_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image']);
const edited = new Set<Element>();
const listeners = new Set<() => void>();

function holdsEntry(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    if (IGNORED_TYPES.has(field.type)) return false;
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked;
    return field.value !== '';
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== '';
  // A select always has a value; one the user changed counts.
  return field instanceof HTMLSelectElement;
}

function stillFilled(area: Element): boolean {
  if (!area.isConnected) return false;
  const fields = area.matches(FIELDS) ? [area] : Array.from(area.querySelectorAll(FIELDS));
  return fields.some((field) => (field instanceof HTMLSelectElement ? area === field : holdsEntry(field)));
}

/** True while a form the user typed into is on screen with something in it. */
export function hasFormInProgress(): boolean {
  for (const area of edited) {
    if (!stillFilled(area)) edited.delete(area);
  }
  return edited.size > 0;
}

function onEdit(event: Event) {
  const target = event.target;
  if (!(target instanceof Element) || !target.matches(FIELDS)) return;
  edited.add(target.closest('form') ?? target);
  listeners.forEach((listener) => listener());
}

if (typeof document !== 'undefined') {
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** hasFormInProgress(), re-read on every edit (and on each render of the caller). */
export function useFormInProgress(): boolean {
  return useSyncExternalStore(subscribe, hasFormInProgress, () => false);
}
