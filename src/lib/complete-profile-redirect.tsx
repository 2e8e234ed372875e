/**
 * Where a screen finds that the member's account has no profile: on to
 * the details step, carrying the way back (query string included, so a
 * booking returns to its event).
 */
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/lib/paths';

export function CompleteProfileRedirect() {
  const location = useLocation();
  return <Navigate to={paths.completeProfile} replace state={{ from: `${location.pathname}${location.search}` }} />;
}
