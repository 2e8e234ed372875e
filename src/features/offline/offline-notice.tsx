/**
 * The one offline notice for every page. It watches the query cache: when
 * the page shows saved data (a query with data and an observer) and the
 * browser is offline, or the last fetch failed for want of a network, it
 * says when that copy was saved.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { formatSavedAt } from '../../domain/format';
import { isNetworkError } from '../../lib/api-client';
import { useBrowserOnline } from '../../lib/online';
import './offline.css';

interface SavedCopy {
  /** When the oldest copy on screen was fetched (epoch ms). */
  savedAt: number;
  networkFailed: boolean;
}

/** A primitive snapshot, so useSyncExternalStore re-renders only on real change. */
function snapshot(client: QueryClient): string {
  let savedAt = Number.POSITIVE_INFINITY;
  let networkFailed = false;
  for (const query of client.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
    savedAt = Math.min(savedAt, query.state.dataUpdatedAt);
    if (isNetworkError(query.state.fetchFailureReason) || isNetworkError(query.state.error)) networkFailed = true;
  }
  return Number.isFinite(savedAt) ? `${savedAt}|${networkFailed ? 1 : 0}` : '';
}

function parse(value: string): SavedCopy | null {
  if (!value) return null;
  const [savedAt, failed] = value.split('|');
  return { savedAt: Number(savedAt), networkFailed: failed === '1' };
}

export function OfflineNotice() {
  const client = useQueryClient();
  const online = useBrowserOnline();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const saved = parse(useSyncExternalStore(subscribe, () => snapshot(client), () => ''));

  let message: string | null = null;
  if (saved && (!online || saved.networkFailed)) message = `Offline: saved on ${formatSavedAt(saved.savedAt)}`;
  else if (!online) message = "You're offline. Pages you have opened before still work.";

  return (
    <div className={message ? 'offline-notice' : undefined} role="status">
      {message}
    </div>
  );
}
