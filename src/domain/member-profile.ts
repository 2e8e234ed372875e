/**
 * The member profile's rules, shared by the sign-up and portal forms and
 * the server (SPEC.md sections 3 and 5): the choices offered, how the
 * sign-up form becomes the stored profile, and which fields each step
 * requires. Messages are the SPEC's where it quotes one.
 */
import { AGE_MESSAGE, isEligibleAge } from './age';
import { isIsoDate } from './london-time';
import { isValidNhsNumber, NHS_INVALID_MESSAGE } from './nhs-number';

export const PROFILE_ID_PREFIX = 'CHAPS';
export const COUNTRIES = ['United Kingdom', 'Ireland'] as const;
export const GENDERS = ['Male', 'Female', 'Non-binary', 'Other'] as const;
/** The NHS data dictionary's 17 ethnic categories, ending with 'Not stated'. */
export const ETHNICITIES = [
  'White - British',
  'White - Irish',
  'White - Any other White background',
  'Mixed - White and Black Caribbean',
  'Mixed - White and Black African',
  'Mixed - White and Asian',
  'Mixed - Any other mixed background',
  'Asian or Asian British - Indian',
  'Asian or Asian British - Pakistani',
  'Asian or Asian British - Bangladeshi',
  'Asian or Asian British - Any other Asian background',
  'Black or Black British - Caribbean',
  'Black or Black British - African',
  'Black or Black British - Any other Black background',
  'Other ethnic groups - Chinese',
  'Other ethnic groups - Any other ethnic group',
  'Not stated',
] as const;

export const TEXT_MAX = 100;
export const ADDRESS_MAX = 300;
const PHONE = /^\+?[\d\s()-]{7,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The profile as the server stores and sends it (snake_case, SPEC.md section 3). */
export interface MemberProfile {
  /** The number members see after the CHAPS prefix; never put in a URL. */
  profile_id: number;
  /** A random id for the member's own URLs (GET /medical/results/{public_id}): cannot be guessed or counted. */
  public_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  gender: string | null;
  date_of_birth: string | null;
  ethnicity: string | null;
  occupation: string | null;
  phone: string;
  email: string;
  home_address: string;
  billing_address: string | null;
  nhs_number: string | null;
  ni_number: string | null;
  nhs_gp_email: string | null;
  nhs_gp_phone_number: string | null;
  is_verified: boolean;
  is_active: boolean;
}

/** Every field a member may send when creating or updating a profile. */
export const PROFILE_FIELDS = [
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'ethnicity',
  'occupation',
  'phone',
  'email',
  'home_address',
  'billing_address',
  'nhs_number',
] as const;

/** What a member may write: the profile creation and update fields. */
export type ProfileFields = { [K in (typeof PROFILE_FIELDS)[number]]?: string | null };

export interface FieldIssue {
  path: string;
  message: string;
}

export const REQUIRED_ON_CREATE = [
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'ethnicity',
  'phone',
  'email',
  'home_address',
] as const satisfies readonly (keyof ProfileFields)[];

/** SPEC.md section 5, profile edit: required there; email cannot change at all. */
export const REQUIRED_ON_UPDATE = [
  'first_name',
  'last_name',
  'phone',
  'home_address',
  'billing_address',
] as const satisfies readonly (keyof ProfileFields)[];

const LABELS: Record<keyof ProfileFields, string> = {
  first_name: 'first name',
  last_name: 'last name',
  gender: 'gender',
  date_of_birth: 'date of birth',
  ethnicity: 'ethnicity',
  occupation: 'occupation',
  phone: 'phone number',
  email: 'email address',
  home_address: 'home address',
  billing_address: 'billing address',
  nhs_number: 'NHS number',
};

export const requiredMessage = (field: keyof ProfileFields) => `Enter your ${LABELS[field]}.`;

/** Trimmed, lower-cased email (SPEC.md section 5). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Address parts joined with commas, blanks skipped (SPEC.md section 3). */
export function joinAddress(parts: readonly (string | undefined | null)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

export const formatProfileId = (profileId: number | string) => `${PROFILE_ID_PREFIX}${profileId}`;

const present = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/**
 * Field problems of a profile about to be created ('create') or changed
 * ('update', where absent fields keep their value). `today` is the UK date.
 */
export function checkProfile(fields: ProfileFields, mode: 'create' | 'update', today: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const add = (path: keyof ProfileFields, message: string) => {
    if (!issues.some((i) => i.path === path)) issues.push({ path, message });
  };
  const required = mode === 'create' ? REQUIRED_ON_CREATE : REQUIRED_ON_UPDATE;
  for (const field of required) {
    if (mode === 'update' && fields[field] === undefined) continue;
    if (!present(fields[field])) add(field, requiredMessage(field));
  }
  for (const field of ['first_name', 'last_name', 'occupation', 'phone', 'email'] as const) {
    if ((fields[field] ?? '').length > TEXT_MAX) add(field, `Use at most ${TEXT_MAX} characters for your ${LABELS[field]}.`);
  }
  for (const field of ['home_address', 'billing_address'] as const) {
    if ((fields[field] ?? '').length > ADDRESS_MAX) add(field, `Use at most ${ADDRESS_MAX} characters for your ${LABELS[field]}.`);
  }
  const { date_of_birth: dob, gender, ethnicity, phone, email, nhs_number: nhs } = fields;
  if (present(dob)) {
    if (!isIsoDate(dob as string) || (dob as string) > today) add('date_of_birth', 'Enter a real date of birth.');
    else if (mode === 'create' && !isEligibleAge(dob as string, today)) add('date_of_birth', AGE_MESSAGE);
  }
  if (present(gender) && !(GENDERS as readonly string[]).includes(gender as string)) {
    add('gender', `Choose one of: ${GENDERS.join(', ')}.`);
  }
  if (present(ethnicity) && !(ETHNICITIES as readonly string[]).includes(ethnicity as string)) {
    add('ethnicity', 'Choose an ethnicity from the list.');
  }
  if (present(phone) && !PHONE.test(phone as string)) add('phone', 'Enter a phone number, like 447700900123.');
  if (present(email) && !EMAIL.test(email as string)) add('email', 'Enter an email address, like name@example.com.');
  if (present(nhs) && !isValidNhsNumber(nhs as string)) add('nhs_number', NHS_INVALID_MESSAGE);
  return issues;
}
