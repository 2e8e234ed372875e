/**
 * Where the staff console's door lock is kept on the phone
 * (src/features/staff/door-lock.ts): here so sign-out (src/lib/auth.ts)
 * removes them without importing the staff feature.
 */
/** The door PIN's salted hash and its wrong tries. */
export const STAFF_PIN_KEY = 'chaps-staff-pin';
/** Why the console is locked ('idle' or 'hand-over'), while it is. */
export const STAFF_LOCK_KEY = 'chaps-staff-lock';
