/**
 * Where sign-up details wait for a confirmed address (pending-signup.ts),
 * apart from their rules: sign-out removes them from every screen, and this
 * keeps the sign-up form's rules out of the first page's code.
 */
export const PENDING_SIGNUP_PREFIX = 'chaps-pending-signup:';

/** The part of Web Storage the kept sign-ups use. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

/** Removes every kept sign-up (sign-out: the next person on a shared device finds none). */
export function clearAllPendingSignups(store: KeyValueStore): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(PENDING_SIGNUP_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}
