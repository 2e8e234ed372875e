/**
 * The member profile's rules, shared by the sign-up and portal forms and
 * the server (docs/rules.md#profile): the choices offered, how the
 * sign-up form becomes the stored profile, and which fields each step
 * requires. Messages are those docs/rules.md quotes, where it quotes one.
 */
import { AGE_MESSAGE, isEligibleAge } from './age';
import { BAD_TEXT_MESSAGE, isCleanText } from './clean-text';
import { isIsoDate } from './london-time';
import { isValidNhsNumber, NHS_INVALID_MESSAGE } from './nhs-number';
import { check, textRule, z } from './schema-kit';

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

/** The profile as the server stores and sends it (snake_case, docs/rules.md#profile). */
export const memberProfileSchema = z.strictObject({
  /** The number members see after the CHAPS prefix; never put in a URL. */
  profile_id: z.number(),
  /** A random id for the member's own URLs (GET /medical/results/{public_id}): cannot be guessed or counted. */
  public_id: z.string(),
  user_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.nullable(z.string()),
  /** YYYY-MM-DD. */
  date_of_birth: z.nullable(z.string()),
  ethnicity: z.nullable(z.string()),
  occupation: z.nullable(z.string()),
  phone: z.string(),
  email: z.string(),
  home_address: z.string(),
  billing_address: z.nullable(z.string()),
  nhs_number: z.nullable(z.string()),
  ni_number: z.nullable(z.string()),
  nhs_gp_email: z.nullable(z.string()),
  nhs_gp_phone_number: z.nullable(z.string()),
  is_verified: z.boolean(),
  is_active: z.boolean(),
});

export type MemberProfile = z.output<typeof memberProfileSchema>;

/**
 * GET, POST (201), PATCH and PUT /api/auth/profile, declared once: the
 * original client's `status: 'success'` and the profile as `userProfile`.
 */
export const profileAnswerSchema = z.strictObject({ status: z.literal('success'), userProfile: memberProfileSchema });

export type ProfileAnswer = z.output<typeof profileAnswerSchema>;

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

/** docs/rules.md#profile: required there; email cannot change at all. */
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

/** Trimmed, lower-cased email (docs/rules.md#sign-up). */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Address parts joined with commas, blanks skipped (docs/rules.md#sign-up). */
export function joinAddress(parts: readonly (string | undefined | null)[]): string {
  return parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(', ');
}

export const formatProfileId = (profileId: number | string) => `${PROFILE_ID_PREFIX}${profileId}`;

const present = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

type Field = keyof ProfileFields;
type Value = string | null | undefined;

/**
 * A profile's fields as a schema, for one mode: 'create' (sign-up) or
 * 'update' (the portal's edit, where an absent field keeps its value).
 * `today` is the UK date, for the date of birth. Each field's rules run in
 * order (required, length, shape) and stop at the first that fails, so a
 * field has one message; the values pass through as they are.
 */
export function profileSchema(mode: 'create' | 'update', today: string) {
  const required: readonly Field[] = mode === 'create' ? REQUIRED_ON_CREATE : REQUIRED_ON_UPDATE;
  // The closing transform makes each key's output not optional: zod skips an absent key whose
  // schema is optional going in and coming out, checks and all, so a required field left out
  // of the body would pass. With it, an absent key meets the same rules as a blank one.
  const field = (name: Field, max: number, ...shape: ReturnType<typeof textRule<Value>>[]) =>
    z.pipe(
      z.optional(z.nullable(z.string())).check(
        ...(required.includes(name) ? [textRule<Value>((v) => (mode === 'update' && v === undefined) || present(v), requiredMessage(name))] : []),
        textRule<Value>((v) => (v ?? '').length <= max, `Use at most ${max} characters for your ${LABELS[name]}.`),
        ...shape,
      ),
      z.transform((v: Value) => v),
    );
  const shaped = (test: (text: string) => boolean, message: string) => textRule<Value>((v) => !present(v) || test(v as string), message);
  return z.object({
    first_name: field('first_name', TEXT_MAX),
    last_name: field('last_name', TEXT_MAX),
    gender: field('gender', TEXT_MAX, shaped((v) => (GENDERS as readonly string[]).includes(v), `Choose one of: ${GENDERS.join(', ')}.`)),
    date_of_birth: field(
      'date_of_birth',
      TEXT_MAX,
      shaped((v) => isIsoDate(v) && v <= today, 'Enter a real date of birth.'),
      ...(mode === 'create' ? [shaped((v) => isEligibleAge(v, today), AGE_MESSAGE)] : []),
    ),
    ethnicity: field('ethnicity', TEXT_MAX, shaped((v) => (ETHNICITIES as readonly string[]).includes(v), 'Choose an ethnicity from the list.')),
    occupation: field('occupation', TEXT_MAX),
    phone: field('phone', TEXT_MAX, shaped((v) => PHONE.test(v), 'Enter a phone number, like 447700900123.')),
    email: field('email', TEXT_MAX, shaped((v) => EMAIL.test(v), 'Enter an email address, like name@example.com.')),
    home_address: field('home_address', ADDRESS_MAX),
    billing_address: field('billing_address', ADDRESS_MAX),
    nhs_number: field('nhs_number', TEXT_MAX, shaped(isValidNhsNumber, NHS_INVALID_MESSAGE)),
  });
}

/** Field problems of a profile about to be created or changed (profileSchema's), one per field. */
export function checkProfile(fields: ProfileFields, mode: 'create' | 'update', today: string): FieldIssue[] {
  const checked = check(profileSchema(mode, today), fields);
  return checked.ok ? [] : checked.issues.map(({ path, message }) => ({ path, message }));
}

/**
 * A profile request's JSON body (POST, PATCH and PUT /api/auth/profile):
 * only the known fields, each text or null under the site's text rule,
 * and the original client's user_id, which may only name the caller. The
 * profile's own rules (profileSchema) come after, once the service knows the
 * mode.
 */
export const profileBodySchema = z.object({
  ...(Object.fromEntries(
    PROFILE_FIELDS.map((name) => [
      name,
      z.optional(z.nullable(z.string(`${name} must be text.`).check(textRule(isCleanText, `${name} ${BAD_TEXT_MESSAGE}.`)))),
    ]),
  ) as Record<Field, z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString>>>),
  user_id: z.optional(z.unknown()),
});
