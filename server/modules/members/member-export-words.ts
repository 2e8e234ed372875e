/**
 * The words of the readable copy of "Download my data"
 * (member-export-html.ts): each stored field's name in plain English, and
 * each value as a man reads it. Every value the JSON copy holds is shown,
 * none left out (a copy made for a right of access may not omit personal
 * data): times as "25 November 2026 at 14:05" in UK time, dates as
 * "15 March 1970", Yes or No, money in pounds with two decimals, coded
 * answers in words, the consent form as its questions and his answers.
 */
import { PSA_TEST_LABELS, type PsaTestNumber } from '../../../src/domain/consent';
import { EMAIL_CHOICE_TEXT, isEmailChoice } from '../../../src/domain/email-choices';
import { FOLLOW_UP_LABELS, isFollowUpOutcome } from '../../../src/domain/follow-up';
import { formatSavedAt, formatTime } from '../../../src/domain/format';
import { formatProfileId } from '../../../src/domain/member-profile';
import { PSA_UNIT } from '../../../src/domain/psa-band';
import { ACCESS_REASON_WORDS, RECORD_SEEN_WORDS, STAFF_ROLE_WORDS } from '../../../src/domain/record-access';

type Shape = 'pounds' | 'psa' | 'member' | 'months' | 'coded' | 'answers' | 'details' | 'seen';

interface Field {
  label: string;
  shape?: Shape;
}

/** Every field the export holds, by its stored name. */
export const FIELDS: Record<string, Field> = {
  email: { label: 'Email address' },
  email_confirmed_at: { label: 'Email address confirmed' },
  email_proven_at: { label: 'Email address shown to be yours (a link or code we sent was used)' },
  last_sign_in_at: { label: 'Last signed in' },
  created_at: { label: 'Created' },
  updated_at: { label: 'Last changed' },
  user_metadata: { label: 'Details given when you signed up', shape: 'details' },
  started_at: { label: 'Signed in' },
  last_used_at: { label: 'Last used' },
  ended_at: { label: 'Ended' },
  profile_id: { label: 'Member number', shape: 'member' },
  first_name: { label: 'First name' },
  last_name: { label: 'Last name' },
  gender: { label: 'Gender' },
  date_of_birth: { label: 'Date of birth' },
  ethnicity: { label: 'Ethnicity' },
  occupation: { label: 'Occupation' },
  phone: { label: 'Phone number' },
  home_address: { label: 'Home address' },
  billing_address: { label: 'Billing address' },
  nhs_number: { label: 'NHS number' },
  ni_number: { label: 'National Insurance number' },
  nhs_gp_email: { label: 'Your GP’s email address' },
  nhs_gp_phone_number: { label: 'Your GP’s phone number' },
  is_verified: { label: 'Details checked by the charity' },
  is_active: { label: 'Account in use' },
  consent_id: { label: 'Consent form reference' },
  event_name: { label: 'Screening event' },
  psa_test_date: { label: 'Date of the PSA test' },
  source: { label: 'How you filled it in', shape: 'coded' },
  consent_version: { label: 'Version of the form' },
  answers: { label: 'Your answers', shape: 'answers' },
  appointment_id: { label: 'Booking reference' },
  event_date: { label: 'Date of the event' },
  venue: { label: 'Venue' },
  slot_start: { label: 'Appointment time' },
  slot_end: { label: 'Appointment ends' },
  status: { label: 'Status', shape: 'coded' },
  payment_status: { label: 'Payment', shape: 'coded' },
  price_pounds: { label: 'Price', shape: 'pounds' },
  cancelled_at: { label: 'Cancelled' },
  paypal_order_id: { label: 'PayPal order reference' },
  amount_pounds: { label: 'Amount', shape: 'pounds' },
  capture_id: { label: 'PayPal payment reference' },
  refund_id: { label: 'PayPal refund reference' },
  refund_reason: { label: 'Why it was refunded', shape: 'coded' },
  payer_name: { label: 'Name on the card' },
  amount: { label: 'Amount', shape: 'pounds' },
  payment_reference: { label: 'Reference for the payment' },
  payment_method: { label: 'Paid by', shape: 'coded' },
  card_brand: { label: 'Card' },
  card_last_digits: { label: 'Card number ending' },
  card_expiry: { label: 'Card expires' },
  issue: { label: 'Problem PayPal reported' },
  checked_in_at: { label: 'Arrived' },
  product_name: { label: 'Test' },
  test_result: { label: 'PSA result', shape: 'psa' },
  test_unit: { label: 'Unit of the result' },
  comments: { label: 'Comments' },
  sample_date: { label: 'Sample taken' },
  psa_band: { label: 'Band given to this result', shape: 'coded' },
  rule_version: { label: 'Version of the charity’s clinical rule that banded it' },
  recall_risk: { label: 'Risk group for your next test', shape: 'coded' },
  recall_months_override: { label: 'Months to your next test, set by the charity', shape: 'months' },
  next_test_due: { label: 'Next test due' },
  recall_invited_at: { label: 'Invitation to your next test sent' },
  recall_follow_up_on: { label: 'Reminder of that invitation due' },
  recall_followed_up_at: { label: 'Reminder of that invitation sent' },
  gp_prompt_due: { label: 'Reminder to see your GP due' },
  gp_prompt_sent_at: { label: 'Reminder to see your GP sent' },
  follow_up_outcome: { label: 'What happened after this result', shape: 'coded' },
  follow_up_recorded_at: { label: 'That outcome recorded' },
  joined_at: { label: 'Joined' },
  offer_slot: { label: 'Time offered to you' },
  offered_at: { label: 'Place offered' },
  offer_expires_at: { label: 'Offer held until' },
  name: { label: 'Name' },
  hear_about_event: { label: 'Would like to hear of events near you' },
  phone_number: { label: 'Phone number' },
  message: { label: 'Your message' },
  london_day: { label: 'Date' },
  staff_first_name: { label: 'First name of the member of staff' },
  staff_role: { label: 'Their role', shape: 'coded' },
  reason: { label: 'Why', shape: 'coded' },
  seen: { label: 'What they saw', shape: 'seen' },
  first_at: { label: 'First looked that day' },
  last_at: { label: 'Last looked that day' },
  reads: { label: 'Times opened that day' },
};

