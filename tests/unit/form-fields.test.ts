/** The contact and newsletter field rules shared by the forms and the server: a table of cases per rule. */
import { describe, expect, it } from 'vitest';
import { checkEnquiry } from '../../src/domain/contact-enquiry';
import { fieldErrorCode, formErrorCode, formText, isEmailAddress, isPhoneNumber } from '../../src/domain/form-fields';
import { check } from '../../src/domain/schema-kit';
import { checkSubscription } from '../../src/domain/newsletter-schema';

describe('email addresses', () => {
  it.each([
    ['name@example.com', true],
    ['first.last+tag@sub.example.co.uk', true],
    ['name@example', false],
    ['name@.com', false],
    ['name example@example.com', false],
    ['@example.com', false],
    [`${'a'.repeat(250)}@example.com`, false],
  ])('%s -> %s', (value, expected) => expect(isEmailAddress(value)).toBe(expected));
});

describe('phone numbers', () => {
  it.each([
    ['07700 900123', true],
    ['+44 (0)20 7946 0718', true],
    ['0113-496-0532', true],
    ['123456', false],
    ['1234567890123456', false],
    ['07700 900123 ext 4', false],
  ])('%s -> %s', (value, expected) => expect(isPhoneNumber(value)).toBe(expected));
});

describe('one required field', () => {
  const codeOf = (schema: ReturnType<typeof formText>, value: unknown) => {
    const checked = check(schema, value);
    return checked.ok ? null : checked.issues[0]!.code;
  };
  it.each([
    [undefined, 'REQUIRED_FIELD_MISSING'],
    [null, 'REQUIRED_FIELD_MISSING'],
    ['', 'REQUIRED_FIELD_EMPTY'],
    [' \t', 'REQUIRED_FIELD_EMPTY'],
    [12, 'TYPE_TEXT'],
    [true, 'TYPE_TEXT'],
    ['x'.repeat(11), 'TYPE_TEXT'],
    [' '.repeat(5) + 'x'.repeat(10), null],
    ['bell\u0007', 'TYPE_TEXT'],
    ['\uD800 lone', 'TYPE_TEXT'],
    ['a\nb\tc', null],
    ['fine', null],
  ])('%j -> %s', (value, code) => expect(codeOf(formText({ max: 10 }), value)).toBe(code));
  it.each([
    ['name@example.com', null],
    ['name@example', 'TYPE_EMAIL'],
    ['', 'REQUIRED_FIELD_EMPTY'],
  ])('email %j -> %s', (value, code) => expect(codeOf(formText({ max: 254, kind: 'email' }), value)).toBe(code));
  it.each([
    ['07700 900123', null],
    ['123', 'TYPE_NUMERIC'],
  ])('phone %j -> %s', (value, code) => expect(codeOf(formText({ max: 30, kind: 'phone' }), value)).toBe(code));
});

describe('codes from a server', () => {
  it('keeps known codes and reads anything else as UNSPECIFIED', () => {
    expect(fieldErrorCode('TYPE_EMAIL')).toBe('TYPE_EMAIL');
    expect(fieldErrorCode('STRIPE_SCA_ERROR')).toBe('UNSPECIFIED');
    expect(formErrorCode('BLOCKED')).toBe('BLOCKED');
    expect(formErrorCode(undefined)).toBe('UNSPECIFIED');
  });
});

describe('an enquiry and a subscription', () => {
  it('trims a valid enquiry and says when nothing at all was filled in', () => {
    const check = checkEnquiry({ 'first-name': ' A ', 'last-name': 'B', email: 'a@b.co', 'phone-number': '0123456789', message: 'Hi' });
    expect(check).toEqual({
      ok: true,
      enquiry: { 'first-name': 'A', 'last-name': 'B', email: 'a@b.co', 'phone-number': '0123456789', message: 'Hi' },
    });
    expect(checkEnquiry({})).toMatchObject({ ok: false, empty: true });
    expect(checkEnquiry({ message: 'Hi' })).toMatchObject({ ok: false, empty: false });
  });

  it('lower-cases a subscriber email and defaults hear_about_event to true', () => {
    expect(checkSubscription({ name: ' Sam ', email: 'Sam@Example.org' })).toEqual({
      ok: true,
      subscription: { name: 'Sam', email: 'sam@example.org', hear_about_event: true },
    });
  });
});
