/**
 * The one connection check before every write (access code, NHS number,
 * consent, booking, cancel, payment, profile, contact, newsletter, staff).
 * Apart from online.ts so its words load with the screens that write, not
 * with the first page. A connection that never answers (lie-fi) fails the
 * check's timeout, so it counts as offline.
 */
import { isReallyOnline } from './online';

/**
 * A write that was never sent because the connection check failed: the
 * screen says nothing was sent, keeps what was typed, and offers Retry.
 */
export class NotSentError extends Error {
  readonly notSent = true;

  constructor() {
    super('You appear to be offline, so nothing was sent. What you entered is kept here: try again when you have a signal.');
    this.name = 'NotSentError';
  }
}

/** The request left but no answer came back in time: it may or may not have arrived. */
export const NO_ANSWER_MESSAGE =
  'The connection dropped before the server answered. What you entered is kept here: try again when you have a signal.';

export function isNotSent(error: unknown): error is NotSentError {
  return error instanceof NotSentError;
}

/** Called first in every write; throws NotSentError when there is no working connection. */
export async function ensureOnline(): Promise<void> {
  if (!(await isReallyOnline())) throw new NotSentError();
}
