/**
 * An event as staff write it: every field of an event (docs/rules.md#events)
 * except the id and the places taken (counted from bookings), checked the way
 * the events table's constraints check it (migration 001) plus lengths, so a
 * bad form gets a 422 naming the field instead of a database error. The editor
 * checks before sending; the server decides.
 */
import { EVENT_CATEGORIES, type ScreeningEvent } from './event';
import { isEmailAddress } from './form-fields';
import { isClockTime, isIsoDate } from './london-time';
import { check, cleanText, textRule, z } from './schema-kit';

export type StaffEventInput = Omit<ScreeningEvent, 'event_id' | 'booked_spaces'>;

const TEXT_MAX = 200;
const DESCRIPTION_MAX = 5000;
const COUNT_MAX = 100_000;
const PENCE_MAX = 10_000_000;

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Absent, null and blank: `empty` (or `required` refused); anything else goes on to `then`.
 * The first step is a transform, which zod runs on an absent key too (as undefined); a
 * check inside `z.optional` would be skipped for an absent key, letting a required field
 * through as null.
 */
function orEmpty<T extends z.ZodMiniType, const E extends null | false>(then: T, empty: E, required?: string) {
  const schema = z.pipe(
    z.transform((value: unknown, payload) => {
      if (!blank(value)) return value;
      if (required) payload.issues.push({ code: 'custom', message: required, input: value });
      return empty;
    }),
    // null: nullable lets then's own message through (a union would say only "Invalid input"); false: then is a boolean.
    empty === null ? z.nullable(then) : then,
  );
  return schema as unknown as z.ZodMiniType<z.output<T> | E, unknown>;
}

// Each field's rule, with its label in the messages the editor shows beside the box.
const text = (label: string, { required = false, max = TEXT_MAX } = {}) =>
  orEmpty(cleanText(max, { notText: `${label} must be text.`, tooLong: `${label} must be at most ${max} characters.` }), null, required ? `${label} is required.` : undefined);

const requiredText = (label: string, max = TEXT_MAX) => z.pipe(text(label, { required: true, max }), z.transform((v) => v as string));

const whole = (label: string, min: number, max: number) =>
  z.pipe(
    z.unknown().check(
      textRule<unknown>((v) => {
        const n = typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v;
        return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;
      }, `${label} must be a whole number from ${min} to ${max}.`),
    ),
    z.transform((v) => Number(v)),
  );

const requiredWhole = (label: string, min: number, max: number) =>
  z.pipe(orEmpty(whole(label, min, max), null, `${label} is required.`), z.transform((v) => v as number));

const flag = (label: string) => orEmpty(z.boolean(`${label} must be yes or no.`), false);

const coordinate = (field: 'latitude' | 'longitude', limit: number) =>
  orEmpty(
    z.pipe(
      z.unknown().check(
        textRule<unknown>((v) => {
          const n = typeof v === 'string' ? Number(v) : v;
          return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit;
        }, `The ${field} must be a number from -${limit} to ${limit}.`),
      ),
      z.transform((v) => Number(v)),
    ),
    null,
  );

const shaped = (then: z.ZodMiniType<string, unknown>, test: (text: string) => boolean, message: string) =>
  z.pipe(then, z.string().check(textRule(test, message)));

