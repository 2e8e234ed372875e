/**
 * /login (docs/rules.md#accounts): email and password, Forgot password?, and
 * the 1 January 2025 re-registration notice. A man who has added an
 * authenticator app is then asked for its code (docs/rules.md#second-factor). After sign-in the member goes
 * back where they came from, by the details step when the account has no
 * profile yet (made at once from details kept here at sign-up). A signed-in
 * member (an emailed confirmation link lands here) goes through that check.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths, queryParams } from '@/lib/paths';
import { sitePath } from '@/domain/site-path';
import { normaliseEmail } from '@/domain/member-profile';
import { forgetSignOutReason, signOut, signOutReason, startAuth } from '@/lib/auth';
import { CodeForm } from '@/lib/second-factor/code-form';
import { factorToAskFor } from '@/lib/second-factor/second-factor';
import { useSession } from '@/lib/session';
import { getSupabase } from '@/lib/supabase';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ErrorSummary, errorFor, type FieldError } from '@/lib/ui/error-summary';
import { TextField } from '@/lib/ui/text-field';
import { ensureProfile } from '../finish-signup';
import '../account.css';


const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';
/** No signal at all (the browser knows): signing in cannot work offline, whatever is saved on the phone. */
const NO_SIGNAL = 'This phone has no signal, and signing in needs one. Try again when it has a signal.';

/**
 * Plain words for a failed sign-in or reset: the server's own for a refusal
 * (a wrong password), never the browser's "Failed to fetch" for no answer.
 */
function authFailure(error: unknown): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500 && error instanceof Error) return error.message;
  return navigator.onLine ? UNREACHABLE : NO_SIGNAL;
}

export default function LoginPage() {
  useDocumentTitle('Sign in');
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as { from?: unknown; event?: unknown; accountDeleted?: unknown };
  // From the link's state, else the address (a link followed before the page was interactive loads /login afresh, without state).
  const from = sitePath(state.from) ?? sitePath(new URLSearchParams(location.search).get(queryParams.from)) ?? paths.home;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // After the password, the authenticator app whose code is asked for.
  const [codeFor, setCodeFor] = useState<{ factorId: string; userId: string; email: string } | null>(null);
  // Shown once: a later visit to this page (or a reload) does not repeat it.
  const [signedOutReason] = useState(signOutReason);
  useEffect(() => forgetSignOutReason(), []);

  useEffect(() => {
    void startAuth();
  }, []);

  // The details step goes straight on when the profile exists, and makes it from kept details when it can.
  if (session.status === 'signed-in' && !busy && !codeFor) {
    return <Navigate to={paths.completeProfile} replace state={{ from, event: state.event }} />;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setNotice(null);
    const found: FieldError[] = [];
    if (!email.trim()) found.push({ field: 'email', message: 'Enter your email address' });
    if (!password) found.push({ field: 'password', message: 'Enter your password' });
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    // Once the way on is chosen the form stays busy: the next page may take a moment to load, and a
    // form no longer busy but signed in would send the member through the details step meanwhile.
    let leaving = false;
    try {
      const supabase = await getSupabase();
      const { data, error } = await supabase.auth.signInWithPassword({ email: normaliseEmail(email), password });
      if (error) {
        setFailure(authFailure(error));
        return;
      }
      const signedIn = { userId: data.user.id, email: data.user.email ?? normaliseEmail(email) };
      const factorId = await factorToAskFor();
      if (factorId) {
        setCodeFor({ factorId, ...signedIn });
        return;
      }
      leaving = true;
      await goOn(signedIn);
    } catch (error) {
      setFailure(authFailure(error));
    } finally {
      if (!leaving) setBusy(false);
    }
  }

  async function goOn(signedIn: { userId: string; email: string }) {
    try {
      const outcome = await ensureProfile(signedIn);
      if (outcome.kind === 'missing') {
        navigate(paths.completeProfile, { replace: true, state: { from, event: state.event } });
        return;
      }
    } catch (cause) {
      // As in the original client, a failed profile fetch at sign-in goes only to the console; the portal shows it.
      console.warn('Failed to fetch user profile', cause);
    }
    navigate(from, { replace: true, state: { event: state.event } });
  }

  async function forgotPassword() {
    setFailure(null);
    setNotice(null);
    if (!email.trim()) {
      setErrors([{ field: 'email', message: 'Please enter your email to reset your password.' }]);
      return;
    }
    setErrors([]);
    const supabase = await getSupabase();
    const { error } = await supabase.auth.resetPasswordForEmail(normaliseEmail(email), {
      redirectTo: `${window.location.origin}${paths.resetPassword}`,
    });
    if (error) setFailure(authFailure(error));
    else setNotice('Password reset email sent. Check your inbox.');
  }

  if (codeFor) {
    return (
      <div className="page account-page">
        <h1>Enter your code</h1>
        <p>You have added an authenticator app to your account. Enter the 6-digit code it shows for CHAPS.</p>
        <CodeForm
          factorId={codeFor.factorId}
          submitLabel="Continue"
          onConfirmed={() => {
            setBusy(true);
            setCodeFor(null);
            void goOn(codeFor);
          }}
        />
        <p>
          <button type="button" className="button-link" onClick={() => void signOut().then(() => setCodeFor(null))}>
            Cancel and sign out
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="page account-page">
      <h1>Sign in</h1>
      {state.accountDeleted === true && (
        <p className="form-success" role="status">
          Your account has been deleted and you are signed out everywhere. We have emailed you to confirm.
        </p>
      )}
      {signedOutReason?.kind === 'staff_idle' && (
        <p className="form-success" role="status">
          You were signed out because the staff console was not used for{' '}
          {signedOutReason.minutes ? `${signedOutReason.minutes} minutes` : 'a while'}. Sign in again to carry on. Check-ins
          waiting for a signal are kept and sent once you are back.
        </p>
      )}
      {signedOutReason?.kind === 'door_pin' && (
        <p className="form-success" role="status">
          You were signed out. The saved list was removed from this phone after 5 wrong PINs. Sign in again to carry on.
          Check-ins waiting for a signal are kept and sent once you are back.
        </p>
      )}
      <div className="notice" role="note">
        <p>
          <strong>Registered before 1 January 2025?</strong> Our booking system changed on January 1, 2025. If your
          account was made before then, please register again to book.
        </p>
        <p>
          New here?{' '}
          <Link to={paths.signup} state={{ from, event: state.event }}>
            Create an account
          </Link>
        </p>
      </div>
      <ErrorSummary errors={errors} />
      <form className="account-form" onSubmit={submit} noValidate>
        <TextField id="email" label="Email address" type="email" autoComplete="email" value={email}
          onChange={(e) => setEmail(e.target.value)} error={errorFor(errors, 'email')} />
        <TextField id="password" label="Password" type="password" autoComplete="current-password" value={password}
          onChange={(e) => setPassword(e.target.value)} error={errorFor(errors, 'password')} />
        {failure && (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        )}
        {notice && (
          <p className="form-success" role="status">
            {notice}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Signing in…' : 'Sign in'}
          </button>
          <button type="button" className="button-link" onClick={() => void forgotPassword()}>
            Forgot password?
          </button>
        </div>
      </form>
    </div>
  );
}