/** The consent form's questions, as the form asks them. */
const QUESTIONS: Record<string, string> = {
  numberOfPsaTest: 'Counting this one, which PSA test was this for you in the last five years?',
  familyHistoryProstateCancer: 'Has anyone on your father’s side of the family had prostate cancer?',
  familyMemberWithProstateCancer: 'Which relatives on your father’s side?',
  additionalProstateCancerDetails: 'Other details about your father’s side',
  familyHistoryBreastOvarianCancer: 'Has anyone on your mother’s side of the family had prostate, ovarian or breast cancer?',
  familyMemberWithOvarianCancer: 'Which relatives on your mother’s side?',
  motherSideDetails: 'Other details about your mother’s side',
  medicationHistory: 'Are you taking, or have you taken, any of these medicines?',
  agreeToTerms: 'I agree to the terms and conditions.',
  consentToSampleTesting: 'I consent to a blood sample being taken from me and tested for PSA.',
  consentToPrivateGp: 'I consent to my details and result being passed to my private GP, if I have one.',
};

/** Sign-up details kept with the account (the name and phone number the sign-up form sends). */
const DETAILS: Record<string, string> = { display_name: 'Name', phone: 'Phone number' };

const CODED: Record<string, Record<string, string>> = {
  source: { booking: 'When booking an event', 'test-consent': 'From a consent link the charity sent' },
  status: {
    // A booking's, a waiting list's and a card payment's (payment_orders), then a card transaction's as PayPal reported the capture.
    held: 'Held while paying',
    confirmed: 'Confirmed',
    cancelled: 'Cancelled',
    waiting: 'Waiting',
    offered: 'Offered a place',
    booked: 'Booked',
    left: 'Left the list',
    lapsed: 'Offer ended',
    creating: 'Being set up with PayPal',
    created: 'Waiting for the card payment',
    completed: 'Paid',
    declined: 'Card declined',
    failed: 'Failed: nothing was taken',
    refund_due: 'Refund under way',
    refunded: 'Refunded',
    abandoned: 'Not paid: the hold ran out',
    COMPLETED: 'Taken from the card',
  },
  // 'paid' is a free event's booking: nothing to pay (docs/rules.md#payment).
  payment_status: {
    paid: 'Nothing to pay: a free event',
    'paid by card': 'Paid by card',
    unpaid: 'Not paid yet',
    'refund pending': 'Refund under way',
    refunded: 'Refunded',
    'refund failed': 'Refund delayed: we are looking into it',
  },
  refund_reason: {
    cancelled: 'You cancelled more than 2 business days before the event',
    place_gone: 'Your payment reached us after your place had gone',
    event_cancelled: 'The charity cancelled the event',
    amount_mismatch: 'The amount taken did not match the price of the booking',
  },
  payment_method: { card: 'Card', paypal: 'PayPal' },
  recall_risk: { high: 'High', intermediate: 'Intermediate', low: 'Low' },
  psa_band: { green: 'Green: normal', amber: 'Amber: slightly raised', red: 'Red: significantly raised' },
  staff_role: STAFF_ROLE_WORDS,
  reason: ACCESS_REASON_WORDS,
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;
const CLOCK = /^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** A stored text in words: times in UK time, dates day month year, anything else as it is. */
export function dateWords(text: string): string {
  if (INSTANT.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? text : formatSavedAt(ms);
  }
  const date = DATE.exec(text);
  if (date) return `${Number(date[3])} ${MONTHS[Number(date[2]) - 1] ?? date[2]} ${date[1]}`;
  const month = YEAR_MONTH.exec(text);
  if (month) return `${MONTHS[Number(month[2]) - 1] ?? month[2]} ${month[1]}`;
  if (CLOCK.test(text)) return formatTime(text);
  return text;
}

const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An unnamed key in a stored object (a sign-up detail another client sent) in words. */
const keyWords = (key: string) => sentenceCase(key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase());

export type Words = string | { label: string; value: string }[];

/** One stored value in words: plain text, or a list of questions or names with their answers. */
export function valueWords(key: string, value: unknown): Words {
  const shape = FIELDS[key]?.shape;
  if (value === null || value === undefined || value === '') return 'None recorded';
  if (shape === 'answers' && typeof value === 'object') return answerWords(value as Record<string, unknown>);
  if (shape === 'details' && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).map(([k, v]) => ({ label: DETAILS[k] ?? keyWords(k), value: plain(v) }));
  }
  if (shape === 'pounds' && (typeof value === 'number' || /^\d+(\.\d+)?$/.test(String(value)))) {
    // A free event's booking costs nothing: "Free", never "£0.00" beside "Paid".
    return Number(value) === 0 ? 'Free' : `£${Number(value).toFixed(2)}`;
  }
  if (shape === 'psa' && typeof value === 'number') return `${value} ${PSA_UNIT}`;
  if (shape === 'member' && typeof value === 'number') return formatProfileId(value);
  if (shape === 'seen' && Array.isArray(value)) {
    return sentenceCase(value.map((s) => (RECORD_SEEN_WORDS as Record<string, string>)[String(s)] ?? plain(s)).join(', '));
  }
  if (shape === 'months' && typeof value === 'number') return `${value} month${value === 1 ? '' : 's'}`;
  if (shape === 'coded' && typeof value === 'string') {
    if (key === 'follow_up_outcome' && isFollowUpOutcome(value)) return FOLLOW_UP_LABELS[value];
    return CODED[key]?.[value] ?? sentenceCase(value.toLowerCase());
  }
  return plain(value);
}

