/**
 * The walk-in's first step (staff-walk-in-page.tsx): his details, typed by
 * staff from his ID for positive identification, how to reach him, and the
 * time, with the form's own check and the event's rules it can know.
 */
import type { FormEvent } from 'react';
import { isEligibleAge } from '@/domain/age';
import { isEsneftEvent } from '@/domain/event';
import { formatTime } from '@/domain/format';
import { checkWalkIn, WALK_IN_FIELDS, WALK_IN_MESSAGES, walkInTimes, type WalkInField, type WalkInIssue } from '@/domain/walk-in';
import { ErrorSummary } from '@/lib/ui/error-summary';
import { fieldControlProps, FormField } from '@/lib/ui/form-field';
import { TextField } from '@/lib/ui/text-field';
import { useNow } from '@/lib/use-now';
import type { StaffEvent } from '../api/staff-events';
import type { WalkInBody } from '../api/walk-in';

export type Details = Omit<WalkInBody, 'consent' | 'existing_account'>;
export const EMPTY: Details = { first_name: '', last_name: '', email: '', date_of_birth: '', nhs_number: '', phone: '', home_address: '', slot: '' };

const TEXT_FIELDS: { name: Exclude<WalkInField, 'slot'>; label: string; hint?: string; type?: string; inputMode?: 'numeric' | 'tel' | 'email' }[] = [
  { name: 'first_name', label: 'First name', hint: 'As on his ID, with any middle names.' },
  { name: 'last_name', label: 'Last name', hint: 'As on his ID.' },
  { name: 'date_of_birth', label: 'Date of birth', type: 'date' },
  { name: 'nhs_number', label: 'NHS number', inputMode: 'numeric' },
  { name: 'email', label: 'Email address', hint: 'His ticket and confirmation go here.', type: 'email', inputMode: 'email' },
  { name: 'phone', label: 'Phone number', hint: 'For us to call him about his result if we need to.', type: 'tel', inputMode: 'tel' },
  { name: 'home_address', label: 'Home address', hint: 'The first line and the postcode.' },
];

const fieldId = (name: WalkInField) => `walk-in-${name}`;
export const isField = (path: string): path is WalkInField => (WALK_IN_FIELDS as readonly string[]).includes(path);

/** The form's own check, then the event's rules the form can know: his age on the day, the laboratory's NHS number. */
export function detailsIssues(values: Details, event: StaffEvent): WalkInIssue[] {
  const { details, issues } = checkWalkIn(values);
  if (!details) return issues;
  const more: WalkInIssue[] = [];
  if (!isEligibleAge(details.dateOfBirth, event.event_date)) more.push({ field: 'date_of_birth', message: WALK_IN_MESSAGES.age });
  if (isEsneftEvent(event) && !details.nhsNumber) more.push({ field: 'nhs_number', message: WALK_IN_MESSAGES.nhs_required });
  return more;
}

export function DetailsForm({ event, values, onChange, issues, onNext }: { event: StaffEvent; values: Details; onChange: (v: Details) => void; issues: WalkInIssue[]; onNext: () => void }) {
  const now = useNow();
  const times = walkInTimes(event, now);
  const issueOf = (name: WalkInField) => issues.find((i) => i.field === name)?.message;
  const esneft = isEsneftEvent(event);
  const nhsHint = esneft
    ? "Required: this event's laboratory refuses a sample without it."
    : 'If he knows it. Without a valid NHS number he gets no sample id, because the laboratory refuses such a sample.';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onNext();
  };
  return (
    <form className="staff-register-form" onSubmit={submit} noValidate aria-labelledby="walk-in-details-title">
      <h2 id="walk-in-details-title">His details</h2>
      <p>Ask him to show his ID. Type his names as they are on it, and check his date of birth against it.</p>
      <ErrorSummary errors={issues} fieldId={fieldId} />
      {TEXT_FIELDS.map((field) => (
        <TextField
          key={field.name}
          id={fieldId(field.name)}
          name={field.name}
          label={field.label}
          hint={field.name === 'nhs_number' ? nhsHint : field.hint}
          error={issueOf(field.name)}
          type={field.type ?? 'text'}
          inputMode={field.inputMode}
          autoComplete="off"
          spellCheck={false}
          value={values[field.name]}
          aria-required={field.name !== 'nhs_number' || esneft ? true : undefined}
          onChange={(e) => onChange({ ...values, [field.name]: e.target.value })}
        />
      ))}
      <FormField id={fieldId('slot')} label="Time" error={issueOf('slot')}>
        <select {...fieldControlProps(fieldId('slot'), issueOf('slot'))} name="slot" value={values.slot} onChange={(e) => onChange({ ...values, slot: e.target.value })}>
          <option value="">The next time with a place</option>
          {times.map((t) => (
            <option key={t} value={t}>
              {formatTime(t)}
            </option>
          ))}
        </select>
      </FormField>
      <button type="submit" className="button button-primary">
        Next: his consent
      </button>
    </form>
  );
}
