/**
 * /reset-password: where the reset email's link lands. The auth client reads
 * the session from the link's #fragment; the member then chooses a new
 * password (twice, at least 6 characters) and goes to the home page.
 * With ?welcome=1 it is where a man registered by staff at a venue lands
 * from his first email (server/modules/staff/staff-members-routes.ts): the same form,
 * worded for choosing a first password, and on to his account after.
 * A man who has added an authenticator app gives its code first: a link
 * alone does not change the password of such an account
 * (docs/rules.md#second-factor).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { startAuth } from '@/lib/auth';
import { fetchProfile } from '@/lib/member-profile-query';
import { CodeForm } from '@/lib/second-factor/code-form';
import { factorToAskFor } from '@/lib/second-factor/second-factor';
import { isSessionConfirmed, useSession } from '@/lib/session';
import { getSupabase } from '@/lib/supabase';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ErrorSummary, errorFor, type FieldError } from '@/lib/ui/error-summary';
import { PasswordField } from '../components/password-field';
import { storeProfile } from '../stored-profile';
import '../account.css';

const MIN_PASSWORD = 6;
const linkFailed = () => new URLSearchParams(window.location.hash.slice(1)).has('error');

export default function ResetPasswordPage() {
  const welcome = new URLSearchParams(useLocation().search).has('welcome');
  const title = welcome ? 'Choose your password' : 'Reset password';
  useDocumentTitle(title);
  const session = useSession();
  const navigate = useNavigate();
  const [expired] = useState(linkFailed);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The authenticator app whose code comes first; undefined until asked, null when none is needed.
  const [codeFor, setCodeFor] = useState<string | null | undefined>(undefined);
  const confirmed = isSessionConfirmed() && session.status === 'signed-in';

  useEffect(() => {
    void startAuth();
  }, []);

  useEffect(() => {
    if (!confirmed || codeFor !== undefined) return;
    let current = true;
    factorToAskFor().then(
      (factorId) => current && setCodeFor(factorId),
      // Not known: the form shows, and the server still refuses a change the code should come before.
      () => current && setCodeFor(null),
    );
    return () => {
      current = false;
    };
  }, [confirmed, codeFor]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: FieldError[] = [];
    if (password.length < MIN_PASSWORD) found.push({ field: 'new-password', message: 'Please use a longer password.' });
    if (password !== confirm) found.push({ field: 'confirm-password', message: 'Passwords do not match.' });
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    const supabase = await getSupabase();
    const { error } = await supabase.auth.updateUser({ password });
    if (error) {
      setBusy(false);
      setFailure(error.message);
      return;
    }
    try {
      storeProfile(await fetchProfile());
    } catch (cause) {
      // As at sign-in, a failed profile fetch here is for the console only.
      console.warn('Failed to fetch user profile', cause);
    }
    navigate(welcome ? paths.portal : paths.home, { replace: true });
  }

  let body;
  if (expired || (isSessionConfirmed() && session.status === 'signed-out')) {
    body = (
      <p className="form-failure" role="alert">
        This {welcome ? 'link' : 'reset link'} is invalid or has expired. <Link to={paths.login}>Go to sign in</Link> and choose
        Forgot password? to get a new one.
      </p>
    );
  } else if (!isSessionConfirmed() || codeFor === undefined) {
    body = <Spinner label="Loading" />;
  } else if (codeFor) {
    body = (
      <>
        <p>You have added an authenticator app to your account. Enter the 6-digit code it shows for CHAPS, then choose your new password.</p>
        <CodeForm factorId={codeFor} submitLabel="Continue" onConfirmed={() => setCodeFor(null)} />
      </>
    );
  } else {
    body = (
      <>
        {welcome && <p>Welcome to CHAPS. Choose a password for your account: you will sign in with it and your email address.</p>}
        <ErrorSummary errors={errors} />
        <form className="account-form" onSubmit={submit} noValidate>
          <PasswordField id="new-password" label="New password" autoComplete="new-password" value={password}
            onChange={(e) => setPassword(e.target.value)} error={errorFor(errors, 'new-password')} />
          <PasswordField id="confirm-password" label="Confirm password" autoComplete="new-password" value={confirm}
            onChange={(e) => setConfirm(e.target.value)} error={errorFor(errors, 'confirm-password')} />
          {failure && (
            <p className="form-failure" role="alert">
              {failure}
            </p>
          )}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : welcome ? 'Save password' : 'Set new password'}
          </button>
        </form>
      </>
    );
  }
  return (
    <div className="page account-page">
      <h1>{title}</h1>
      {body}
    </div>
  );
}
