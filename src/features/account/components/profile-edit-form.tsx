/**
 * The portal's edit form (docs/rules.md#profile): first and last
 * name, phone, home and billing address required; email shown but fixed.
 * A failed save keeps the form open and says why (the original said nothing).
 */
import { useState, type FormEvent } from 'react';
import { londonDate } from '@/domain/london-time';
import {
  checkProfile,
  ETHNICITIES,
  GENDERS,
  type MemberProfile,
  type ProfileFields,
} from '@/domain/member-profile';
import { cleanNhsInput, NHS_DIGITS_MESSAGE } from '@/domain/nhs-number';
import { useUpdateProfile } from '../api/update-profile';
import { ErrorSummary, errorFor, type FieldError } from '@/lib/ui/error-summary';
import { SelectField } from './select-field';
import { TextField } from '@/lib/ui/text-field';

type EditValues = Required<Omit<ProfileFields, 'email'>>;

const fromProfile = (p: MemberProfile): EditValues => ({
  first_name: p.first_name,
  last_name: p.last_name,
  gender: p.gender ?? '',
  date_of_birth: p.date_of_birth ?? '',
  ethnicity: p.ethnicity ?? '',
  occupation: p.occupation ?? '',
  phone: p.phone,
  home_address: p.home_address,
  billing_address: p.billing_address ?? '',
  nhs_number: p.nhs_number ?? '',
});

export function ProfileEditForm({ profile, userId, onDone }: { profile: MemberProfile; userId: string; onDone: () => void }) {
  const [values, setValues] = useState<EditValues>(() => fromProfile(profile));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [nhsNote, setNhsNote] = useState(false);
  const update = useUpdateProfile(userId);
  const set = (field: keyof EditValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const error = (field: keyof EditValues) => errorFor(errors, field);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = checkProfile(values, 'update', londonDate(new Date())).map((i) => ({ field: i.path, message: i.message }));
    setErrors(found);
    if (found.length > 0) return;
    update.mutate(values, { onSuccess: onDone });
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <form className="account-form" onSubmit={submit} noValidate aria-label="Edit personal information">
        <TextField id="first_name" label="First name" value={values.first_name ?? ''} onChange={set('first_name')} error={error('first_name')} />
        <TextField id="last_name" label="Last name" value={values.last_name ?? ''} onChange={set('last_name')} error={error('last_name')} />
        <TextField id="email" label="Email" value={profile.email} disabled readOnly />
        <TextField id="phone" label="Phone number" type="tel" value={values.phone ?? ''} onChange={set('phone')} error={error('phone')} />
        <SelectField id="gender" label="Gender (optional)" options={GENDERS} placeholder="Not given" value={values.gender ?? ''} onChange={set('gender')} error={error('gender')} />
        <TextField id="date_of_birth" label="Date of birth (optional)" type="date" value={values.date_of_birth ?? ''} onChange={set('date_of_birth')} error={error('date_of_birth')} />
        <SelectField id="ethnicity" label="Ethnicity (optional)" options={ETHNICITIES} placeholder="Not given" value={values.ethnicity ?? ''} onChange={set('ethnicity')} error={error('ethnicity')} />
        <TextField id="occupation" label="Occupation (optional)" value={values.occupation ?? ''} onChange={set('occupation')} error={error('occupation')} />
        <TextField id="home_address" label="Home address" value={values.home_address ?? ''} onChange={set('home_address')} error={error('home_address')} />
        <TextField id="billing_address" label="Billing address" value={values.billing_address ?? ''} onChange={set('billing_address')} error={error('billing_address')} />
        <TextField id="nhs_number" label="NHS number (optional)" inputMode="numeric" value={values.nhs_number ?? ''}
          onChange={(e) => {
            const { digits, removed } = cleanNhsInput(e.target.value);
            setNhsNote(removed);
            setValues((v) => ({ ...v, nhs_number: digits }));
          }}
          error={error('nhs_number') ?? (nhsNote ? NHS_DIGITS_MESSAGE : undefined)} />
        {update.isError && (
          <p className="form-failure" role="alert">
            Your changes were not saved: {update.error.message}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save Changes'}
          </button>
          <button type="button" className="button button-secondary" onClick={onDone} disabled={update.isPending}>
            Cancel
          </button>
        </div>
      </form>
    </>
  );
}
