/**
 * Sample labels and the laboratory's manifest (docs/rules.md#sample-labels),
 * declared once for the server's answers and the staff console's pages.
 * - POST /api/staff/events/{id}/samples {appointment_ids?} -> labels for the
 *   event's confirmed bookings (or the ones listed), and the men who get none
 *   because no valid NHS number is on file
 * - GET /api/staff/events/{id}/manifest -> the samples of the men checked in
 * Pure text helpers for a label (NHS number in groups of 3-3-4) live here too.
 */
import { z } from './schema-kit';

/** At most this many bookings named in one labels request (the desk names one; "all" names none). */
export const LABELS_BATCH_MAX = 200;

/**
 * Sex on the lab's request: the charity screens men (a PSA test is for a
 * prostate), and the profile holds only a self-described gender, which is
 * not the lab's field; so every request says M.
 */
export const MANIFEST_SEX = 'M';

export const sampleLabelSchema = z.strictObject({
  appointment_id: z.string(),
  sample_id: z.string(),
  full_name: z.string(),
  /** YYYY-MM-DD; null when his profile has none. */
  date_of_birth: z.nullable(z.string()),
  /** Ten digits, valid by Modulus 11 (no label is made without one). */
  nhs_number: z.string(),
  /** YYYY-MM-DD: the day he checked in (UK time), else the event's date. */
  collection_date: z.string(),
  /** HH:mm, his booked slot. */
  start_time: z.string(),
});

/** A booked man with no label: his NHS number is missing or fails its check digit. */
export const unlabelledSchema = z.strictObject({
  appointment_id: z.string(),
  profile_id: z.number(),
  full_name: z.string(),
  start_time: z.string(),
  reason: z.enum(['nhs_number']),
});

export const sampleLabelsAnswerSchema = z.strictObject({
  event_id: z.string(),
  event_name: z.string(),
  event_date: z.string(),
  labels: z.array(sampleLabelSchema),
  unlabelled: z.array(unlabelledSchema),
});

/** The body: nothing (every confirmed booking) or the bookings to label, by appointment id. */
const IDS_MESSAGE = `appointment_ids must be a list of 1 to ${LABELS_BATCH_MAX} appointment ids.`;
export const sampleLabelsBodySchema = z.object({
  appointment_ids: z.optional(
    z.array(z.string(IDS_MESSAGE).check(z.maxLength(64, IDS_MESSAGE)), IDS_MESSAGE).check(z.minLength(1, IDS_MESSAGE), z.maxLength(LABELS_BATCH_MAX, IDS_MESSAGE)),
  ),
});

export const manifestLineSchema = z.strictObject({
  sample_id: z.string(),
  full_name: z.string(),
  date_of_birth: z.nullable(z.string()),
  nhs_number: z.string(),
  sex: z.literal(MANIFEST_SEX),
  /** YYYY-MM-DD and HH:mm, UK time: when he was checked in. */
  collection_date: z.string(),
  collection_time: z.string(),
});

export const labManifestSchema = z.strictObject({
  event_id: z.string(),
  event_name: z.string(),
  event_date: z.string(),
  /** The venue's address on one line. */
  venue: z.string(),
  /** The event's laboratory (docs/rules.md#esneft); null when the event names none. */
  lab: z.nullable(z.string()),
  count: z.number(),
  samples: z.array(manifestLineSchema),
});

export type SampleLabel = z.output<typeof sampleLabelSchema>;
export type Unlabelled = z.output<typeof unlabelledSchema>;
export type SampleLabelsAnswer = z.output<typeof sampleLabelsAnswerSchema>;
export type ManifestLine = z.output<typeof manifestLineSchema>;
export type LabManifest = z.output<typeof labManifestSchema>;

/** "9434765919" -> "943 476 5919", the NHS's own grouping; anything else as it is. */
export const formatNhsNumber = (digits: string) => (/^\d{10}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits);

/**
 * How big a label sets his name (staff-labels.css): whole at the label's
 * own size up to 40 characters, then smaller, so that the longest name a
 * profile allows (a first and a last name of 100 characters each) still
 * fits above the date of birth and NHS number line, never over it.
 */
export function labelNameSize(fullName: string): 'normal' | 'small' | 'smallest' {
  const length = [...fullName].length;
  return length <= 40 ? 'normal' : length <= 80 ? 'small' : 'smallest';
}

/** The manifest file's name: the event's date and a safe form of its name. */
export function manifestCsvName(manifest: Pick<LabManifest, 'event_date' | 'event_name'>): string {
  const slug = manifest.event_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return `lab-manifest-${manifest.event_date}${slug ? `-${slug}` : ''}.csv`;
}
