/**
 * Whether one line of the lab's results file names one man safely
 * (docs/rules.md#results-entry), from what the import has already read in
 * its transaction: the event's bookings with each man's date of birth and
 * NHS number, and the samples the file's ids name. A line that passes is
 * matched to his booking; any other is held for a person, with the reason
 * in words. Pure, so every rule is seen in one place.
 */
import { formatLongDate } from '../../../src/domain/format';
import type { ResultHoldReason } from '../../../src/domain/result-holds';
import type { ResultsCsvRow } from '../../../src/domain/results-csv';
import { formatSampleId, isValidSampleId } from '../../../src/domain/sample-id';

const SAMPLE_ID_SHAPE = /^[0-9A-Z]{7}[0-9A-Z*]$/;

export interface Candidate {
  appointment_id: string;
  profile_id: number;
  status: string;
  email: string;
  first_name: string;
  /** YYYY-MM-DD. */
  date_of_birth: string | null;
  nhs_number: string | null;
  /** Whether his arrival at the event was recorded. */
  checked_in: boolean;
}

export interface KnownSample {
  sample_id: string;
  appointment_id: string;
  event_id: string;
  event_name: string;
  event_date: string;
}

export interface Hold {
  reason: ResultHoldReason;
  words: string;
  /** The booking the line's id named (of this event or another), kept so erasing that man clears the line. */
  named: string | null;
}

export type LineMatch = { booking: Candidate } | { hold: Hold };

/** 9434765919 -> "943 476 5919", as the NHS writes it. */
export const showNhsNumber = (digits: string) => digits.replace(/\s/g, '').replace(/^(\d{3})(\d{3})(\d{4})$/, '$1 $2 $3');
/** 1970-03-15 -> "15/03/1970". */
export const showDate = (iso: string) => iso.split('-').reverse().join('/');

/** Holds the line when the NHS number or date of birth it carries is not his; null when both agree (or are not given). */
function secondIdentifiers(row: ResultsCsvRow, booking: Candidate): Hold | null {
  const words: string[] = [];
  let reason: ResultHoldReason | null = null;
  const his = booking.nhs_number?.replace(/\s/g, '') ?? null;
  if (row.nhsNumber !== null && row.nhsNumber !== his) {
    reason = 'nhs_number_differs';
    words.push(`NHS number in the file (${showNhsNumber(row.nhsNumber)}) differs from his (${his ? showNhsNumber(his) : 'none on file'}).`);
  }
  if (row.dateOfBirth !== null && row.dateOfBirth !== booking.date_of_birth) {
    reason ??= 'date_of_birth_differs';
    words.push(`Date of birth in the file (${showDate(row.dateOfBirth)}) differs from his (${booking.date_of_birth ? showDate(booking.date_of_birth) : 'none on file'}).`);
  }
  return reason ? { reason, words: words.join(' '), named: booking.appointment_id } : null;
}

/**
 * A sample_id line: a valid check character, a sample of this event, a confirmed booking of a man checked in, and his NHS number and
 * date of birth where given. Whether he has a result already is the save's to say (resultExists).
 */
export function matchBySample(
  row: ResultsCsvRow & { sampleId: string },
  eventId: string,
  samples: ReadonlyMap<string, KnownSample>,
  bookings: ReadonlyMap<string, Candidate>,
): LineMatch {
  const id = row.sampleId;
  if (!SAMPLE_ID_SHAPE.test(id)) {
    return { hold: { reason: 'invalid_sample_id', words: `"${row.cells.sample_id ?? id}" is not a sample id: a sample id is 8 letters and digits, like 7KQ2-M9PT.`, named: null } };
  }
  if (!isValidSampleId(id)) {
    return { hold: { reason: 'invalid_sample_id', words: `Check character wrong: ${formatSampleId(id)} is not a valid sample id (a typing or transposition error).`, named: null } };
  }
  const sample = samples.get(id);
  if (!sample) return { hold: { reason: 'unknown_sample', words: `No tube was labelled ${formatSampleId(id)} on this site: the sample id matches no booking.`, named: null } };
  if (sample.event_id !== eventId) {
    return {
      hold: {
        reason: 'other_event',
        words: `Sample ${formatSampleId(id)} belongs to another event (${sample.event_name}, ${formatLongDate(sample.event_date)}).`,
        // The line carries that man's details: erasing his account must find it.
        named: sample.appointment_id,
      },
    };
  }
  const booking = bookings.get(sample.appointment_id);
  if (!booking || booking.status !== 'confirmed') {
    return { hold: { reason: 'booking_not_confirmed', words: `Sample ${formatSampleId(id)} is of a booking that is no longer confirmed (cancelled, or the member's account was deleted).`, named: sample.appointment_id } };
  }
  // Labels are printed before the day for everyone booked: the label of a man who never came can only
  // be on another man's tube (a sheet mixed up at the door), or his arrival was never recorded.
  if (!booking.checked_in) {
    return {
      hold: {
        reason: 'not_checked_in',
        words: `Sample ${formatSampleId(id)} is labelled for a man who was not checked in at this event: his label may be on another man's tube. Check with the team who ran the event before attaching it.`,
        named: booking.appointment_id,
      },
    };
  }
  const disagree = secondIdentifiers(row, booking);
  return disagree ? { hold: disagree } : { booking };
}

/**
 * The hold of a matched line whose booking has a result already: a second line for one tube (another file,
 * or the same one imported twice, before or at the same moment) never replaces his result unseen. Decided
 * by the save itself (writeResult in result-write.ts), which writes only where no result is saved.
 */
export function resultExists(row: ResultsCsvRow, booking: Candidate): Hold {
  const which = row.sampleId ? `Sample ${formatSampleId(row.sampleId)}` : `CHAPS${row.profileId}`;
  const line = row.sampleId ? 'for his tube' : 'for him';
  return {
    reason: 'result_exists',
    words: `${which} already has a result saved: this line is a second one ${line} (or the file was imported twice). If it replaces the first, change his result from the attendee list; otherwise discard it.`,
    named: booking.appointment_id,
  };
}

/** A profile_id line (files already in use, taken only with staff's confirmation): his booking, and his NHS number and date of birth where given. */
export function matchByProfile(row: ResultsCsvRow, booking: Candidate): LineMatch {
  const disagree = secondIdentifiers(row, booking);
  return disagree ? { hold: disagree } : { booking };
}