/** Any value with no shape of its own: Yes or No, a list joined, dates in words. */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'None recorded';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? 'None' : value.map(plain).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${keyWords(k)}: ${plain(v)}`)
      .join('; ');
  }
  return dateWords(String(value));
}

function answerWords(answers: Record<string, unknown>): { label: string; value: string }[] {
  return Object.entries(answers)
    .sort(([a], [b]) => questionOrder(a) - questionOrder(b))
    .map(([key, answer]) => {
    const question = QUESTIONS[key] ?? keyWords(key);
    if (key === 'numberOfPsaTest' && typeof answer === 'number') {
      return { label: question, value: PSA_TEST_LABELS[answer as PsaTestNumber] ?? String(answer) };
    }
    if (answer === null || answer === undefined || answer === '') return { label: question, value: 'Not answered' };
    return { label: question, value: plain(answer) };
  });
}

/** His email choices: each kind of email by its name, Yes or No. */
export function choiceWords(choices: Record<string, unknown>): { label: string; value: string }[] {
  return Object.entries(choices).map(([key, on]) => ({ label: isEmailChoice(key) ? EMAIL_CHOICE_TEXT[key].label : keyWords(key), value: plain(on) }));
}

export const labelOf = (key: string): string => FIELDS[key]?.label ?? keyWords(key);

const order = (keys: string[]) => (key: string) => {
  const at = keys.indexOf(key);
  return at < 0 ? keys.length : at;
};

/** Where a field comes in a record: as FIELDS lists them, unknown ones last. */
export const fieldOrder = order(Object.keys(FIELDS));
const questionOrder = order(Object.keys(QUESTIONS));
