/**
 * What a part of a page that is never saved on the device (his places on
 * waiting lists, his sign-in settings) shows when it cannot be asked for
 * with no signal: a plain line, not a red error, beside the saved copy the
 * rest of the page reads from with its "Offline: saved on" notice.
 * A failure with a signal is still that part's own error.
 */
import type { ReactNode } from 'react';
import { isNetworkError } from '../api-client';
import { useBrowserOnline } from '../online';
import './forms.css';

/** True when `error` is for want of a signal: the browser is offline, or nothing answered. */
export function useFailedForSignal(error: unknown): boolean {
  const online = useBrowserOnline();
  return error != null && (!online || isNetworkError(error));
}

export function OnlineOnlyNote({ children }: { children: ReactNode }) {
  return <p className="hint">{children}</p>;
}
