/**
 * Staff registering a man at a screening venue: his
 * names and email, nothing more. He chooses his own password from the
 * emailed link and fills in the rest of his details himself, as every
 * member does (the Complete your details step), so staff never handle a
 * password or his health details.
 */
import { EMAIL_MAX, isEmailAddress } from './form-fields';

export interface VenueRegistration {
  firstName: string;
  lastName: string;
  /** Trimmed and lower-cased, as accounts are keyed. */
  email: string;
}

export type VenueRegistrationField = 'first_name' | 'last_name' | 'email';

export interface VenueRegistrationIssue {
  field: VenueRegistrationField;
  message: string;
}

export const VENUE_NAME_MAX = 60;

// A name as people write names (letters of any script, spaces, hyphens,
// apostrophes, full stops): it goes into the email he is sent.
const NAME = new RegExp(`^\\p{L}[\\p{L}\\p{M} '’.-]{0,${VENUE_NAME_MAX - 1}}$`, 'u');

const MESSAGES = {
  first_name: 'Enter the member’s first name.',
  last_name: 'Enter the member’s last name.',
  name: `Use letters, spaces, hyphens and apostrophes only, at most ${VENUE_NAME_MAX} characters.`,
  email: 'Enter the member’s email address, like name@example.com.',
} as const;

function name(value: unknown, field: 'first_name' | 'last_name', issues: VenueRegistrationIssue[]): string {
  const text = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
  if (text === '') issues.push({ field, message: MESSAGES[field] });
  else if (!NAME.test(text)) issues.push({ field, message: MESSAGES.name });
  return text;
}

/** The registration in a body (the form's or the API's), or what is wrong with it, field by field. */
export function checkVenueRegistration(body: Record<string, unknown>): {
  registration: VenueRegistration | null;
  issues: VenueRegistrationIssue[];
} {
  const issues: VenueRegistrationIssue[] = [];
  const firstName = name(body.first_name, 'first_name', issues);
  const lastName = name(body.last_name, 'last_name', issues);
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (email.length > EMAIL_MAX || !isEmailAddress(email)) issues.push({ field: 'email', message: MESSAGES.email });
  return issues.length > 0 ? { registration: null, issues } : { registration: { firstName, lastName, email }, issues };
}
