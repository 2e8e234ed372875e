/**
 * Wraps every member page (the portal pages and the booking screens):
 * 'Loading' until the auth client has confirmed the session, then the page for a
 * member, or /login (with the way back, query string included, so a booking
 * returns to its event) for anyone else. With no signal the stored session is
 * not waited for: the client cannot confirm it (its refresh retries for half a
 * minute once the access token's hour is up), and the page shows his saved
 * copy (docs/rules.md#offline). In src/lib because both the account and
 * booking features guard their pages with it.
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { startAuth } from './auth';
import { useBrowserOnline } from './online';
import { isSessionConfirmed, useSession, type MemberSession } from './session';
import { Spinner } from './ui/spinner';

export function RequireMember({ children }: { children: (member: MemberSession) => ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const online = useBrowserOnline();
  useEffect(() => {
    void startAuth();
  }, []);
  if (session.status === 'signed-out') {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (session.status === 'loading' || (!isSessionConfirmed() && online)) return <Spinner label="Loading" />;
  return <>{children(session.member)}</>;
}
