/**
 * The connection check before every write (access code, NHS number,
 * consent, booking, cancel). Apart from online.ts so its words load with
 * the screens that write, not with the first page.
 */
import { isReallyOnline } from './online';

/**
 * A write that was never sent because the connection check failed: the
 * screen says nothing was sent, keeps what was typed, and offers Retry.
 */
export class NotSentError extends Error {
  readonly notSent = true;

  constructor() {
    super('You appear to be offline, so nothing was sent. What you entered is kept here: press Retry when you have a signal.');
    this.name = 'NotSentError';
  }
}

export function isNotSent(error: unknown): error is NotSentError {
  return error instanceof NotSentError;
}

/** Called first in every write (access code, NHS number, consent, booking, cancel). */
export async function ensureOnline(): Promise<void> {
  if (!(await isReallyOnline())) throw new NotSentError();
}
