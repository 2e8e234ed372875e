/** src/domain age, NHS number and profile rules, as tables. */
import { describe, expect, it } from 'vitest';
import { AGE_MESSAGE, ageOn, isEligibleAge } from '../../src/domain/age';
import { checkProfile, ETHNICITIES, formatProfileId, joinAddress, profileBodySchema } from '../../src/domain/member-profile';
import { check } from '../../src/domain/schema-kit';
import { cleanNhsInput, isValidNhsNumber, NHS_INVALID_MESSAGE } from '../../src/domain/nhs-number';

describe('age on a date', () => {
  it.each([
    ['1986-06-10', '2026-06-10', 40, true],
    ['1986-06-11', '2026-06-10', 39, false],
    ['1945-06-11', '2026-06-10', 80, true],
    ['1945-06-10', '2026-06-10', 81, false],
    ['1960-02-29', '2025-02-28', 64, true],
    ['1960-02-29', '2025-03-01', 65, true],
    ['2027-01-01', '2026-06-10', -1, false],
  ])('born %s, on %s: %i, eligible %s', (dob, on, age, eligible) => {
    expect(ageOn(dob, on)).toBe(age);
    expect(isEligibleAge(dob, on)).toBe(eligible);
  });

  it.each(['', '1970-02-30', '10/06/1970'])('has no age for %j', (dob) => {
    expect(ageOn(dob, '2026-06-10')).toBeNull();
    expect(isEligibleAge(dob, '2026-06-10')).toBe(false);
  });
});

describe('NHS number', () => {
  it.each([
    ['9434765919', true],
    ['943 476 5919', true],
    ['4010232137', true],
    ['9434765918', false],
    ['943476591', false],
    ['94347659190', false],
    // Check digit would be 10: never issued.
    ['0000000060', false],
    ['', false],
  ])('%j valid: %s', (value, valid) => {
    expect(isValidNhsNumber(value)).toBe(valid);
  });

  it.each([
    ['9434765919', '9434765919', false],
    ['943 476 5919', '9434765919', true],
    ['94347659191234', '9434765919', true],
    ['abc', '', true],
    ['', '', false],
  ])('typed %j keeps %j, removed %s', (raw, digits, removed) => {
    expect(cleanNhsInput(raw)).toEqual({ digits, removed });
  });
});

describe('profile rules', () => {
  const valid = {
    first_name: 'Alan',
    last_name: 'Carter',
    gender: 'Male',
    date_of_birth: '1970-03-15',
    ethnicity: ETHNICITIES[0],
    phone: '447700900456',
    email: 'alan@example.org',
    home_address: '1 High Street, Colchester',
  };

  it('offers 17 ethnicities ending with Not stated', () => {
    expect(ETHNICITIES).toHaveLength(17);
    expect(ETHNICITIES.at(-1)).toBe('Not stated');
  });

  it('accepts a complete profile', () => {
    expect(checkProfile(valid, 'create', '2026-06-10')).toEqual([]);
  });

  it.each([
    [{ date_of_birth: '1990-01-01' }, 'date_of_birth', AGE_MESSAGE],
    [{ nhs_number: '1234567890' }, 'nhs_number', NHS_INVALID_MESSAGE],
    [{ phone: 'call me' }, 'phone', 'Enter a phone number, like 447700900123.'],
    [{ email: 'nope' }, 'email', 'Enter an email address, like name@example.com.'],
    [{ ethnicity: 'Martian' }, 'ethnicity', 'Choose an ethnicity from the list.'],
    [{ last_name: '' }, 'last_name', 'Enter your last name.'],
    [{ first_name: 'x'.repeat(101) }, 'first_name', 'Use at most 100 characters for your first name.'],
    [{ home_address: 'x'.repeat(301) }, 'home_address', 'Use at most 300 characters for your home address.'],
    [{ date_of_birth: '2030-01-01' }, 'date_of_birth', 'Enter a real date of birth.'],
    [{ date_of_birth: '1960-02-30' }, 'date_of_birth', 'Enter a real date of birth.'],
    [{ gender: 'Robot' }, 'gender', 'Choose one of: Male, Female, Non-binary, Other.'],
    [{ gender: null }, 'gender', 'Enter your gender.'],
  ])('refuses %j', (override, path, message) => {
    expect(checkProfile({ ...valid, ...override }, 'create', '2026-06-10')).toContainEqual({ path, message });
  });

  it('on update checks only what is sent, and requires the billing address when sent', () => {
    expect(checkProfile({ first_name: 'A' }, 'update', '2026-06-10')).toEqual([]);
    expect(checkProfile({ billing_address: ' ' }, 'update', '2026-06-10')).toEqual([
      { path: 'billing_address', message: 'Enter your billing address.' },
    ]);
    // An existing member's age is not re-checked on edit: booking checks it.
    expect(checkProfile({ date_of_birth: '1990-01-01' }, 'update', '2026-06-10')).toEqual([]);
  });

  it('gives one message per field: the first rule it breaks', () => {
    expect(checkProfile({ ...valid, phone: 'x'.repeat(101) }, 'create', '2026-06-10')).toEqual([
      { path: 'phone', message: 'Use at most 100 characters for your phone number.' },
    ]);
  });

  it.each([
    [{ first_name: 'Alan', user_id: 'u1', unknown: 'dropped' }, { ok: true, value: { first_name: 'Alan', user_id: 'u1' } }],
    [{ billing_address: null }, { ok: true, value: { billing_address: null } }],
    [{ phone: 447700900123 }, { ok: false, issues: [{ path: 'phone', message: 'phone must be text.' }] }],
    [{ occupation: 'a\u0000b' }, { ok: false, issues: [{ path: 'occupation', message: 'occupation contains characters that are not allowed.' }] }],
  ])('a profile body %j', (body, expected) => expect(check(profileBodySchema, body)).toEqual(expected));

  it('joins address parts, skipping blanks, and prefixes the profile id', () => {
    expect(joinAddress(['1 High St', '', ' Flat 2 ', 'CO1 1AA', 'United Kingdom'])).toBe('1 High St, Flat 2, CO1 1AA, United Kingdom');
    expect(formatProfileId(1001)).toBe('CHAPS1001');
  });
});
