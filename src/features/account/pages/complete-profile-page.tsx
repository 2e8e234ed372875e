/**
 * /complete-profile: a signed-in member whose account has no profile (the
 * connection dropped after sign-up, or the address was confirmed on another
 * device) gives the sign-up form's details, with the same rules, and goes
 * on where he was going (state.from, and state.event for the booking).
 * Details kept on this device at sign-up are sent without asking; a member
 * who has a profile by now goes straight on.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { londonDate } from '@/domain/london-time';
import { EMPTY_DETAILS, isAgeError, validateDetails, type DetailsValues } from '@/domain/signup-form';
import { ensureOnline } from '@/lib/not-sent';
import { RequireMember } from '@/lib/require-member';
import type { MemberSession } from '@/lib/session';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AgeDialog, type AgeDialogKind } from '../components/age-dialog';
import { DetailsFields } from '../components/details-fields';
import { ErrorSummary, type FieldError } from '@/lib/ui/error-summary';
import { TextField } from '@/lib/ui/text-field';
import { createProfile, ensureProfile } from '../finish-signup';
import { useLogout } from '../use-logout';
import '../account.css';

const failureText = (cause: unknown) =>
  cause instanceof Error && cause.message ? cause.message : 'An unexpected error occurred. Please try again.';

function useOnward() {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as { from?: unknown; event?: unknown };
  const from = typeof state.from === 'string' && state.from.startsWith('/') && !state.from.startsWith(paths.completeProfile)
    ? state.from
    : paths.portal;
  return () => navigate(from, { replace: true, state: { event: state.event } });
}

function DetailsForm({ member, kept, problem }: { member: MemberSession; kept: DetailsValues | null; problem: string | null }) {
  const onward = useOnward();
  const [values, setValues] = useState<DetailsValues>(kept ?? EMPTY_DETAILS);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(problem);
  const [busy, setBusy] = useState(false);
  const [ageDialog, setAgeDialog] = useState<AgeDialogKind | null>(null);
  const today = londonDate(new Date());

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateDetails(values, member.email, today);
    setErrors(found);
    if (found.length > 0) {
      if (isAgeError(found)) setAgeDialog('error');
      return;
    }
    setBusy(true);
    try {
      await ensureOnline();
      await createProfile(member, values);
      onward();
    } catch (cause) {
      setFailure(failureText(cause));
      setBusy(false);
    }
  }

  return (
    <>
      <ErrorSummary errors={errors} />
      <form className="account-form" onSubmit={submit} noValidate aria-labelledby="complete-profile-title">
        <TextField id="email" label="Email address" value={member.email} readOnly disabled />
        <DetailsFields values={values} errors={errors} today={today} onAgeNotice={setAgeDialog}
          onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))} />
        {failure && (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save and continue'}
        </button>
      </form>
      <AgeDialog kind={ageDialog} onClose={() => setAgeDialog(null)} />
    </>
  );
}

type Check = { kind: 'checking' } | { kind: 'missing'; kept: DetailsValues | null; problem: string | null } | { kind: 'failed'; message: string };

/** Someone else's account on a shared device: sign out rather than fill it in. */
function LogoutLink() {
  const { leaving, logout } = useLogout();
  return (
    <p>
      Not your account?{' '}
      <button type="button" className="button-link" onClick={() => void logout()} disabled={leaving}>
        {leaving ? 'Logging out…' : 'Logout'}
      </button>
    </p>
  );
}

function CompleteProfile({ member }: { member: MemberSession }) {
  const onward = useOnward();
  const [check, setCheck] = useState<Check>({ kind: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    ensureProfile(member).then(
      (outcome) => {
        if (!live) return;
        if (outcome.kind === 'ready') onward();
        else setCheck(outcome);
      },
      (cause: unknown) => live && setCheck({ kind: 'failed', message: failureText(cause) }),
    );
    return () => {
      live = false;
    };
    // onward changes every render; the check runs once per member and per Try again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [member.userId, member.email, attempt]);

  if (check.kind === 'missing') {
    return (
      <>
        <LogoutLink />
        <DetailsForm member={member} kept={check.kept} problem={check.problem} />
      </>
    );
  }
  if (check.kind === 'failed') {
    return (
      <div className="notice notice-error" role="alert">
        <p>{check.message}</p>
        <button type="button" className="button" onClick={() => { setCheck({ kind: 'checking' }); setAttempt((n) => n + 1); }}>
          Try again
        </button>
      </div>
    );
  }
  return <Spinner label="Loading your details…" />;
}

export default function CompleteProfilePage() {
  useDocumentTitle('Complete your details');
  return (
    <div className="page account-page">
      <h1 id="complete-profile-title">Complete your details</h1>
      <p>
        Your account is ready, but we do not have your details yet. We need them before you can book a screening
        appointment. Use your full name as it appears on your official ID (passport or driving licence).
      </p>
      <RequireMember>{(member) => <CompleteProfile member={member} />}</RequireMember>
    </div>
  );
}
