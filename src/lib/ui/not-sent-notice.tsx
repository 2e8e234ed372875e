/**
 * What a member sees when a write could not go: offline, nothing was sent
 * and what they typed is kept, with Retry; any other failure, its message.
 * One component, so every form says it the same plain way.
 */
import { isNetworkError } from '../api-client';
import { isNotSent, NO_ANSWER_MESSAGE } from '../not-sent';

interface NotSentNoticeProps {
  error: unknown;
  /** Shown for failures that are not about the connection. */
  fallback?: string;
  title?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

export function NotSentNotice({ error, fallback, title, onRetry, retrying = false }: NotSentNoticeProps) {
  if (!error) return null;
  const connection = isNotSent(error) || isNetworkError(error);
  let message: string;
  if (isNotSent(error)) message = error.message;
  // The request left but no answer came back: it may or may not have arrived.
  else if (isNetworkError(error)) message = NO_ANSWER_MESSAGE;
  else message = fallback ?? (error instanceof Error ? error.message : 'An unexpected error occurred. Please try again later.');
  return (
    <div className="notice notice-error" role="alert">
      {title && !connection && <p><strong>{title}</strong></p>}
      {connection && <p><strong>No connection</strong></p>}
      <p>{message}</p>
      {connection && onRetry && (
        <button type="button" className="button button-primary" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Retry'}
        </button>
      )}
    </div>
  );
}
