/** Sign-up details kept on the device until the address is confirmed: key, lifetime, clearing, and no password. */
import { describe, expect, it } from 'vitest';
import { AGE_MESSAGE } from '../../src/domain/age';
import {
  clearAllPendingSignups,
  clearPendingSignup,
  keepPendingSignup,
  PENDING_SIGNUP_LIFETIME_MS,
  pendingSignupKey,
  readPendingSignup,
  type KeyValueStore,
} from '../../src/domain/pending-signup';
import { EMPTY_DETAILS, EMPTY_SIGNUP, validateDetails, type DetailsValues, type SignupValues } from '../../src/domain/signup-form';

class MemoryStore implements KeyValueStore {
  readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const TODAY = '2026-06-10';
const SIGNED_UP = new Date('2026-06-10T09:00:00Z');
const details: DetailsValues = {
  ...EMPTY_DETAILS,
  firstName: 'Graham',
  lastName: 'Walsh',
  address1: '3 Church Street',
  postCode: 'CO2 7AA',
  gender: 'Male',
  ethnicity: 'Not stated',
  dateOfBirth: '1971-01-20',
  phoneNumber: '447700900777',
  nhs: '9434765919',
};
const later = (ms: number) => new Date(SIGNED_UP.getTime() + ms);

describe('kept sign-up details', () => {
  it('are keyed by the normalised email, so the sign-in finds them however the address is typed', () => {
    const store = new MemoryStore();
    keepPendingSignup(store, '  Graham@Example.ORG ', details, SIGNED_UP);
    expect([...store.items.keys()]).toEqual([pendingSignupKey('graham@example.org')]);
    expect(readPendingSignup(store, 'GRAHAM@example.org', later(1000))).toEqual(details);
    expect(readPendingSignup(store, 'someone.else@example.org', later(1000))).toBeNull();
  });

  it('never keep the password, even when the whole sign-up form is passed', () => {
    const store = new MemoryStore();
    const form: SignupValues = { ...EMPTY_SIGNUP, ...details, email: 'graham@example.org', password: 'walsh-pass-1', confirmPassword: 'walsh-pass-1' };
    keepPendingSignup(store, form.email, form, SIGNED_UP);
    const raw = store.getItem(pendingSignupKey('graham@example.org')) ?? '';
    expect(raw).not.toContain('walsh-pass-1');
    expect(raw).not.toContain('password');
  });

  it.each([
    ['a minute later', 60_000, true],
    ['23 hours 59 minutes later', PENDING_SIGNUP_LIFETIME_MS - 60_000, true],
    ['24 hours later (the link has expired)', PENDING_SIGNUP_LIFETIME_MS, false],
    ['two days later', 2 * PENDING_SIGNUP_LIFETIME_MS, false],
  ])('read %s: found %s', (_when, after, found) => {
    const store = new MemoryStore();
    keepPendingSignup(store, 'graham@example.org', details, SIGNED_UP);
    expect(readPendingSignup(store, 'graham@example.org', later(after))).toEqual(found ? details : null);
    // Out-of-date details are removed, not merely ignored.
    expect(store.length).toBe(found ? 1 : 0);
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['no expiry', JSON.stringify({ email: 'graham@example.org', details })],
    ['another address under this key', JSON.stringify({ email: 'x@example.org', expiresAt: SIGNED_UP.getTime() + 60_000, details })],
  ])('drops a damaged record (%s)', (_what, raw) => {
    const store = new MemoryStore();
    store.setItem(pendingSignupKey('graham@example.org'), raw);
    expect(readPendingSignup(store, 'graham@example.org', SIGNED_UP)).toBeNull();
    expect(store.length).toBe(0);
  });

  it('are cleared once used, and all of them (only them) on sign-out', () => {
    const store = new MemoryStore();
    store.setItem('user', '{"firstName":"Other"}');
    keepPendingSignup(store, 'graham@example.org', details, SIGNED_UP);
    keepPendingSignup(store, 'peter@example.org', details, SIGNED_UP);
    clearPendingSignup(store, 'Graham@example.org');
    expect(readPendingSignup(store, 'graham@example.org', SIGNED_UP)).toBeNull();
    expect(readPendingSignup(store, 'peter@example.org', SIGNED_UP)).toEqual(details);
    clearAllPendingSignups(store);
    expect([...store.items.keys()]).toEqual(['user']);
  });
});

describe('the details step', () => {
  it('accepts complete details with the account email', () => {
    expect(validateDetails(details, 'graham@example.org', TODAY)).toEqual([]);
  });

  it('applies the sign-up rules: required fields in form order, age 40 to 80, the NHS number check', () => {
    expect(validateDetails(EMPTY_DETAILS, 'graham@example.org', TODAY).map((e) => e.field)).toEqual([
      'firstName', 'lastName', 'address1', 'postCode', 'gender', 'ethnicity', 'dateOfBirth', 'phoneNumber',
    ]);
    expect(validateDetails({ ...details, dateOfBirth: '1940-01-01' }, 'graham@example.org', TODAY)).toEqual([
      { field: 'dateOfBirth', message: AGE_MESSAGE },
    ]);
    expect(validateDetails({ ...details, nhs: '9434765918' }, 'graham@example.org', TODAY).map((e) => e.field)).toEqual(['nhs']);
  });
});
