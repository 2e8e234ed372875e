/**
 * The profile fields of the sign-up form (name to NHS number), shared with
 * the details step of a member whose account has no profile yet. The age
 * notice (information) is asked for on first focus of the date of birth,
 * the age error whenever the age entered is outside 40-80; the NHS number keeps digits only and says so.
 */
import { useRef, useState } from 'react';
import { AGE_MESSAGE, isEligibleAge } from '@/domain/age';
import { COUNTRIES, ETHNICITIES, GENDERS } from '@/domain/member-profile';
import { cleanNhsInput, NHS_DIGITS_MESSAGE } from '@/domain/nhs-number';
import type { DetailsValues } from '@/domain/signup-form';
import type { AgeDialogKind } from './age-dialog';
import { errorFor, type FieldError } from '@/lib/ui/error-summary';
import { SelectField } from './select-field';
import { TextField } from '@/lib/ui/text-field';

interface DetailsFieldsProps {
  values: DetailsValues;
  onChange: (field: keyof DetailsValues, value: string) => void;
  errors: FieldError[];
  /** Today in London, YYYY-MM-DD: the latest date of birth, and the day ages are counted on. */
  today: string;
  /** Show an age dialog (the page holds it): the notice on first focus, the error for an age outside 40-80. */
  onAgeNotice: (kind: AgeDialogKind) => void;
}

export function DetailsFields({ values, onChange, errors, today, onAgeNotice }: DetailsFieldsProps) {
  const [nhsNote, setNhsNote] = useState(false);
  const ageNoticeShown = useRef(false);
  const set = (field: keyof DetailsValues) => (event: { target: { value: string } }) => onChange(field, event.target.value);
  const error = (field: keyof DetailsValues) => errorFor(errors, field);
  const ageError = values.dateOfBirth && !isEligibleAge(values.dateOfBirth, today) ? AGE_MESSAGE : undefined;

  function firstDobFocus() {
    if (ageNoticeShown.current) return;
    ageNoticeShown.current = true;
    onAgeNotice(ageError ? 'error' : 'notice');
  }

  function changeNhs(raw: string) {
    const { digits, removed } = cleanNhsInput(raw);
    setNhsNote(removed);
    onChange('nhs', digits);
  }

  return (
    <>
      <TextField id="firstName" label="First name (and middle names)" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={error('firstName')} />
      <TextField id="lastName" label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={error('lastName')} />
      <TextField id="dateOfBirth" label="Date of birth" type="date" max={today} value={values.dateOfBirth} onChange={set('dateOfBirth')}
        onFocus={firstDobFocus} onClick={firstDobFocus} onBlur={() => ageError && onAgeNotice('error')} error={error('dateOfBirth') ?? ageError} />
      <SelectField id="gender" label="Gender" options={GENDERS} placeholder="Choose gender" value={values.gender} onChange={set('gender')} error={error('gender')} />
      <SelectField id="ethnicity" label="Ethnicity" options={ETHNICITIES} placeholder="Choose ethnicity" value={values.ethnicity} onChange={set('ethnicity')} error={error('ethnicity')} />
      <TextField id="occupation" label="Occupation (optional)" autoComplete="organization-title" value={values.occupation} onChange={set('occupation')} error={error('occupation')} />
      <TextField id="address1" label="Address line 1" autoComplete="address-line1" value={values.address1} onChange={set('address1')} error={error('address1')} />
      <TextField id="address2" label="Address line 2 (optional)" autoComplete="address-line2" value={values.address2} onChange={set('address2')} />
      <TextField id="postCode" label="Postcode" autoComplete="postal-code" value={values.postCode} onChange={set('postCode')} error={error('postCode')} />
      <SelectField id="country" label="Country" options={COUNTRIES} value={values.country} onChange={set('country')} />
      <TextField id="phoneNumber" label="Phone number" type="tel" autoComplete="tel" placeholder="447700900123" value={values.phoneNumber} onChange={set('phoneNumber')} error={error('phoneNumber')} />
      <TextField id="nhs" label="NHS number (optional)" inputMode="numeric" value={values.nhs} onChange={(e) => changeNhs(e.target.value)}
        error={error('nhs') ?? (nhsNote ? NHS_DIGITS_MESSAGE : undefined)} />
    </>
  );
}
