/**
 * /signup (docs/rules.md#sign-up): create the
 * account, then the profile, then go to /signup-success carrying the return
 * route. When the address must be confirmed first (no session yet), the
 * details wait on this device and the profile is made at the first sign-in
 * here (finish-signup.ts); a profile that could not be sent is asked for
 * again on /complete-profile. The age notice shows once, on first focus of
 * the date of birth, and the age error whenever the age entered is outside 40-80.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { londonDate } from '@/domain/london-time';
import { keepPendingSignup } from '@/domain/pending-signup';
import { startAuth } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';
import { useSession } from '@/lib/session';
import { getSupabase } from '@/lib/supabase';
import { useDocumentTitle } from '@/lib/use-document-title';
import { AgeDialog, type AgeDialogKind } from '../components/age-dialog';
import { DetailsFields } from '../components/details-fields';
import { ErrorSummary, errorFor, type FieldError } from '@/lib/ui/error-summary';
import { TextField } from '@/lib/ui/text-field';
import { createProfile } from '../finish-signup';
import { EMPTY_SIGNUP, isAgeError, toProfile, validateSignup, type SignupValues } from '@/domain/signup-form';
import '../account.css';

export default function SignupPage() {
  useDocumentTitle('Sign up');
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as { from?: unknown; event?: unknown };
  const from = typeof state.from === 'string' && state.from.startsWith('/') ? state.from : paths.home;
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ageDialog, setAgeDialog] = useState<AgeDialogKind | null>(null);
  const today = londonDate(new Date());

  useEffect(() => {
    void startAuth();
  }, []);

  if (session.status === 'signed-in' && !busy) return <Navigate to={from} replace state={{ event: state.event }} />;

  const set = (field: keyof SignupValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const error = (field: keyof SignupValues) => errorFor(errors, field);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateSignup(values, today);
    setErrors(found);
    if (found.length > 0) {
      if (isAgeError(found)) setAgeDialog('error');
      return;
    }
    setBusy(true);
    try {
      await ensureOnline();
    } catch (notSent) {
      // Nothing sent: an account half made (auth user, no profile) is worse than none.
      setFailure((notSent as Error).message);
      setBusy(false);
      return;
    }
    try {
      const supabase = await getSupabase();
      const profile = toProfile(values);
      const { data, error: signUpError } = await supabase.auth.signUp({
        email: profile.email ?? '',
        password: values.password,
        options: {
          data: { display_name: `${profile.first_name} ${profile.last_name}`, phone: profile.phone },
          // The link signs the member in on /login, which reads it and finishes the profile.
          emailRedirectTo: `${window.location.origin}${paths.login}`,
        },
      });
      if (signUpError || !data.user) {
        setFailure(signUpError?.message ?? 'An unexpected error occurred. Please try again.');
        setBusy(false);
        return;
      }
      // Still busy while leaving: the signed-in redirect above must not overtake these navigations.
      const onward = { from, event: state.event };
      // Kept on this device, never with the password: used once the member can sign in. With
      // confirmation required there is no session until the emailed link is opened, so the profile
      // cannot be sent yet; without it, they let the details step retry a profile that was not sent.
      keepPendingSignup(window.localStorage, profile.email ?? '', values, new Date());
      if (!data.session) {
        // An email went out only when the address must be confirmed before the first sign-in;
        // with confirmation off, as on hosted Supabase, the account is ready at once and no email is sent.
        navigate(paths.signupSuccess, { replace: true, state: { ...onward, emailSent: true } });
        return;
      }
      try {
        await createProfile({ userId: data.user.id, email: profile.email ?? '' }, values);
      } catch {
        // The account exists without its profile: the details step sends the kept details again.
        navigate(paths.completeProfile, { replace: true, state: onward });
        return;
      }
      navigate(paths.signupSuccess, { replace: true, state: { ...onward, emailSent: false } });
      return;
    } catch {
      setFailure('An unexpected error occurred. Please try again.');
    }
    setBusy(false);
  }

  return (
    <div className="page account-page">
      <h1>Create an account</h1>
      <p>
        Already registered? <Link to={paths.login} state={{ from, event: state.event }}>Sign in</Link>
      </p>
      <p className="hint">Use your full name as it appears on your official ID (passport or driving licence).</p>
      <p>
        Screening events are for men aged 40 to 80. Over 80?{' '}
        <Link to={paths.elderlyPsaTesting}>Read our guidance on PSA testing for men over 80</Link>.
      </p>
      <ErrorSummary errors={errors} />
      <form className="account-form" onSubmit={submit} noValidate>
        <DetailsFields values={values} errors={errors} today={today} onAgeNotice={setAgeDialog}
          onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))} />
        <TextField id="email" label="Email address" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={error('email')} />
        <TextField id="password" label="Password" type="password" autoComplete="new-password" value={values.password} onChange={set('password')} error={error('password')} />
        <TextField id="confirmPassword" label="Confirm password" type="password" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} error={error('confirmPassword')} />
        {failure && (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={busy}>
          Create account
        </button>
      </form>
      {busy && (
        <div className="loading-overlay" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Creating your account…</span>
        </div>
      )}
      <AgeDialog kind={ageDialog} onClose={() => setAgeDialog(null)} />
    </div>
  );
}
