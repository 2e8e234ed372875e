/**
 * The sign-up form's values and rules (docs/rules.md#sign-up): checked
 * with the shared profile rules, and turned into the profile
 * the server stores (email trimmed and lower-cased, address joined).
 */
import { AGE_MESSAGE } from './age';
import { checkProfile, joinAddress, normaliseEmail, type ProfileFields } from './member-profile';

/** A problem with one input of the form, by its id. */
export interface FieldError {
  field: string;
  message: string;
}

/** What the sign-up form asks besides the sign-in: the profile's fields. */
export interface DetailsValues {
  firstName: string;
  lastName: string;
  address1: string;
  address2: string;
  postCode: string;
  country: string;
  occupation: string;
  nhs: string;
  gender: string;
  ethnicity: string;
  dateOfBirth: string;
  phoneNumber: string;
}

export interface SignupValues extends DetailsValues {
  email: string;
  password: string;
  confirmPassword: string;
}

export const EMPTY_DETAILS: DetailsValues = {
  firstName: '',
  lastName: '',
  address1: '',
  address2: '',
  postCode: '',
  country: 'United Kingdom',
  occupation: '',
  nhs: '',
  gender: '',
  ethnicity: '',
  dateOfBirth: '',
  phoneNumber: '',
};

export const EMPTY_SIGNUP: SignupValues = { ...EMPTY_DETAILS, email: '', password: '', confirmPassword: '' };

/** The profile the server stores from the details and the account's email. */
export function toProfile(v: DetailsValues & { email: string }): ProfileFields {
  return {
    first_name: v.firstName.trim(),
    last_name: v.lastName.trim(),
    gender: v.gender,
    date_of_birth: v.dateOfBirth,
    ethnicity: v.ethnicity,
    occupation: v.occupation.trim(),
    phone: v.phoneNumber.trim(),
    email: normaliseEmail(v.email),
    home_address: joinAddress([v.address1, v.address2, v.postCode, v.country]),
    nhs_number: v.nhs,
  };
}

// Which input shows each profile rule's message.
const FIELD_OF: Record<string, keyof SignupValues> = {
  first_name: 'firstName',
  last_name: 'lastName',
  gender: 'gender',
  date_of_birth: 'dateOfBirth',
  ethnicity: 'ethnicity',
  occupation: 'occupation',
  phone: 'phoneNumber',
  email: 'email',
  home_address: 'address1',
  nhs_number: 'nhs',
};

const DETAILS_REQUIRED: [keyof DetailsValues, string][] = [
  ['firstName', 'Enter your first name'],
  ['lastName', 'Enter your last name'],
  ['address1', 'Enter the first line of your address'],
  ['postCode', 'Enter your postcode'],
  ['phoneNumber', 'Enter your phone number'],
  ['dateOfBirth', 'Enter your date of birth'],
  ['gender', 'Choose your gender'],
  ['ethnicity', 'Choose your ethnicity'],
];

const SIGNUP_REQUIRED: [keyof SignupValues, string][] = [
  ...DETAILS_REQUIRED,
  ['email', 'Enter your email address'],
  ['password', 'Enter a password'],
  ['confirmPassword', 'Enter the password again'],
];

export const isAgeError = (errors: FieldError[]) => errors.some((e) => e.message === AGE_MESSAGE);

function check<V extends DetailsValues & { email: string }>(v: V, required: [keyof V, string][], today: string): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, message: string) => {
    if (!errors.some((e) => e.field === field)) errors.push({ field, message });
  };
  for (const [field, message] of required) if (!String(v[field]).trim()) add(String(field), message);
  for (const issue of checkProfile(toProfile(v), 'create', today)) add(FIELD_OF[issue.path] ?? issue.path, issue.message);
  return errors;
}

const inFormOrder = (errors: FieldError[]) => {
  const order = Object.keys(EMPTY_SIGNUP);
  return errors.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
};

export function validateSignup(v: SignupValues, today: string): FieldError[] {
  const errors = check(v, SIGNUP_REQUIRED, today);
  if (v.password && v.confirmPassword && v.password !== v.confirmPassword && !errors.some((e) => e.field === 'confirmPassword')) {
    errors.push({ field: 'confirmPassword', message: 'Passwords do not match' });
  }
  return inFormOrder(errors);
}

/**
 * The details step of a member whose account has no profile yet: the same
 * rules as sign-up, with the email the account already has.
 */
export function validateDetails(v: DetailsValues, email: string, today: string): FieldError[] {
  return inFormOrder(check({ ...v, email }, DETAILS_REQUIRED, today));
}

