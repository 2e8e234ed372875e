/**
 * /signup-success: says the account was made (and, when the address must be
 * confirmed first, that the confirmation email was sent), then returns the
 * member after 3 seconds.
 */
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../account.css';

const REDIRECT_MS = 3000;

export default function SignupSuccessPage() {
  useDocumentTitle('Signup successful');
  const location = useLocation();
  const navigate = useNavigate();
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
      ) : (
        <p>Your account is ready and you are signed in.</p>
      )}
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
