/**
 * Wraps every staff page: a signed-in member first (else /login and back),
 * then the server's word that they are staff. A member who is not staff
 * sees a plain refusal; the server refuses their calls anyway (403).
 * Staff whose role needs a second factor and whose session has not given
 * it are asked for it first (second-factor-step.tsx). A page that needs
 * an ability the role lacks (staff-permissions.ts) says so instead of
 * calling the server for what it would refuse. Then, until he has chosen a
 * door PIN on this phone, he chooses one (door-pin-step.tsx), so no page
 * that fetches an attendee list, and so keeps it on the phone for offline
 * use, opens before the PIN that guards it (docs/rules.md#door-lock).
 * Staff get every staff page kept on the phone for offline use. Left
 * unused, the console locks (use-staff-idle.ts); locked, every staff page
 * shows the lock screen and nothing of itself, but for a page that holds a
 * walk-in's hand-over (`handOver`), which shows his form alone.
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
import { useDoorLock, useHasPin } from '../door-lock';
import { useStaffIdle } from '../use-staff-idle';
import { DoorLockScreen } from './door-unlock';
import { DoorPinStep } from './door-pin-step';
import { SecondFactorStep } from './second-factor-step';

type StaffChildren = (member: MemberSession, role: StaffRole) => ReactNode;

interface GateProps {
  member: MemberSession;
  needs: StaffAbility | undefined;
  handOver: boolean;
  children: StaffChildren;
}

function StaffGate({ member, needs, handOver, children }: GateProps) {
  const me = useStaffMe(member.userId);
  const isStaff = me.data !== undefined;
  useEffect(() => {
    if (isStaff) keepStaffPagesOffline();
  }, [isStaff]);
  const idle = useStaffIdle(me.data?.idle_minutes, member.userId);
  const lock = useDoorLock();
  const pinChosen = useHasPin(member.userId);
  if (idle === 'sign-out') return <Spinner label="Signing out" />;
  if (idle === 'lock' || lock === 'idle' || (lock === 'hand-over' && !handOver)) {
    return <DoorLockScreen userId={member.userId} reason={lock ?? 'idle'} />;
  }
  if (me.data) {
    const { required, current } = me.data.assurance;
    if (required === 'aal2' && current !== 'aal2') return <SecondFactorStep userId={member.userId} />;
    // Before any page of the console: its lists are kept on the phone only behind his PIN.
    if (!pinChosen) return <DoorPinStep userId={member.userId} idleMinutes={me.data.idle_minutes} />;
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

/**
 * `needs`: the ability the page is for (staff-permissions.ts); without one,
 * any staff role opens it. `handOver`: the page shows a walk-in's hand-over
 * itself, and only that, while the console is handed over.
 */
export function RequireStaff({ needs, handOver = false, children }: { needs?: StaffAbility; handOver?: boolean; children: StaffChildren }) {
  return (
    <RequireMember>
      {(member) => (
        <StaffGate member={member} needs={needs} handOver={handOver}>
          {children}
        </StaffGate>
      )}
    </RequireMember>
  );
}
