/**
 * Who may register and book: men aged 40 to 80 inclusive (docs/rules.md#age),
 * by their age in whole years on a given UK calendar date.
 */
import { isIsoDate } from './london-time';

export const MIN_AGE = 40;
export const MAX_AGE = 80;
export const AGE_MESSAGE = 'You must be between 40 and 80 years old to register.';

/** Whole years from `dateOfBirth` to `onDate`, both YYYY-MM-DD; null when either is not a real date. */
export function ageOn(dateOfBirth: string, onDate: string): number | null {
  if (!isIsoDate(dateOfBirth) || !isIsoDate(onDate)) return null;
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** Whether someone born on `dateOfBirth` is 40 to 80 on `onDate`. A birth date after `onDate` never is. */
export function isEligibleAge(dateOfBirth: string, onDate: string): boolean {
  if (dateOfBirth > onDate) return false;
  const age = ageOn(dateOfBirth, onDate);
  return age !== null && age >= MIN_AGE && age <= MAX_AGE;
}
