/**
 * A walk-in registered and booked at the venue on the day
 * (docs/rules.md#venue-registration): the details staff take for positive
 * identification and for his profile, checked the same way by the form
 * and by the server (POST /api/staff/events/{id}/walk-ins). Whether he is
 * old enough, whether the event's laboratory needs his NHS number, and
 * whether the slot has a place are the event's, so the server decides
 * them; here only what the details themselves say. His consent answers
 * are checked by the consent rules (src/domain/consent.ts).
 */
import { MAX_AGE, MIN_AGE } from './age';
import type { ScreeningEvent } from './event';
import { isClockTime, isIsoDate, londonToInstant } from './london-time';
import { slotTimes } from './slots';
import { isEmailAddress, isPhoneNumber } from './form-fields';
import { isValidNhsNumber } from './nhs-number';
import { isCleanText } from './clean-text';

export const WALK_IN_FIELDS = ['first_name', 'last_name', 'email', 'date_of_birth', 'nhs_number', 'phone', 'home_address', 'slot'] as const;
export type WalkInField = (typeof WALK_IN_FIELDS)[number];

export interface WalkInIssue {
  field: WalkInField;
  message: string;
}

export interface WalkInDetails {
  firstName: string;
  lastName: string;
  /** Trimmed and lower-cased, as accounts are keyed. */
  email: string;
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  /** Ten digits with a valid check digit, or null when he does not know it. */
  nhsNumber: string | null;
  phone: string;
  homeAddress: string;
  /** HH:mm, or null for the next slot with a place. */
  slot: string | null;
  /** Staff asked him and he confirmed the account with this email is his. */
  existingAccount: boolean;
}

export const WALK_IN_NAME_MAX = 60;
export const WALK_IN_ADDRESS_MAX = 300;

// A name as people write names (letters of any script, spaces, hyphens, apostrophes, full stops).
const NAME = new RegExp(`^\\p{L}[\\p{L}\\p{M} '’.-]{0,${WALK_IN_NAME_MAX - 1}}$`, 'u');

export const WALK_IN_MESSAGES = {
  first_name: 'Enter his first name, as on his ID.',
  last_name: 'Enter his last name, as on his ID.',
  name: `Use letters, spaces, hyphens and apostrophes only, at most ${WALK_IN_NAME_MAX} characters.`,
  email: 'Enter his email address, like name@example.com.',
  date_of_birth: 'Enter his date of birth.',
  age: `Our screening is for men aged ${MIN_AGE} to ${MAX_AGE} on the day of the event.`,
  nhs_number: 'Enter a valid 10-digit NHS number, or leave it empty.',
  nhs_required: "This event's laboratory needs his correct 10-digit NHS number.",
  phone: 'Enter his phone number, like 07700 900123.',
  home_address: `Enter his home address with its postcode, at most ${WALK_IN_ADDRESS_MAX} characters.`,
  slot: 'Choose one of the times listed.',
} as const;

const oneLine = (value: unknown) => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');

function name(value: unknown, field: 'first_name' | 'last_name', issues: WalkInIssue[]): string {
  const text = oneLine(value);
  if (text === '') issues.push({ field, message: WALK_IN_MESSAGES[field] });
  else if (!NAME.test(text)) issues.push({ field, message: WALK_IN_MESSAGES.name });
  return text;
}

/** The walk-in's details in a body (the form's or the API's), or what is wrong with them, field by field. */
export function checkWalkIn(body: Record<string, unknown>): { details: WalkInDetails | null; issues: WalkInIssue[] } {
  const issues: WalkInIssue[] = [];
  const firstName = name(body.first_name, 'first_name', issues);
  const lastName = name(body.last_name, 'last_name', issues);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (!isEmailAddress(email)) issues.push({ field: 'email', message: WALK_IN_MESSAGES.email });
  const dateOfBirth = typeof body.date_of_birth === 'string' ? body.date_of_birth.trim() : '';
  if (!isIsoDate(dateOfBirth)) issues.push({ field: 'date_of_birth', message: WALK_IN_MESSAGES.date_of_birth });
  // Spaces aside (he may read it out as 943 476 5919), ten digits with a valid check digit, or nothing.
  const nhs = typeof body.nhs_number === 'string' ? body.nhs_number.replace(/\s/g, '') : body.nhs_number == null ? '' : null;
  if (nhs === null || (nhs !== '' && !isValidNhsNumber(nhs))) issues.push({ field: 'nhs_number', message: WALK_IN_MESSAGES.nhs_number });
  const phone = oneLine(body.phone);
  // At most 20 characters, as his profile's own form allows (src/domain/member-profile.ts).
  if (!isPhoneNumber(phone) || phone.length > 20) issues.push({ field: 'phone', message: WALK_IN_MESSAGES.phone });
  const homeAddress = oneLine(body.home_address);
  if (homeAddress === '' || homeAddress.length > WALK_IN_ADDRESS_MAX || !isCleanText(homeAddress)) {
    issues.push({ field: 'home_address', message: WALK_IN_MESSAGES.home_address });
  }
  const slot = body.slot === undefined || body.slot === null || body.slot === '' ? null : body.slot;
  if (slot !== null && (typeof slot !== 'string' || !isClockTime(slot))) issues.push({ field: 'slot', message: WALK_IN_MESSAGES.slot });
  if (issues.length > 0) return { details: null, issues };
  return {
    details: {
      firstName,
      lastName,
      email,
      dateOfBirth,
      nhsNumber: nhs ? nhs : null,
      phone,
      homeAddress,
      slot: slot as string | null,
      existingAccount: body.existing_account === true,
    },
    issues,
  };
}

/** The same name, however it was typed: case, spaces and the kind of apostrophe aside. */
export const sameName = (a: string, b: string) => {
  const fold = (s: string) => s.trim().replace(/\s+/g, ' ').replace(/’/g, "'").toLocaleLowerCase('en-GB');
  return fold(a) === fold(b);
};

/** The times of the event he can still be seen in: every slot that has not ended at `at` (the one under way included). */
export function walkInTimes(event: Pick<ScreeningEvent, 'event_date' | 'start_time' | 'end_time' | 'session_duration'>, at: Date): string[] {
  return slotTimes(event.start_time, event.end_time, event.session_duration).filter(
    (start) => londonToInstant(event.event_date, start).getTime() + event.session_duration * 60_000 > at.getTime(),
  );
}
