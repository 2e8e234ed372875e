/**
 * /signup-success: says the account was made (and, when the address must be
 * confirmed first, that the confirmation email was sent), then returns the
 * member after 3 seconds. It says he is signed in only when he is: opened
 * on its own, with no session, it offers the way to sign in instead.
 */
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import '../account.css';

const REDIRECT_MS = 3000;

export default function SignupSuccessPage() {
  useDocumentTitle('Signup successful');
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const state = (location.state ?? {}) as { from?: unknown; event?: unknown; emailSent?: unknown };
  const to = typeof state.from === 'string' && state.from.startsWith('/') ? state.from : paths.home;
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to, { replace: true, state: { event: state.event } }), REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, to, state.event]);
  return (
    <div className="page account-page">
      <h1>Signup Successful!</h1>
      {state.emailSent === true ? (
        <p>We have sent a confirmation email to your inbox. Please open the link in it to confirm your email address.</p>
      ) : session.status === 'signed-in' ? (
        <p>Your account is ready and you are signed in.</p>
      ) : session.status === 'signed-out' ? (
        <p>
          Your account is ready. <Link to={paths.login}>Sign in</Link> to book a screening.
        </p>
      ) : null}
      <p>
        You will be taken back in 3 seconds. If not,{' '}
        <Link to={to} state={{ event: state.event }}>
          click here
        </Link>
        .
      </p>
    </div>
  );
}
