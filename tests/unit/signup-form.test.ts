/** The sign-up form's rules: required fields, age, NHS, password match, and the profile it becomes. */
import { describe, expect, it } from 'vitest';
import { AGE_MESSAGE } from '../../src/domain/age';
import { EMPTY_SIGNUP, toProfile, validateSignup, type SignupValues } from '../../src/domain/signup-form';

const TODAY = '2026-06-10';
const filled: SignupValues = {
  ...EMPTY_SIGNUP,
  firstName: 'Graham Peter',
  lastName: 'Walsh',
  address1: '3 Church Street',
  postCode: 'CO2 7AA',
  gender: 'Male',
  ethnicity: 'Not stated',
  dateOfBirth: '1971-01-20',
  phoneNumber: '447700900777',
  email: '  Graham@Example.ORG ',
  password: 'walsh-pass-1',
  confirmPassword: 'walsh-pass-1',
};

describe('sign-up form', () => {
  it('accepts a complete form and joins the address, skipping the blank second line', () => {
    expect(validateSignup(filled, TODAY)).toEqual([]);
    expect(toProfile(filled)).toMatchObject({
      email: 'graham@example.org',
      home_address: '3 Church Street, CO2 7AA, United Kingdom',
      first_name: 'Graham Peter',
    });
  });

  it('lists every missing required field in form order, and not the optional ones', () => {
    const fields = validateSignup(EMPTY_SIGNUP, TODAY).map((e) => e.field);
    expect(fields).toEqual([
      'firstName',
      'lastName',
      'address1',
      'postCode',
      'gender',
      'ethnicity',
      'dateOfBirth',
      'phoneNumber',
      'email',
      'password',
      'confirmPassword',
    ]);
  });

  it.each([
    [{ dateOfBirth: '1986-06-11' }, 'dateOfBirth', AGE_MESSAGE],
    [{ dateOfBirth: '1945-06-10' }, 'dateOfBirth', AGE_MESSAGE],
    [{ confirmPassword: 'other' }, 'confirmPassword', 'Passwords do not match'],
    [{ nhs: '1234567890' }, 'nhs', 'Enter a valid 10-digit NHS number, or leave it empty.'],
    [{ email: 'not-an-email' }, 'email', 'Enter an email address, like name@example.com.'],
  ])('refuses %j', (override, field, message) => {
    expect(validateSignup({ ...filled, ...override }, TODAY)).toContainEqual({ field, message });
  });
});