/** Every field of an event staff write, with its rule. */
const STAFF_EVENT_SHAPE = {
    event_name: requiredText('The event name'),
    event_description: z.pipe(text('The description', { max: DESCRIPTION_MAX }), z.transform((v) => v ?? '')),
    category: z.enum(EVENT_CATEGORIES, `The category must be one of ${EVENT_CATEGORIES.join(', ')}.`),
    product_id: requiredText('The product id'),
    product_name: requiredText('The product name'),
    product_price: requiredWhole('The product price (pence)', 0, PENCE_MAX),
    price: orEmpty(whole('The event price (pence)', 0, PENCE_MAX), null),
    event_date: shaped(requiredText('The date'), isIsoDate, 'The date must be a real date, YYYY-MM-DD.'),
    start_time: shaped(requiredText('The start time'), isClockTime, 'The start time must be HH:mm (24-hour).'),
    end_time: shaped(requiredText('The end time'), isClockTime, 'The end time must be HH:mm (24-hour).'),
    session_duration: requiredWhole('The session length (minutes)', 1, 24 * 60),
    email_template: text('The email template'),
    lab_name: text('The lab'),
    is_private: flag('Private'),
    total_spaces: requiredWhole('The number of places', 0, COUNT_MAX),
    places_per_slot: requiredWhole('Places per time', 1, COUNT_MAX),
    payment_required: flag('Payment required'),
    exclusive_for: z.pipe(
      text('Exclusive for'),
      z.nullable(z.pipe(z.string(), z.pipe(z.transform((v: string) => v.toUpperCase()), z.literal('CORPORATE', 'Exclusive for must be CORPORATE or empty.')))),
    ),
    contact_email: z.pipe(text('The contact email', { max: 254 }), z.nullable(z.string().check(textRule(isEmailAddress, 'The contact email must be an email address.')))),
    address_line_1: requiredText('Address line 1'),
    address_line_2: text('Address line 2'),
    city: requiredText('The town or city'),
    state: text('The county'),
    postcode: z.pipe(requiredText('The postcode', 16), z.transform((v) => v.toUpperCase())),
    country: z.pipe(text('The country'), z.transform((v) => v ?? 'United Kingdom')),
    latitude: coordinate('latitude', 90),
    longitude: coordinate('longitude', 180),
};

// Rules across fields, checked even when another field is wrong so the editor shows every problem at once.
const acrossFields = z.check<Record<string, unknown>>(
  (payload) => {
    const { start_time: start, end_time: end, latitude, longitude } = payload.value;
    const named = (field: string) => payload.issues.some((issue) => issue.path?.[0] === field);
    if (!named('start_time') && !named('end_time') && typeof end === 'string' && typeof start === 'string' && end <= start) {
      payload.issues.push({ code: 'custom', path: ['end_time'], message: 'The end time must be after the start time, on the same day.', input: end });
    }
    if ((latitude === null) !== (longitude === null) && !named('latitude') && !named('longitude')) {
      payload.issues.push({ code: 'custom', path: ['latitude'], message: 'Give both latitude and longitude (pick the place on the map), or neither.', input: latitude });
    }
  },
  { when: () => true },
);

export const ACCESS_CODE_MESSAGE = 'The access code must be 6 to 32 letters or digits (spaces and dashes allowed).';

/** A private event's code as staff type it: 6 to 32 letters, digits, spaces or dashes (spaces and dashes are ignored when checked). */
export function accessCodeProblem(code: string): string | null {
  const trimmed = code.trim();
  return /^[A-Za-z0-9 -]{6,32}$/.test(trimmed) && trimmed.replace(/[\s-]/g, '').length >= 6 ? null : ACCESS_CODE_MESSAGE;
}

/** access_code in a body: absent or empty for none (keep the current one), else a code staff may set. */
const accessCode = orEmpty(
  z.pipe(
    z.string('The access code must be text.').check(textRule((code) => accessCodeProblem(code) === null, ACCESS_CODE_MESSAGE)),
    z.transform((code: string) => code.trim()),
  ),
  null,
);

/** POST /api/staff/events/{id}/access-code's body. */
export const accessCodeBodySchema = z.object({ access_code: accessCode });

/**
 * An event as staff send it from the editor (a JSON body, or the editor's
 * own state, where numbers are still the text boxes' digits) with an
 * optional new access code. The editor checks with it before sending; POST
 * and PUT /api/staff/events decide with it.
 */
export const staffEventSchema = z.pipe(
  z.object({ ...STAFF_EVENT_SHAPE, access_code: accessCode }).check(acrossFields),
  z.transform(({ access_code, ...event }) => ({ event: event satisfies StaffEventInput, accessCode: access_code ?? undefined })),
);


export interface EventFieldIssue {
  field: keyof StaffEventInput | 'access_code';
  message: string;
}

/** Checks `raw` (a JSON body or the editor's state) with staffEventSchema; the event when valid, else every problem found. */
export function checkStaffEvent(
  raw: Record<string, unknown>,
): { event: StaffEventInput; accessCode: string | undefined; issues: [] } | { event: null; issues: EventFieldIssue[] } {
  const checked = check(staffEventSchema, raw);
  if (checked.ok) return { ...checked.value, issues: [] };
  return { event: null, issues: checked.issues.map((i) => ({ field: i.path as EventFieldIssue['field'], message: i.message })) };
}
