/**
 * /signup (SPEC.md sections 2, 3 and 5; sequence in section 4): create the
 * account, then the profile, then read it back, then go to /signup-success
 * carrying the return route. The age dialog shows once, on first focus of
 * the date of birth, and again whenever the age entered is outside 40-80.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { AGE_MESSAGE, isEligibleAge } from '../../../domain/age';
import { londonDate } from '../../../domain/london-time';
import { COUNTRIES, ETHNICITIES, GENDERS, type MemberProfile } from '../../../domain/member-profile';
import { cleanNhsInput, NHS_DIGITS_MESSAGE } from '../../../domain/nhs-number';
import { memberRequest, startAuth } from '../../../lib/auth';
import { useSession } from '../../../lib/session';
import { getSupabase } from '../../../lib/supabase';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AgeDialog } from '../components/age-dialog';
import { ErrorSummary, errorFor, type FieldError } from '../components/error-summary';
import { SelectField } from '../components/select-field';
import { TextField } from '../components/text-field';
import { storeProfile } from '../stored-profile';
import { EMPTY_SIGNUP, toProfile, validateSignup, type SignupValues } from '../../../domain/signup-form';
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
  const [nhsNote, setNhsNote] = useState(false);
  const [busy, setBusy] = useState(false);
  const [ageDialog, setAgeDialog] = useState(false);
  const ageNoticeShown = useRef(false);
  const today = londonDate(new Date());

  useEffect(() => {
    void startAuth();
  }, []);

  if (session.status === 'signed-in' && !busy) return <Navigate to={from} replace state={{ event: state.event }} />;

  const set = (field: keyof SignupValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const error = (field: keyof SignupValues) => errorFor(errors, field);
  const ageError = values.dateOfBirth && !isEligibleAge(values.dateOfBirth, today) ? AGE_MESSAGE : undefined;

  function firstDobFocus() {
    if (ageNoticeShown.current) return;
    ageNoticeShown.current = true;
    setAgeDialog(true);
  }

  function changeNhs(raw: string) {
    const { digits, removed } = cleanNhsInput(raw);
    setNhsNote(removed);
    setValues((v) => ({ ...v, nhs: digits }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateSignup(values, today);
    setErrors(found);
    if (found.length > 0) {
      if (found.some((e) => e.message === AGE_MESSAGE)) setAgeDialog(true);
      return;
    }
    setBusy(true);
    try {
      const supabase = await getSupabase();
      const profile = toProfile(values);
      const { data, error: signUpError } = await supabase.auth.signUp({
        email: profile.email ?? '',
        password: values.password,
        options: {
          data: { display_name: `${profile.first_name} ${profile.last_name}`, phone: profile.phone },
          emailRedirectTo: `${window.location.origin}${paths.home}`,
        },
      });
      if (signUpError || !data.user) {
        setFailure(signUpError?.message ?? 'An unexpected error occurred. Please try again.');
        setBusy(false);
        return;
      }
      try {
        await memberRequest('POST', '/auth/profile', { ...profile, user_id: data.user.id });
      } catch (cause) {
        setFailure(cause instanceof Error && cause.message ? cause.message : 'Error creating user profile');
        setBusy(false);
        return;
      }
      try {
        const stored = await memberRequest<{ userProfile: MemberProfile }>('GET', '/auth/profile');
        storeProfile(stored.userProfile);
      } catch {
        setFailure('Failed to fetch user profile. Please log in again.');
        setBusy(false);
        return;
      }
      // Still busy while leaving: the signed-in redirect above must not overtake this navigation.
      // An email went out only when the address must be confirmed before the
      // first sign-in (no session yet); with confirmation off, as on hosted
      // Supabase, the account is ready at once and no email is sent.
      navigate(paths.signupSuccess, { replace: true, state: { from, event: state.event, emailSent: !data.session } });
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
        <TextField id="firstName" label="First name (and middle names)" autoComplete="given-name" value={values.firstName} onChange={set('firstName')} error={error('firstName')} />
        <TextField id="lastName" label="Last name" autoComplete="family-name" value={values.lastName} onChange={set('lastName')} error={error('lastName')} />
        <TextField id="dateOfBirth" label="Date of birth" type="date" max={today} value={values.dateOfBirth} onChange={set('dateOfBirth')}
          onFocus={firstDobFocus} onClick={firstDobFocus} onBlur={() => ageError && setAgeDialog(true)} error={error('dateOfBirth') ?? ageError} />
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
      <AgeDialog open={ageDialog} onClose={() => setAgeDialog(false)} />
    </div>
  );
}
