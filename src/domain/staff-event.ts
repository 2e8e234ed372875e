/**
 * An event as staff write it: every field of SPEC.md's Event except the
 * id and the places taken (counted from bookings), checked the way the
 * events table's constraints check it (migration 001) plus lengths, so a
 * bad form gets a 422 naming the field instead of a database error. The
 * editor checks before sending; the server decides.
 */
import { EVENT_CATEGORIES, type EventCategory, type ScreeningEvent } from './event';
import { isEmailAddress } from './form-fields';
import { isClockTime, isIsoDate } from './london-time';

export type StaffEventInput = Omit<ScreeningEvent, 'event_id' | 'booked_spaces'>;

export interface EventFieldIssue {
  field: keyof StaffEventInput;
  message: string;
}

const TEXT_MAX = 200;
const DESCRIPTION_MAX = 5000;
const COUNT_MAX = 100_000;
const PENCE_MAX = 10_000_000;

type Raw = Record<string, unknown>;

/** Checks `raw` (a JSON body or the editor's state); the event when valid, else every problem found. */
export function checkStaffEvent(raw: Raw): { event: StaffEventInput; issues: [] } | { event: null; issues: EventFieldIssue[] } {
  const issues: EventFieldIssue[] = [];
  const problem = (field: keyof StaffEventInput, message: string) => issues.push({ field, message });

  const text = (field: keyof StaffEventInput, label: string, { required = false, max = TEXT_MAX } = {}): string | null => {
    const value = raw[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      if (required) problem(field, `${label} is required.`);
      return null;
    }
    if (typeof value !== 'string') {
      problem(field, `${label} must be text.`);
      return null;
    }
    if (value.trim().length > max) problem(field, `${label} must be at most ${max} characters.`);
    return value.trim();
  };
  const whole = (field: keyof StaffEventInput, label: string, min: number, max: number, { required = true } = {}): number | null => {
    const value = raw[field];
    if (value === undefined || value === null || value === '') {
      if (required) problem(field, `${label} is required.`);
      return null;
    }
    const n = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      problem(field, `${label} must be a whole number from ${min} to ${max}.`);
      return null;
    }
    return n;
  };
  const flag = (field: keyof StaffEventInput, label: string): boolean => {
    const value = raw[field];
    if (value === undefined || value === null) return false;
    if (typeof value !== 'boolean') problem(field, `${label} must be yes or no.`);
    return value === true;
  };
  const coordinate = (field: 'latitude' | 'longitude', limit: number): number | null => {
    const value = raw[field];
    if (value === undefined || value === null || value === '') return null;
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) > limit) {
      problem(field, `The ${field} must be a number from -${limit} to ${limit}.`);
      return null;
    }
    return n;
  };

  const event_name = text('event_name', 'The event name', { required: true });
  const event_description = text('event_description', 'The description', { max: DESCRIPTION_MAX }) ?? '';
  const category = raw.category;
  if (!(EVENT_CATEGORIES as readonly unknown[]).includes(category)) problem('category', `The category must be one of ${EVENT_CATEGORIES.join(', ')}.`);
  const product_id = text('product_id', 'The product id', { required: true });
  const product_name = text('product_name', 'The product name', { required: true });
  const product_price = whole('product_price', 'The product price (pence)', 0, PENCE_MAX);
  const price = whole('price', 'The event price (pence)', 0, PENCE_MAX, { required: false });
  const event_date = text('event_date', 'The date', { required: true });
  if (event_date !== null && !isIsoDate(event_date)) problem('event_date', 'The date must be a real date, YYYY-MM-DD.');
  const start_time = text('start_time', 'The start time', { required: true });
  if (start_time !== null && !isClockTime(start_time)) problem('start_time', 'The start time must be HH:mm (24-hour).');
  const end_time = text('end_time', 'The end time', { required: true });
  if (end_time !== null && !isClockTime(end_time)) problem('end_time', 'The end time must be HH:mm (24-hour).');
  else if (end_time !== null && start_time !== null && isClockTime(start_time) && end_time <= start_time) {
    problem('end_time', 'The end time must be after the start time, on the same day.');
  }
  const session_duration = whole('session_duration', 'The session length (minutes)', 1, 24 * 60);
  const email_template = text('email_template', 'The email template');
  const lab_name = text('lab_name', 'The lab');
  const is_private = flag('is_private', 'Private');
  const total_spaces = whole('total_spaces', 'The number of places', 0, COUNT_MAX);
  const places_per_slot = whole('places_per_slot', 'Places per time', 1, COUNT_MAX);
  const payment_required = flag('payment_required', 'Payment required');
  const exclusive = text('exclusive_for', 'Exclusive for');
  const exclusive_for = exclusive === null ? null : exclusive.toUpperCase();
  if (exclusive_for !== null && exclusive_for !== 'CORPORATE') problem('exclusive_for', 'Exclusive for must be CORPORATE or empty.');
  const contact_email = text('contact_email', 'The contact email', { max: 254 });
  if (contact_email !== null && !isEmailAddress(contact_email)) problem('contact_email', 'The contact email must be an email address.');
  const address_line_1 = text('address_line_1', 'Address line 1', { required: true });
  const address_line_2 = text('address_line_2', 'Address line 2');
  const city = text('city', 'The town or city', { required: true });
  const state = text('state', 'The county');
  const postcode = text('postcode', 'The postcode', { required: true, max: 16 });
  const country = text('country', 'The country') ?? 'United Kingdom';
  const latitude = coordinate('latitude', 90);
  const longitude = coordinate('longitude', 180);
  if ((latitude === null) !== (longitude === null) && !issues.some((i) => i.field === 'latitude' || i.field === 'longitude')) {
    problem('latitude', 'Give both latitude and longitude (pick the place on the map), or neither.');
  }

  if (issues.length > 0) return { event: null, issues };
  return {
    issues: [],
    event: {
      event_name: event_name!,
      event_description,
      category: category as EventCategory,
      product_id: product_id!,
      product_name: product_name!,
      product_price: product_price!,
      price,
      event_date: event_date!,
      start_time: start_time!,
      end_time: end_time!,
      session_duration: session_duration!,
      email_template,
      lab_name,
      is_private,
      total_spaces: total_spaces!,
      places_per_slot: places_per_slot!,
      payment_required,
      exclusive_for,
      contact_email,
      address_line_1: address_line_1!,
      address_line_2,
      city: city!,
      state,
      postcode: postcode!.toUpperCase(),
      country,
      latitude,
      longitude,
    },
  };
}

/** A private event's code as staff type it: 6 to 32 letters, digits, spaces or dashes (spaces and dashes are ignored when checked). */
export function accessCodeProblem(code: string): string | null {
  const trimmed = code.trim();
  if (!/^[A-Za-z0-9 -]{6,32}$/.test(trimmed) || trimmed.replace(/[\s-]/g, '').length < 6) {
    return 'The access code must be 6 to 32 letters or digits (spaces and dashes allowed).';
  }
  return null;
}
