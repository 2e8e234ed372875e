/**
 * The staff console closes when unused for the idle time the server names
 * (docs/rules.md#staff-idle), so a venue phone left on a table stops
 * showing men's details. It locks (door-lock.ts), keeping the saved list
 * for the PIN to open, signal or none: a console is opened only after its
 * staff member chose a door PIN on this phone (require-staff.tsx), so a
 * list is saved only behind one. With no PIN of his here (the sign-in's
 * PIN step left unused) nothing of his is open, and it signs out, which
 * removes anything the console saved on the phone. The server refuses the session anyway after that time (401
 * session_idle); this also covers a phone with no signal, whose screen
 * would otherwise stay open on the attendee list.
 *
 * Use is a key press, a tap, a click or a scroll wheel in the console. The time of the
 * last one is kept in localStorage, so every tab shares it and a phone
 * woken after a long sleep (when no timer ran) locks at once. Check-ins
 * waiting for a connection are kept (they hold only ids) and sent after
 * the next sign-in.
 */
import { useEffect } from 'react';
import { signOut, STAFF_LAST_USED_KEY } from '@/lib/auth';
import { hasPin } from '@/domain/door-pin';
import { lockConsole } from './door-lock';

const CHECK_EVERY_MS = 15_000;
/** Writes of the last-used time at most this often: a tap does not need to write every time. */
const WRITE_EVERY_MS = 5_000;

function lastUsed(): number | null {
  const stored = Number(window.localStorage.getItem(STAFF_LAST_USED_KEY));
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** What running out of time does: lock behind his PIN; with none of his on this phone (nothing opened), sign out. */
function closeConsole(userId: string, idleMinutes: number): void {
  if (hasPin(window.localStorage, userId)) lockConsole('idle');
  else void signOut({ kind: 'staff_idle', minutes: idleMinutes });
}

/**
 * Locks or signs the console out once unused for `idleMinutes`. Answers
 * what is under way while the time already ran out before this render (a
 * phone woken or a browser reopened on the console), so the gate shows
 * nothing of the saved list meanwhile.
 */
export function useStaffIdle(idleMinutes: number | undefined, userId: string): 'open' | 'lock' | 'sign-out' {
  const last = idleMinutes ? lastUsed() : null;
  // Read at render on purpose: whether the time ran out decides what the page may show as it appears.
  // eslint-disable-next-line react-hooks/purity
  const expired = idleMinutes !== undefined && last !== null && Date.now() - last >= idleMinutes * 60_000;
  useEffect(() => {
    if (!idleMinutes) return;
    const idleMs = idleMinutes * 60_000;
    let written = 0;
    const markUsed = () => {
      const at = Date.now();
      if (at - written < WRITE_EVERY_MS) return;
      written = at;
      window.localStorage.setItem(STAFF_LAST_USED_KEY, String(at));
    };
    const check = () => {
      const last = lastUsed();
      if (last !== null && Date.now() - last >= idleMs) closeConsole(userId, idleMinutes);
    };
    // A time left by this session before a reload or a sleep is checked first; none (just signed in) starts now.
    if (lastUsed() === null) markUsed();
    check();
    const events = ['pointerdown', 'keydown', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, markUsed, { passive: true, capture: true });
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => {
      for (const name of events) window.removeEventListener(name, markUsed, { capture: true });
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [idleMinutes, userId]);
  if (!expired) return 'open';
  return hasPin(window.localStorage, userId) ? 'lock' : 'sign-out';
}
