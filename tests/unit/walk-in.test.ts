/**
 * A walk-in's details as the form and the server both check them
 * (src/domain/walk-in.ts): names as people write them, an email as accounts
 * are keyed, a real date of birth, an NHS number read out with spaces or
 * none at all, never one with a wrong check digit; the times he can still
 * be seen in on the day; and names compared however they were typed.
 */
import { describe, expect, it } from 'vitest';
import { checkWalkIn, sameName, walkInTimes } from '../../src/domain/walk-in';

const valid = {
  first_name: ' Seán  Patrick ',
  last_name: "O’Brien",
  email: ' Sean.OBrien@Example.ORG ',
  date_of_birth: '1961-09-02',
  nhs_number: '943 476 5919',
  phone: '07700 900123',
  home_address: '4 Quay Street,   Ipswich IP4 1AA',
};

describe('a walk-in’s details', () => {
  it('keeps names as written, the email as accounts are keyed, and the NHS number as digits', () => {
    expect(checkWalkIn({ ...valid, slot: '10:30', existing_account: true }).details).toEqual({
      firstName: 'Seán Patrick',
      lastName: 'O’Brien',
      email: 'sean.obrien@example.org',
      dateOfBirth: '1961-09-02',
      nhsNumber: '9434765919',
      phone: '07700 900123',
      homeAddress: '4 Quay Street, Ipswich IP4 1AA',
      slot: '10:30',
      existingAccount: true,
    });
    const none = checkWalkIn({ ...valid, nhs_number: '', slot: '' }).details!;
    expect([none.nhsNumber, none.slot, none.existingAccount]).toEqual([null, null, false]);
    // Only the boolean true confirms an existing account.
    expect(checkWalkIn({ ...valid, existing_account: 'true' }).details!.existingAccount).toBe(false);
  });

  it.each([
    ['an NHS number with a wrong check digit', { nhs_number: '9434765918' }, 'nhs_number'],
    ['an NHS number with letters', { nhs_number: '94347659l9' }, 'nhs_number'],
    ['an NHS number as a number', { nhs_number: 9434765919 }, 'nhs_number'],
    ['a date that is not one', { date_of_birth: '1961-02-30' }, 'date_of_birth'],
    ['markup for a name', { first_name: '<b>Sean</b>' }, 'first_name'],
    ['a name of 61 letters', { last_name: 'a'.repeat(61) }, 'last_name'],
    ['an address with a control character', { home_address: '4 Quay St\u0007' }, 'home_address'],
    ['an address of 301 characters', { home_address: 'a'.repeat(301) }, 'home_address'],
    ['a phone with letters', { phone: 'call me' }, 'phone'],
    ['a phone longer than his profile takes', { phone: '+44 (0) 7700 900 123 45' }, 'phone'],
    ['a time that is not one', { slot: '25:00' }, 'slot'],
    ['no email', { email: '' }, 'email'],
  ])('refuses %s, naming the field', (_name, change, field) => {
    const checked = checkWalkIn({ ...valid, ...change });
    expect(checked.details).toBeNull();
    expect(checked.issues.map((i) => i.field)).toEqual([field]);
  });

  it('offers every slot that has not ended, the one under way included', () => {
    const event = { event_date: '2026-06-20', start_time: '10:00', end_time: '11:00', session_duration: 15 };
    // 10:20 in London (BST): the 10:00 slot is over, 10:15 is under way.
    expect(walkInTimes(event, new Date('2026-06-20T09:20:00Z'))).toEqual(['10:15', '10:30', '10:45']);
    expect(walkInTimes(event, new Date('2026-06-20T10:00:00Z'))).toEqual([]);
    expect(walkInTimes(event, new Date('2026-06-20T07:00:00Z'))).toEqual(['10:00', '10:15', '10:30', '10:45']);
  });

  it('compares names whatever the case, spacing or apostrophe', () => {
    expect(sameName("O'Brien", ' o’brien ')).toBe(true);
    expect(sameName('Walker  Jones', 'walker jones')).toBe(true);
    expect(sameName('Brien', 'OBrien')).toBe(false);
  });
});
