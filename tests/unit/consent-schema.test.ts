/** The consent answers' wire schema (src/domain/consent-schema.ts): what each field takes, as a table. */
import { describe, expect, it } from 'vitest';
import { consentAnswersSchema, NOT_AN_OPTION } from '../../src/domain/consent-schema';
import { check } from '../../src/domain/schema-kit';

const issuesOf = (body: Record<string, unknown>) => {
  const checked = check(consentAnswersSchema, body);
  return checked.ok ? [] : checked.issues.map((i) => [i.path, i.message]);
};

describe('consent answers on the wire', () => {
  it('reads an empty body as nothing chosen', () => {
    expect(check(consentAnswersSchema, {})).toEqual({
      ok: true,
      value: {
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
      },
    });
  });

  it.each([
    [{ numberOfPsaTest: 3 }, []],
    [{ numberOfPsaTest: '3' }, []],
    [{ numberOfPsaTest: '' }, []],
    [{ numberOfPsaTest: 6 }, [['numberOfPsaTest', NOT_AN_OPTION]]],
    [{ numberOfPsaTest: '3.0' }, [['numberOfPsaTest', NOT_AN_OPTION]]],
    [{ familyHistoryProstateCancer: 'Maybe' }, [['familyHistoryProstateCancer', NOT_AN_OPTION]]],
    [{ familyMemberWithProstateCancer: ['Father', 'Brother'] }, []],
    [{ familyMemberWithProstateCancer: 'Father' }, [['familyMemberWithProstateCancer', NOT_AN_OPTION]]],
    [{ familyMemberWithProstateCancer: ['Mother'] }, [['familyMemberWithProstateCancer', NOT_AN_OPTION]]],
    [{ familyMemberWithOvarianCancer: Array(9).fill('Aunt') }, [['familyMemberWithOvarianCancer', NOT_AN_OPTION]]],
    [{ motherSideDetails: 'x'.repeat(2001) }, [['motherSideDetails', 'This must be at most 2000 characters.']]],
    [{ motherSideDetails: 'a\u0000b' }, [['motherSideDetails', 'This must be plain text.']]],
    [{ motherSideDetails: 12 }, [['motherSideDetails', 'This must be plain text.']]],
    [{ agreeToTerms: 'yes' }, [['agreeToTerms', NOT_AN_OPTION]]],
    [{ medicationHistory: 'Avodart', consentToPrivateGp: null }, []],
    [
      { numberOfPsaTest: 0, agreeToTerms: 1 },
      [
        ['numberOfPsaTest', NOT_AN_OPTION],
        ['agreeToTerms', NOT_AN_OPTION],
      ],
    ],
  ])('%j -> %j', (body, issues) => expect(issuesOf(body)).toEqual(issues));

  it('keeps relatives and details only with a Yes, each relative once in the form’s order', () => {
    const yes = check(consentAnswersSchema, {
      familyHistoryProstateCancer: 'Yes',
      familyMemberWithProstateCancer: ['Uncle', 'Father', 'Uncle'],
      additionalProstateCancerDetails: '  a cousin ',
      familyHistoryBreastOvarianCancer: 'No',
      familyMemberWithOvarianCancer: ['Aunt'],
      motherSideDetails: 'kept only with a Yes',
    });
    expect(yes.ok && yes.value).toMatchObject({
      familyMemberWithProstateCancer: ['Father', 'Uncle'],
      additionalProstateCancerDetails: 'a cousin',
      familyMemberWithOvarianCancer: [],
      motherSideDetails: '',
    });
  });
});
