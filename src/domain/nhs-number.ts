/**
 * The NHS number: 10 digits, the last a Modulus 11 check digit. The form
 * keeps digits only (at most 10) and says so when it removed anything; the
 * server refuses a number whose check digit is wrong. Empty is allowed: the
 * number is optional. A valid check digit does not prove the number was issued.
 */
export const NHS_DIGITS_MESSAGE = 'Please enter only digits (max 10).';
export const NHS_INVALID_MESSAGE = 'Enter a valid 10-digit NHS number, or leave it empty.';
export const NHS_NUMBER_LENGTH = 10;

/** What the NHS field keeps of typed text, and whether anything was removed. */
export function cleanNhsInput(raw: string): { digits: string; removed: boolean } {
  const onlyDigits = raw.replace(/\D/g, '');
  const digits = onlyDigits.slice(0, NHS_NUMBER_LENGTH);
  return { digits, removed: digits !== raw };
}

/** Modulus 11: digits 1-9 weighted 10 down to 2; 11 - (sum mod 11), 11 -> 0, 10 -> invalid. */
export function isValidNhsNumber(value: string): boolean {
  const digits = value.replace(/\s/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(digits[i]) * (10 - i);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(digits[9]);
}
