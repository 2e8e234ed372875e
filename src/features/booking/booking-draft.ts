/**
 * The booking in progress for one event, kept in sessionStorage so a reload
 * (or an app killed in the background on a poor signal) returns the member
 * to the same step with the same slot and consent answers. The consent id is
 * kept with the answers it was saved for, so a retry after a refusal does
 * not file the same consent twice.
 */
import { useCallback, useState } from 'react';
import { emptyConsentAnswers, type ConsentAnswers } from '../../domain/consent';
import { readConsentAnswers, sameConsent } from '../../domain/consent-draft';

export type BookingStep = 'slot' | 'consent';

export interface BookingDraft {
  step: BookingStep;
  slot: string | null;
  answers: ConsentAnswers;
  /** The consent saved for `savedAnswers`, reusable while the answers stay the same. */
  consentId: string | null;
  savedAnswers: ConsentAnswers | null;
}

const KEY_PREFIX = 'chaps-booking-draft:';

const emptyDraft = (): BookingDraft => ({
  step: 'slot',
  slot: null,
  answers: emptyConsentAnswers(),
  consentId: null,
  savedAnswers: null,
});

export function loadDraft(storageKey: string): BookingDraft {
  try {
    const raw = window.sessionStorage.getItem(KEY_PREFIX + storageKey);
    if (!raw) return emptyDraft();
    const r = JSON.parse(raw) as Partial<Record<keyof BookingDraft, unknown>>;
    const slot = typeof r.slot === 'string' && /^\d{2}:\d{2}$/.test(r.slot) ? r.slot : null;
    return {
      step: r.step === 'consent' && slot ? 'consent' : 'slot',
      slot,
      answers: readConsentAnswers(r.answers),
      consentId: typeof r.consentId === 'string' ? r.consentId : null,
      savedAnswers: r.savedAnswers ? readConsentAnswers(r.savedAnswers) : null,
    };
  } catch {
    return emptyDraft();
  }
}

function storeDraft(storageKey: string, draft: BookingDraft): void {
  try {
    window.sessionStorage.setItem(KEY_PREFIX + storageKey, JSON.stringify(draft));
  } catch {
    // Storage blocked or full: the form still works, it just will not survive a reload.
  }
}

export function clearDraft(storageKey: string): void {
  try {
    window.sessionStorage.removeItem(KEY_PREFIX + storageKey);
  } catch {
    // Nothing to clear.
  }
}

/** The consent id to reuse for these answers, if one was saved for the same answers. */
export function reusableConsentId(draft: BookingDraft): string | null {
  return draft.consentId && draft.savedAnswers && sameConsent(draft.savedAnswers, draft.answers) ? draft.consentId : null;
}

/** The draft as React state, written through to sessionStorage on every change. */
export function useBookingDraft(storageKey: string) {
  const [draft, setDraft] = useState(() => loadDraft(storageKey));
  const update = useCallback(
    (change: Partial<BookingDraft>) =>
      setDraft((current) => {
        const next = { ...current, ...change };
        storeDraft(storageKey, next);
        return next;
      }),
    [storageKey],
  );
  return [draft, update] as const;
}
