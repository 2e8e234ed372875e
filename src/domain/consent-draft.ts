/**
 * Consent answers kept between page loads (sessionStorage, per event), so a
 * reload or a dropped signal never costs a man his typed answers. What comes
 * back from storage is checked field by field: a stale or tampered copy
 * yields the parts that are still valid, never a broken form.
 */
import {
  emptyConsentAnswers,
  FAMILY_HISTORY_ANSWERS,
  FATHER_SIDE_RELATIVES,
  MEDICATIONS,
  MOTHER_SIDE_RELATIVES,
  PSA_TEST_NUMBERS,
  CONSENT_DETAILS_MAX,
  type ConsentAnswers,
} from './consent';

const oneOf = <T>(options: readonly T[], value: unknown): T | null =>
  options.includes(value as T) ? (value as T) : null;

const someOf = <T>(options: readonly T[], value: unknown): T[] =>
  Array.isArray(value) ? options.filter((option) => value.includes(option)) : [];

/** Answers read back from storage; anything unreadable becomes the empty answer. */
export function readConsentAnswers(raw: unknown): ConsentAnswers {
  const empty = emptyConsentAnswers();
  if (typeof raw !== 'object' || raw === null) return empty;
  const r = raw as Record<string, unknown>;
  return {
    numberOfPsaTest: oneOf(PSA_TEST_NUMBERS, r.numberOfPsaTest),
    familyHistoryProstateCancer: oneOf(FAMILY_HISTORY_ANSWERS, r.familyHistoryProstateCancer),
    familyMemberWithProstateCancer: someOf(FATHER_SIDE_RELATIVES, r.familyMemberWithProstateCancer),
    familyHistoryBreastOvarianCancer: oneOf(FAMILY_HISTORY_ANSWERS, r.familyHistoryBreastOvarianCancer),
    familyMemberWithOvarianCancer: someOf(MOTHER_SIDE_RELATIVES, r.familyMemberWithOvarianCancer),
    motherSideDetails:
      typeof r.motherSideDetails === 'string' ? r.motherSideDetails.slice(0, CONSENT_DETAILS_MAX) : empty.motherSideDetails,
    medicationHistory: oneOf(MEDICATIONS, r.medicationHistory),
    agreeToTerms: r.agreeToTerms === true,
    consentToSampleTesting: r.consentToSampleTesting === true,
    consentToPrivateGp: r.consentToPrivateGp === true,
  };
}

/**
 * What the server is sent: relatives only when that side's answer is Yes
 * (ticks left over from an earlier Yes must not be filed as family history).
 */
export function consentToSend(answers: ConsentAnswers): ConsentAnswers {
  const fatherYes = answers.familyHistoryProstateCancer === 'Yes';
  const motherYes = answers.familyHistoryBreastOvarianCancer === 'Yes';
  return {
    ...answers,
    familyMemberWithProstateCancer: fatherYes ? answers.familyMemberWithProstateCancer : [],
    familyMemberWithOvarianCancer: motherYes ? answers.familyMemberWithOvarianCancer : [],
    motherSideDetails: motherYes ? answers.motherSideDetails.trim() : '',
  };
}

/** Same answers as far as the server is concerned: a saved consent can be reused for them. */
export function sameConsent(a: ConsentAnswers, b: ConsentAnswers): boolean {
  return JSON.stringify(consentToSend(a)) === JSON.stringify(consentToSend(b));
}
