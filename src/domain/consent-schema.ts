/**
 * The consent answers as they cross the wire (docs/rules.md#consent): each
 * field one of the form's own options or empty, free text within
 * CONSENT_DETAILS_MAX under the site's text rule. A body that does not fit is a
 * 422 naming every such field; the form's rules on the answers
 * (consentProblems, which the form shows as it is filled in) are checked after,
 * by the service, since which event and member it is comes first. Relatives and
 * details belong to a "Yes": the form hides them otherwise, so they are dropped
 * for any other answer.
 */
import {
  CONSENT_DETAILS_MAX,
  FAMILY_HISTORY_ANSWERS,
  FATHER_SIDE_RELATIVES,
  MEDICATIONS,
  MOTHER_SIDE_RELATIVES,
  PSA_TEST_NUMBERS,
  type ConsentAnswers,
} from './consent';
import { cleanText, textRule, z } from './schema-kit';

export const NOT_AN_OPTION = 'This answer is not one of the form’s options.';
const NOT_TEXT = 'This must be plain text.';
const TOO_LONG = `This must be at most ${CONSENT_DETAILS_MAX} characters.`;

/** Absent and null (and, for a choice, '') read as `empty`; anything else goes on to `then`. */
const orEmpty = <T extends z.ZodMiniType>(empty: unknown, then: T, blank: readonly unknown[] = [undefined, null]) =>
  z.pipe(z.pipe(z.optional(z.unknown()), z.transform((value) => (blank.includes(value) ? empty : value))), then);

/** One option, or null when none was chosen; a number's option may come as its digits ('3'). */
const choice = <const T extends readonly (string | number)[]>(options: T) =>
  orEmpty(
    null,
    z.nullable(
      z.pipe(
        z.unknown().check(textRule((v) => options.some((o) => o === v || (typeof o === 'number' && String(o) === v)), NOT_AN_OPTION)),
        z.transform((v) => options.find((o) => o === v || String(o) === v) as T[number]),
      ),
    ),
    [undefined, null, ''],
  );

/** Any of the options, each once, in the form's order. */
const choices = <const T extends readonly string[]>(options: T) =>
  orEmpty(
    [],
    z.pipe(
      z.unknown().check(
        textRule((v) => Array.isArray(v) && v.length <= options.length * 2 && v.every((item) => options.includes(item)), NOT_AN_OPTION),
      ),
      z.transform((v) => options.filter((option) => (v as unknown[]).includes(option)) as T[number][]),
    ),
  );

const details = orEmpty('', cleanText(CONSENT_DETAILS_MAX, { notText: NOT_TEXT, badText: NOT_TEXT, tooLong: TOO_LONG }));
const flag = orEmpty(false, z.boolean(NOT_AN_OPTION));

/** The answers in a consent body; the field order is the order issues are listed in. */
export const consentAnswersSchema = z.pipe(
  z.object({
    familyHistoryProstateCancer: choice(FAMILY_HISTORY_ANSWERS),
    familyHistoryBreastOvarianCancer: choice(FAMILY_HISTORY_ANSWERS),
    familyMemberWithProstateCancer: choices(FATHER_SIDE_RELATIVES),
    familyMemberWithOvarianCancer: choices(MOTHER_SIDE_RELATIVES),
    additionalProstateCancerDetails: details,
    motherSideDetails: details,
    numberOfPsaTest: choice(PSA_TEST_NUMBERS),
    medicationHistory: choice(MEDICATIONS),
    agreeToTerms: flag,
    consentToSampleTesting: flag,
    consentToPrivateGp: flag,
  }),
  z.transform((a): ConsentAnswers => {
    const fatherYes = a.familyHistoryProstateCancer === 'Yes';
    const motherYes = a.familyHistoryBreastOvarianCancer === 'Yes';
    return {
      numberOfPsaTest: a.numberOfPsaTest,
      familyHistoryProstateCancer: a.familyHistoryProstateCancer,
      familyMemberWithProstateCancer: fatherYes ? a.familyMemberWithProstateCancer : [],
      ...(fatherYes && a.additionalProstateCancerDetails ? { additionalProstateCancerDetails: a.additionalProstateCancerDetails } : {}),
      familyHistoryBreastOvarianCancer: a.familyHistoryBreastOvarianCancer,
      familyMemberWithOvarianCancer: motherYes ? a.familyMemberWithOvarianCancer : [],
      motherSideDetails: motherYes ? a.motherSideDetails : '',
      medicationHistory: a.medicationHistory,
      agreeToTerms: a.agreeToTerms,
      consentToSampleTesting: a.consentToSampleTesting,
      consentToPrivateGp: a.consentToPrivateGp,
    };
  }),
);
