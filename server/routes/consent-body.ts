/**
 * Reading the consent form's answers from a JSON body: each field must be
 * one of the form's own options (or empty), free text must be plain text
 * within CONSENT_DETAILS_MAX. Anything else is a 422 naming the field;
 * SPEC's rules (consentProblems) are checked after, by the service.
 */
import {
  CONSENT_DETAILS_MAX,
  FAMILY_HISTORY_ANSWERS,
  FATHER_SIDE_RELATIVES,
  MEDICATIONS,
  MOTHER_SIDE_RELATIVES,
  PSA_TEST_NUMBERS,
  type ConsentAnswers,
} from '../../src/domain/consent';
import { fieldIssue, type FieldIssue } from '../http/errors';
import { invalidConsent } from '../services/consent-service';

export const NOT_AN_OPTION = 'This answer is not one of the form’s options.';
const NOT_TEXT = 'This must be plain text.';
const TOO_LONG = `This must be at most ${CONSENT_DETAILS_MAX} characters.`;

// Control characters (but line breaks and tabs) and lone surrogates: PostgreSQL refuses some, and no person types them.
// eslint-disable-next-line no-control-regex
const NOT_PLAIN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The answers in `body`, or a 422 listing every field that is not a valid answer. */
export function readConsentAnswers(body: Record<string, unknown>): ConsentAnswers {
  const issues: FieldIssue[] = [];

  const choice = <T>(field: string, options: readonly T[]): T | null => {
    const value = body[field];
    if (value === undefined || value === null || value === '') return null;
    const found = options.find((option) => option === value || (typeof option === 'number' && String(option) === value));
    if (found === undefined) issues.push(fieldIssue(field, NOT_AN_OPTION));
    return found ?? null;
  };

  const choices = <T>(field: string, options: readonly T[]): T[] => {
    const value = body[field];
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value) || value.length > options.length * 2 || !value.every((v) => options.includes(v as T))) {
      issues.push(fieldIssue(field, NOT_AN_OPTION));
      return [];
    }
    return options.filter((option) => value.includes(option));
  };

  const text = (field: string): string => {
    const value = body[field];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string' || NOT_PLAIN.test(value)) {
      issues.push(fieldIssue(field, NOT_TEXT));
      return '';
    }
    if (value.length > CONSENT_DETAILS_MAX) issues.push(fieldIssue(field, TOO_LONG));
    return value.trim();
  };

  const flag = (field: string): boolean => {
    const value = body[field];
    if (value === undefined || value === null) return false;
    if (typeof value !== 'boolean') issues.push(fieldIssue(field, NOT_AN_OPTION));
    return value === true;
  };

  const fatherSide = choice('familyHistoryProstateCancer', FAMILY_HISTORY_ANSWERS);
  const motherSide = choice('familyHistoryBreastOvarianCancer', FAMILY_HISTORY_ANSWERS);
  const fatherRelatives = choices('familyMemberWithProstateCancer', FATHER_SIDE_RELATIVES);
  const motherRelatives = choices('familyMemberWithOvarianCancer', MOTHER_SIDE_RELATIVES);
  const fatherDetails = text('additionalProstateCancerDetails');
  const motherDetails = text('motherSideDetails');
  const answers: ConsentAnswers = {
    numberOfPsaTest: choice('numberOfPsaTest', PSA_TEST_NUMBERS),
    familyHistoryProstateCancer: fatherSide,
    // Relatives and details belong to a "Yes"; the form hides them otherwise.
    familyMemberWithProstateCancer: fatherSide === 'Yes' ? fatherRelatives : [],
    ...(fatherSide === 'Yes' && fatherDetails ? { additionalProstateCancerDetails: fatherDetails } : {}),
    familyHistoryBreastOvarianCancer: motherSide,
    familyMemberWithOvarianCancer: motherSide === 'Yes' ? motherRelatives : [],
    motherSideDetails: motherSide === 'Yes' ? motherDetails : '',
    medicationHistory: choice('medicationHistory', MEDICATIONS),
    agreeToTerms: flag('agreeToTerms'),
    consentToSampleTesting: flag('consentToSampleTesting'),
    consentToPrivateGp: flag('consentToPrivateGp'),
  };
  if (issues.length > 0) throw invalidConsent(issues);
  return answers;
}
