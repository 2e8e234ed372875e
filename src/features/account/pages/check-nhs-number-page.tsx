/**
 * /check-nhs-number?event=ID (docs/rules.md#esneft): for
 * ESNEFT events, whose laboratory rejects a sample without a correct NHS
 * number. Shows the member's email (read-only) and the NHS number with the
 * Modulus 11 check; Confirm saves it if changed, then on to /book-event.
 */
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { paths, queryParams } from '@/lib/paths';
import type { MemberProfile } from '@/domain/member-profile';
import { cleanNhsInput, isValidNhsNumber, NHS_DIGITS_MESSAGE } from '@/domain/nhs-number';
import { RequireMember } from '@/lib/require-member';
import { NotSentNotice } from '@/lib/ui/not-sent-notice';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CompleteProfileRedirect } from '@/lib/complete-profile-redirect';
import { isProfileMissing } from '@/lib/member-profile-query';
import { useProfile } from '../api/get-profile';
import { useUpdateProfile } from '../api/update-profile';
import { ErrorSummary, type FieldError } from '@/lib/ui/error-summary';
import { TextField } from '@/lib/ui/text-field';
import '../account.css';

const NHS_REQUIRED_MESSAGE =
  'Enter your correct 10-digit NHS number. You can find it on letters from your GP or the NHS, or in the NHS App.';

function NhsForm({ profile, userId, eventId }: { profile: MemberProfile; userId: string; eventId: string }) {
  const navigate = useNavigate();
  const update = useUpdateProfile(userId);
  const [nhs, setNhs] = useState(profile.nhs_number ?? '');
  const [removed, setRemoved] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const next = () => navigate(paths.bookEventFor(eventId));

  function save() {
    if (nhs === (profile.nhs_number ?? '')) next();
    else update.mutate({ nhs_number: nhs }, { onSuccess: next });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = isValidNhsNumber(nhs) ? [] : [{ field: 'nhs_number', message: NHS_REQUIRED_MESSAGE }];
    setErrors(found);
    if (found.length === 0) save();
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <form className="account-form" onSubmit={submit} noValidate aria-labelledby="nhs-title">
        <TextField id="email" label="Email" value={profile.email} readOnly disabled />
        <TextField id="nhs_number" label="NHS number" inputMode="numeric" autoComplete="off" value={nhs}
          onChange={(e) => {
            const cleaned = cleanNhsInput(e.target.value);
            setRemoved(cleaned.removed);
            setNhs(cleaned.digits);
          }}
          error={errors[0]?.message ?? (removed ? NHS_DIGITS_MESSAGE : undefined)} />
        <NotSentNotice error={update.error} title="Your NHS number was not saved"
          onRetry={save} retrying={update.isPending} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Confirm'}
          </button>
        </div>
      </form>
    </>
  );
}

function NhsCheck({ userId, eventId }: { userId: string; eventId: string }) {
  const profile = useProfile(userId);
  if (profile.data) return <NhsForm profile={profile.data} userId={userId} eventId={eventId} />;
  if (isProfileMissing(profile.error)) return <CompleteProfileRedirect />;
  if (profile.isError) {
    return (
      <p className="form-failure" role="alert">
        {profile.error.message}
      </p>
    );
  }
  return <Spinner label="Loading user data..." />;
}

export default function CheckNhsNumberPage() {
  useDocumentTitle('Check your NHS number');
  const [params] = useSearchParams();
  const eventId = params.get(queryParams.event) ?? '';
  return (
    <div className="page account-page">
      <h1 id="nhs-title">Check your NHS number</h1>
      <p>
        Samples from this event are tested by the ESNEFT laboratory, which rejects any sample without a correct NHS
        number. Please check yours before you choose a time.
      </p>
      <RequireMember>
        {(member) =>
          eventId ? <NhsCheck userId={member.userId} eventId={eventId} /> : <Navigate to={paths.events} replace />
        }
      </RequireMember>
    </div>
  );
}
