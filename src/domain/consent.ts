/**
 * The PSA consent form (docs/rules.md#consent): its answers, its options and
 * its rules, in one place so the form and the server (which decides) check
 * exactly the same things.
 */
import { z } from './schema-kit';

export const PSA_TEST_NUMBERS = [1, 2, 3, 4, 5] as const;
export type PsaTestNumber = (typeof PSA_TEST_NUMBERS)[number];
/** How the form labels them: the 5th covers "5th or more". */
export const PSA_TEST_LABELS: Record<PsaTestNumber, string> = {
  1: '1st',
  2: '2nd',
  3: '3rd',
  4: '4th',
  5: '5th or more',
};

export const FAMILY_HISTORY_ANSWERS = ['Yes', 'No', "Don't know"] as const;
export type FamilyHistoryAnswer = (typeof FAMILY_HISTORY_ANSWERS)[number];

export const FATHER_SIDE_RELATIVES = ['Father', 'Brother', 'Grandfather', 'Uncle'] as const;
export type FatherSideRelative = (typeof FATHER_SIDE_RELATIVES)[number];

export const MOTHER_SIDE_RELATIVES = ['Mother', 'Sister', 'Grandmother', 'Aunt'] as const;
export type MotherSideRelative = (typeof MOTHER_SIDE_RELATIVES)[number];

export const MEDICATIONS = ['Proscar/Propecia (Finasteride)', 'Avodart', 'Combodart', 'None of the above'] as const;
export type Medication = (typeof MEDICATIONS)[number];

/** Longest free text kept (the mother's-side details box). */
export const CONSENT_DETAILS_MAX = 2000;

/** The answers a member gives; the server adds who and when. */
/**
 * The consent answers, declared once as a schema: the type every form and
 * page uses, and the shape the server answers staff with (staff-consent.ts).
 * The form's own checks on the way in are consent-schema.ts's.
 */
export const consentAnswersShape = z.object({
  numberOfPsaTest: z.nullable(z.literal(PSA_TEST_NUMBERS)),
  familyHistoryProstateCancer: z.nullable(z.enum(FAMILY_HISTORY_ANSWERS)),
  familyMemberWithProstateCancer: z.array(z.enum(FATHER_SIDE_RELATIVES)),
  /** Room in the stored answers (docs/rules.md#consent) but never asked by the form; accepted when sent. */
  additionalProstateCancerDetails: z.optional(z.string()),
  familyHistoryBreastOvarianCancer: z.nullable(z.enum(FAMILY_HISTORY_ANSWERS)),
  familyMemberWithOvarianCancer: z.array(z.enum(MOTHER_SIDE_RELATIVES)),
  motherSideDetails: z.string(),
  medicationHistory: z.nullable(z.enum(MEDICATIONS)),
  agreeToTerms: z.boolean(),
  consentToSampleTesting: z.boolean(),
  /** Optional: pass details to a private GP. */
  consentToPrivateGp: z.boolean(),
});

export type ConsentAnswers = z.output<typeof consentAnswersShape>;

/**
 * POST /api/medical/consent: the answers, the event and the original client's
 * profileId / psaTestDate. The member is the token's; a profileId that is not
 * the caller's is refused (403), and psaTestDate must be the event's date.
 */
export interface ConsentRequest extends ConsentAnswers {
  eventId: string;
  profileId?: number | string;
  psaTestDate?: string;
}

/** POST /api/medical/consent and POST /api/medical/test-consent (both 201): the consent filed. */
export const consentFiledSchema = z.strictObject({ status: z.literal('success'), consent_id: z.string() });

/**
 * GET /api/medical/test-consent: the link is good and unused, for the
 * profile (its number, where the link carries it as text) and date it names.
 */
export const testConsentLinkAnswerSchema = z.strictObject({
  status: z.literal('success'),
  profile_id: z.number(),
  /** YYYY-MM-DD. */
  test_date: z.string(),
});

export type ConsentFiled = z.output<typeof consentFiledSchema>;
export type TestConsentLinkAnswer = z.output<typeof testConsentLinkAnswerSchema>;

export type ConsentField =
  | 'numberOfPsaTest'
  | 'familyHistoryProstateCancer'
  | 'familyMemberWithProstateCancer'
  | 'familyHistoryBreastOvarianCancer'
  | 'familyMemberWithOvarianCancer'
  | 'medicationHistory'
  | 'agreeToTerms'
  | 'consentToSampleTesting';

export const CONSENT_MESSAGES = {
  required: 'This field is required.',
  relatives: 'Please specify which relative(s) or provide additional details.',
  terms: 'You must agree to the terms and conditions.',
  samples: 'You must consent that your samples will be taken and tested.',
} as const;

/** Title of the notice that repeats the first problem. */
export const CONSENT_NOTICE_TITLE = 'Consent Required';

export interface ConsentProblem {
  field: ConsentField;
  message: string;
}

export const emptyConsentAnswers = (): ConsentAnswers => ({
  numberOfPsaTest: null,
  familyHistoryProstateCancer: null,
  familyMemberWithProstateCancer: [],
  familyHistoryBreastOvarianCancer: null,
  familyMemberWithOvarianCancer: [],
  motherSideDetails: '',
  medicationHistory: null,
  agreeToTerms: false,
  consentToSampleTesting: false,
  consentToPrivateGp: false,
});

const blank = (text: string | undefined) => (text ?? '').trim() === '';

/** Every problem with the answers, in the order the form shows its questions; empty when they can be sent. */
export function consentProblems(answers: ConsentAnswers): ConsentProblem[] {
  const problems: ConsentProblem[] = [];
  const add = (field: ConsentField, message: string) => problems.push({ field, message });

  if (answers.numberOfPsaTest === null) add('numberOfPsaTest', CONSENT_MESSAGES.required);
  if (answers.familyHistoryProstateCancer === null) add('familyHistoryProstateCancer', CONSENT_MESSAGES.required);
  else if (
    answers.familyHistoryProstateCancer === 'Yes' &&
    answers.familyMemberWithProstateCancer.length === 0 &&
    blank(answers.additionalProstateCancerDetails)
  ) {
    add('familyMemberWithProstateCancer', CONSENT_MESSAGES.relatives);
  }
  if (answers.familyHistoryBreastOvarianCancer === null) add('familyHistoryBreastOvarianCancer', CONSENT_MESSAGES.required);
  else if (
    answers.familyHistoryBreastOvarianCancer === 'Yes' &&
    answers.familyMemberWithOvarianCancer.length === 0 &&
    blank(answers.motherSideDetails)
  ) {
    add('familyMemberWithOvarianCancer', CONSENT_MESSAGES.relatives);
  }
  if (answers.medicationHistory === null) add('medicationHistory', CONSENT_MESSAGES.required);
  if (!answers.agreeToTerms) add('agreeToTerms', CONSENT_MESSAGES.terms);
  // The sample consent is checked only once the terms are ticked (docs/rules.md#consent).
  else if (!answers.consentToSampleTesting) add('consentToSampleTesting', CONSENT_MESSAGES.samples);
  return problems;
}

/**
 * The wording of the consent form a member agrees to, stored with each
 * consent. Change it whenever the form's text changes.
 */
export const CONSENT_VERSION = 'chaps-psa-consent-2025-01';
