/**
 * Logging out from a member screen: sign out (a failure is only logged,
 * the local session is gone either way), then the login page.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { signOut } from '../../lib/auth';

export function useLogout(): { leaving: boolean; logout: () => Promise<void> } {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  async function logout() {
    setLeaving(true);
    try {
      await signOut();
    } catch (error) {
      console.warn('Error logging out', error);
    }
    navigate(paths.login, { replace: true });
  }
  return { leaving, logout };
}
