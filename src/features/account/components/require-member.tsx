/**
 * Wraps /portal and /medical-results: 'Loading' until supabase-js has
 * confirmed the session, then the page for a member, or /login (with the
 * way back) for anyone else.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { startAuth } from '../../../lib/auth';
import { isSessionConfirmed, useSession, type MemberSession } from '../../../lib/session';
import { Spinner } from '../../../lib/ui/spinner';

export function RequireMember({ children }: { children: (member: MemberSession) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  useEffect(() => {
    void startAuth();
  }, []);
  if (session.status === 'signed-out') {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (session.status === 'loading' || !isSessionConfirmed()) return <Spinner label="Loading" />;
  return <>{children(session.member)}</>;
}
