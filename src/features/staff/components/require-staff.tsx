/**
 * Wraps every staff page: a signed-in member first (else /login and back),
 * then the server's word that they are staff. A member who is not staff
 * sees a plain refusal; the server refuses their calls anyway (403).
 * Staff whose role needs a second factor and whose session has not given
 * it are asked for it first (second-factor-step.tsx). A page that needs
 * an ability the role lacks (staff-permissions.ts) says so instead of
 * calling the server for what it would refuse. Staff get every staff page
 * kept on the phone for offline use, and are signed out when the console
 * is left unused (use-staff-idle.ts).
 */
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { ApiError, isNetworkError } from '@/lib/api-client';
import { RequireMember } from '@/lib/require-member';
import type { MemberSession } from '@/lib/session';
import type { StaffRole } from '@/domain/staff-roles';
import { Spinner } from '@/lib/ui/spinner';
import { useStaffMe } from '../api/get-staff-me';
import { keepStaffPagesOffline } from '../keep-staff-pages-offline';
import { can, type StaffAbility } from '../staff-permissions';
import { useStaffIdle } from '../use-staff-idle';
import { SecondFactorStep } from './second-factor-step';

type StaffChildren = (member: MemberSession, role: StaffRole) => ReactNode;

function StaffGate({ member, needs, children }: { member: MemberSession; needs: StaffAbility | undefined; children: StaffChildren }) {
  const me = useStaffMe(member.userId);
  const isStaff = me.data !== undefined;
  useEffect(() => {
    if (isStaff) keepStaffPagesOffline();
  }, [isStaff]);
  const idledOut = useStaffIdle(me.data?.idle_minutes);
  if (idledOut) return <Spinner label="Signing out" />;
  if (me.data) {
    const { required, current } = me.data.assurance;
    if (required === 'aal2' && current !== 'aal2') return <SecondFactorStep userId={member.userId} />;
  }
  if (me.data && needs && !can(me.data.role, needs)) {
    return (
      <div className="page staff-page">
        <h1>Not for your role</h1>
        <p>Your staff role does not open this page. An admin can change your role if you need it.</p>
        <p>
          <Link className="staff-link" to={paths.staff}>Back to the staff console</Link>
        </p>
      </div>
    );
  }
  if (me.data) return <>{children(member, me.data.role)}</>;
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

/** `needs`: the ability the page is for (staff-permissions.ts); without one, any staff role opens it. */
export function RequireStaff({ needs, children }: { needs?: StaffAbility; children: StaffChildren }) {
  return (
    <RequireMember>
      {(member) => (
        <StaffGate member={member} needs={needs}>
          {children}
        </StaffGate>
      )}
    </RequireMember>
  );
}
