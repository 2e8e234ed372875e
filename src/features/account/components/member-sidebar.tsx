/**
 * The member area's sidebar (docs/rules.md#portal): avatar, name,
 * CHAPS id, Profile, Medical Results and My bookings, and Logout, which signs out,
 * clears the member's saved data and goes to /login.
 */
import { NavLink } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatProfileId, type MemberProfile } from '@/domain/member-profile';
import { useSession } from '@/lib/session';
import { useLogout } from '../use-logout';

export function MemberSidebar({ profile }: { profile: MemberProfile | undefined }) {
  const session = useSession();
  const { leaving, logout } = useLogout();
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : '';
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase())
    .slice(0, 2)
    .join('');

  return (
    <aside className="member-sidebar" aria-label="Your account">
      <div className="member-avatar" aria-hidden="true">
        {initials || '?'}
      </div>
      {name && <p className="member-name">{name}</p>}
      {profile && <p className="member-id">ID: {formatProfileId(profile.profile_id)}</p>}
      <nav aria-label="Account pages">
        <ul>
          <li>
            <NavLink to={paths.portal} end>
              Profile
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.medicalResults}>Medical Results</NavLink>
          </li>
          <li>
            <NavLink to={paths.myBookings}>My bookings</NavLink>
          </li>
          {session.status === 'signed-in' && session.member.staff && (
            <li>
              <NavLink to={paths.staff}>Staff console</NavLink>
            </li>
          )}
          <li>
            <button type="button" className="button-link" onClick={() => void logout()} disabled={leaving}>
              {leaving ? 'Logging out…' : 'Logout'}
            </button>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
