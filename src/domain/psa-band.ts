/**
 * The screening result's band (docs/rules.md#psa-bands): green (normal),
 * amber (slightly raised: repeat in 3 months) or red (significantly
 * raised: see a GP), from the PSA value, the man's age in whole years
 * when the sample was taken, and the clinical rule
 * (src/domain/clinical-rule.ts, docs/rules.md#clinical-rules). The rule is
 * a plain object, never a constant read here, so the same code bands in
 * the staff console and the member's /medical-results page; a stored
 * result keeps the band its rule version gave it, and this is run only for
 * a result being saved now (and the console's preview and examples).
 *
 * - Amber starts at the rule's threshold for the age band (version 1:
 *   1.00 ng/ml in the 40s, 2.00 in the 50s, 3.00 in the 60s and 5.00
 *   from 70). Under 40 reads as the 40s, over 80 as the 70s.
 * - Red starts at the amber threshold times the rule's red factor
 *   (version 1: twice), rounded to the hundredth (half up).
 * - A value exactly on a threshold is in the higher band ("at least").
 */
import { ageBandOf, type ClinicalRule } from './clinical-rule';

export const PSA_BANDS = ['green', 'amber', 'red'] as const;
export type PsaBand = (typeof PSA_BANDS)[number];

export const PSA_UNIT = 'ng/ml';

/** The part of the rule that bands a value. */
export type BandRule = Pick<ClinicalRule, 'amber_from' | 'red_factor'>;

/** The value (ng/ml) from which a result is amber at `age`. */
export function amberThreshold(age: number, rule: BandRule): number {
  return rule.amber_from[ageBandOf(age).key];
}

/** The value (ng/ml) from which a result is red at `age`: the amber threshold times the red factor, to the hundredth. */
export function redThreshold(age: number, rule: BandRule): number {
  // In whole hundredths of both (the rule's values have at most two decimals), so no floating-point noise moves the line.
  return Math.round((Math.round(amberThreshold(age, rule) * 100) * Math.round(rule.red_factor * 100)) / 100) / 100;
}

/**
 * The band of `value` ng/ml at `age` under `rule`; null when either is unknown or not
 * a finite, non-negative number (no band rather than a guessed one).
 * Compared in hundredths, as the lab reports them, so 0.1 + 0.9 style
 * floating-point noise cannot move a result across a line.
 */
export function psaBand(value: number | null | undefined, age: number | null | undefined, rule: BandRule): PsaBand | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return null;
  if (age === null || age === undefined || !Number.isInteger(age) || age < 0) return null;
  const hundredths = Math.round(value * 100);
  if (hundredths >= Math.round(redThreshold(age, rule) * 100)) return 'red';
  if (hundredths >= Math.round(amberThreshold(age, rule) * 100)) return 'amber';
  return 'green';
}

/** What each band means, in the words of docs/rules.md#band-follow-up. */
export const PSA_BAND_TEXT: Record<PsaBand, { label: string; advice: string }> = {
  green: { label: 'Green: normal', advice: 'Retest in 1, 2 or 3 years depending on your risk.' },
  amber: { label: 'Amber: slightly raised', advice: 'Repeat the test in 3 months.' },
  red: { label: 'Red: significantly raised', advice: 'Please see your GP.' },
};

/** Largest PSA value the console accepts (ng/ml): far above any real result, so a typo like 4000 for 4.000 is caught. */
export const PSA_MAX = 1000;

/**
 * A PSA value as typed or read from a lab file: digits with at most two
 * decimals ("4", "4.1", "04.25"), 0 to PSA_MAX. Returns the number or an
 * error message in plain words.
 */
export function parsePsaValue(text: string): { value: number } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Enter the PSA value in ng/ml.' };
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(trimmed)) return { error: 'The PSA value must be a number with at most two decimals, like 1.25.' };
  const value = Number(trimmed);
  if (value > PSA_MAX) return { error: `The PSA value must be at most ${PSA_MAX} ng/ml.` };
  return { value };
}

const normalised = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * What a result's comments add to its band, or null when they add nothing:
 * a sentence that names the result's band ("Red: significantly raised.")
 * or repeats its advice is left out, since the band is shown with its
 * advice beside it, and a result then says it once. Anything
 * else (the next appointment, a note from the lab or a clinician) is kept
 * as written. With no band shown (no date of birth), the comments stay whole.
 */
export function commentsBeyondBand(comments: string | null | undefined, band: PsaBand | null): string | null {
  if (!comments) return null;
  if (!band) return comments;
  const advice = normalised(PSA_BAND_TEXT[band].advice);
  const names = new RegExp(`^${band}\\s*:`, 'i');
  const kept = comments
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '' && !names.test(sentence) && normalised(sentence) !== advice);
  return kept.length > 0 ? kept.join(' ') : null;
}

/**
 * The sentence beside a result whose value today's rule would band
 * differently from the band it was given (docs/rules.md#medical-results,
 * ADR 0029): the result keeps its band, and he is told, in words, that the
 * charity's rule has changed and what it would say now. Null when the bands
 * agree, or either cannot be known (no band given, no rule, no age).
 * `age` is his age on the sample date, as the band was worked out then.
 */
export function todaysBandNote(given: PsaBand | null | undefined, value: number | null | undefined, age: number | null, rule: BandRule | null): string | null {
  if (!given || !rule) return null;
  const today = psaBand(value, age, rule);
  if (!today || today === given) return null;
  return (
    `This result keeps the band it was given when it came in. The charity's clinical rule has changed since: ` +
    `under today's rule the same value would be ${PSA_BAND_TEXT[today].label} (${PSA_BAND_TEXT[today].advice}) ` +
    'If you are unsure what this means for you, please ask your GP.'
  );
}
