/**
 * Wraps every staff page: a signed-in member first (else /login and back),
 * then the server's word that they are staff. A member who is not staff
 * sees a plain refusal; the server refuses their calls anyway (403).
 * Staff get every staff page kept on the phone for offline use, and are
 * signed out when the console is left unused (use-staff-idle.ts).
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { RequireMember } from '@/lib/require-member';
import type { MemberSession } from '@/lib/session';
import { Spinner } from '@/lib/ui/spinner';
import { useStaffMe } from '../api/get-staff-me';
import { keepStaffPagesOffline } from '../keep-staff-pages-offline';
import { useStaffIdle } from '../use-staff-idle';

function StaffGate({ member, children }: { member: MemberSession; children: (member: MemberSession) => ReactNode }) {
  const me = useStaffMe(member.userId);
  const isStaff = me.data !== undefined;
  useEffect(() => {
    if (isStaff) keepStaffPagesOffline();
  }, [isStaff]);
  const idledOut = useStaffIdle(me.data?.idle_minutes);
  if (me.data && !idledOut) return <>{children(member)}</>;
  if (idledOut) return <Spinner label="Signing out" />;
  if (me.error instanceof ApiError && me.error.status === 403) {
    return (
      <div className="page staff-page">
        <h1>Staff only</h1>
        <p>This page is for charity staff only.</p>
        <p>
          <Link to={paths.portal}>Go to your portal</Link>
        </p>
      </div>
    );
  }
  if (me.error) {
    return (
      <div className="page staff-page">
        <h1>Staff console</h1>
        <p className="form-failure" role="alert">
          {isNetworkError(me.error) ? 'You appear to be offline, and this phone has not opened the staff console before.' : me.error.message}
        </p>
      </div>
    );
  }
  return <Spinner label="Loading" />;
}

export function RequireStaff({ children }: { children: (member: MemberSession) => ReactNode }) {
  return <RequireMember>{(member) => <StaffGate member={member}>{children}</StaffGate>}</RequireMember>;
}
