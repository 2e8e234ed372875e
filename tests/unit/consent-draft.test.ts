import { describe, expect, it } from 'vitest';
import { emptyConsentAnswers, type ConsentAnswers } from '../../src/domain/consent';
import { consentToSend, readConsentAnswers, sameConsent } from '../../src/domain/consent-draft';

const full: ConsentAnswers = {
  numberOfPsaTest: 2,
  familyHistoryProstateCancer: 'Yes',
  familyMemberWithProstateCancer: ['Father', 'Uncle'],
  familyHistoryBreastOvarianCancer: 'Yes',
  familyMemberWithOvarianCancer: ['Sister'],
  motherSideDetails: '  Aunt, breast cancer at 60  ',
  medicationHistory: 'Avodart',
  agreeToTerms: true,
  consentToSampleTesting: true,
  consentToPrivateGp: false,
};

describe('readConsentAnswers', () => {
  it('reads back a stored copy unchanged', () => {
    expect(readConsentAnswers(JSON.parse(JSON.stringify(full)))).toEqual(full);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'answers'],
    ['a number', 7],
    ['an array', []],
  ])('%s becomes the empty answers', (_, raw) => {
    expect(readConsentAnswers(raw)).toEqual(emptyConsentAnswers());
  });

  it('keeps only values the form offers', () => {
    const read = readConsentAnswers({
      numberOfPsaTest: 9,
      familyHistoryProstateCancer: 'Maybe',
      familyMemberWithProstateCancer: ['Father', 'Cousin', 3],
      familyHistoryBreastOvarianCancer: "Don't know",
      familyMemberWithOvarianCancer: 'Mother',
      motherSideDetails: 'x'.repeat(3000),
      medicationHistory: 'Aspirin',
      agreeToTerms: 'yes',
      consentToSampleTesting: true,
      consentToPrivateGp: 1,
    });
    expect(read).toEqual({
      ...emptyConsentAnswers(),
      familyMemberWithProstateCancer: ['Father'],
      familyHistoryBreastOvarianCancer: "Don't know",
      motherSideDetails: 'x'.repeat(2000),
      consentToSampleTesting: true,
    });
  });
});

describe('consentToSend', () => {
  it('keeps relatives and details when the answer is Yes, trimming the details', () => {
    expect(consentToSend(full)).toEqual({ ...full, motherSideDetails: 'Aunt, breast cancer at 60' });
  });

  it.each(['No', "Don't know"] as const)('drops ticks left from an earlier Yes when the answer is now %s', (answer) => {
    const sent = consentToSend({ ...full, familyHistoryProstateCancer: answer, familyHistoryBreastOvarianCancer: answer });
    expect(sent.familyMemberWithProstateCancer).toEqual([]);
    expect(sent.familyMemberWithOvarianCancer).toEqual([]);
    expect(sent.motherSideDetails).toBe('');
  });
});

describe('sameConsent', () => {
  it.each<[string, Partial<ConsentAnswers>, boolean]>([
    ['identical answers', {}, true],
    ['only hidden ticks differ', { familyHistoryProstateCancer: 'No', familyMemberWithProstateCancer: ['Brother'] }, false],
    ['a different test number', { numberOfPsaTest: 3 }, false],
    ['the GP consent changed', { consentToPrivateGp: true }, false],
    ['details differ only in spaces', { motherSideDetails: 'Aunt, breast cancer at 60' }, true],
  ])('%s -> %s', (_, change, same) => {
    expect(sameConsent(full, { ...full, ...change })).toBe(same);
  });

  it('ignores ticks hidden behind a No on both copies', () => {
    const a = { ...full, familyHistoryProstateCancer: 'No' as const, familyMemberWithProstateCancer: ['Brother' as const] };
    const b = { ...full, familyHistoryProstateCancer: 'No' as const, familyMemberWithProstateCancer: [] };
    expect(sameConsent(a, b)).toBe(true);
  });
});
