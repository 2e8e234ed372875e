/**
 * /staff/failures: emails, refunds and PayPal notifications the server
 * could not deal with after a request (the mail server refused, PayPal did
 * not take a refund, PayPal could not be read about a notification), with
 * how many tries, the last error and when the next try is, and Retry to
 * try one again now (docs/decisions/0013). The newest come first, a page
 * at a time, with "Show older failures" for the next.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatPence } from '@/domain/format';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useJobFailures, useRetryJob, type JobFailure, type RetryAnswer } from '../api/failures';
import { RequireStaff } from '../components/require-staff';
import '../staff.css';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(iso));

function what(failure: JobFailure): string {
  if (failure.kind === 'email') return `Email to ${failure.recipient ?? 'a member'}: ${failure.subject ?? ''}`;
  if (failure.kind === 'refund') return `Refund of ${failure.amount_pence !== undefined ? formatPence(failure.amount_pence) : 'a card payment'}`;
  return failure.event_id ? `PayPal notification ${failure.event_id}` : 'A PayPal notification';
}

/** What Retry now found, in words, with the raw error kept in a details element for whoever fixes the cause. */
function RetryFeedback({ answer }: { answer: RetryAnswer }) {
  if (answer.outcome === 'running') {
    return (
      <p role="status" className="staff-retry-note">
        Still trying: the answer is taking a while. This list shows how it ends.
      </p>
    );
  }
  if (answer.outcome !== 'failed') return null;
  return (
    <div role="alert" className="staff-retry-failed">
      <p className="form-failure">
        Tried again and it failed: {answer.reason}{' '}
        {answer.state === 'failed'
          ? 'No more tries are left: retry once the cause is fixed.'
          : `The site will try again by itself at ${when(answer.next_try_at ?? new Date().toISOString())}.`}
      </p>
      <details>
        <summary>Technical details</summary>
        <p className="staff-error-text">{answer.error}</p>
      </details>
    </div>
  );
}

function FailureItem({ failure, userId, onDone }: { failure: JobFailure; userId: string; onDone: (what: string) => void }) {
  const retry = useRetryJob(userId);
  const label = what(failure);
  return (
    <li className="staff-failure">
      <h2>{label}</h2>
      <dl>
        <dt>First asked</dt>
        <dd>{when(failure.created_at)}</dd>
        <dt>Tries</dt>
        <dd>{failure.tries}</dd>
        <dt>Last error</dt>
        <dd className="staff-error-text">{failure.last_error}</dd>
        <dt>Next</dt>
        <dd>{failure.state === 'failed' ? 'Gave up: waiting for you' : `Next try ${when(failure.next_try_at ?? failure.created_at)}`}</dd>
      </dl>
      <button
        type="button"
        className="button"
        disabled={retry.isPending}
        onClick={() => retry.mutate(failure, { onSuccess: (answer) => answer.outcome === 'done' && onDone(label) })}
      >
        {retry.isPending ? 'Retrying…' : 'Retry now'}
        <span className="visually-hidden">: {label}</span>
      </button>
      {retry.isPending && (
        <p role="status" className="staff-retry-note">
          Trying again now…
        </p>
      )}
      {retry.data && !retry.isPending && <RetryFeedback answer={retry.data} />}
      {retry.error && (
        <p className="form-failure" role="alert">
          {retry.error.message}
        </p>
      )}
    </li>
  );
}

/** Said where the list starts, and focused: the item that worked leaves the list, and its button with it. */
function DoneNote({ done }: { done: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done) ref.current?.focus();
  }, [done]);
  return (
    <p role="status" className="form-success" tabIndex={-1} ref={ref}>
      {done ? `Tried again and it worked: ${done}.` : ''}
    </p>
  );
}

function Failures({ userId }: { userId: string }) {
  const failures = useJobFailures(userId);
  // A failure that moves between pages as others go is shown once.
  const shown = failures.data && [...new Map(failures.data.pages.flatMap((page) => page.failures).map((f) => [`${f.kind}:${f.id}`, f])).values()];
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="page staff-page">
      <p>
        <Link className="staff-link" to={paths.staff}>Back to events</Link>
      </p>
      <h1>Emails and refunds not done</h1>
      <p>
        When the mail server or PayPal fails, the site tries again by itself: after about a minute, then at growing intervals for
        two days. Anything listed here has failed at least once. Retry now once the cause is fixed.
      </p>
      <DoneNote done={done} />
      {shown ? (
        shown.length === 0 ? (
          <p role="status">Nothing is waiting: every email and refund has gone.</p>
        ) : (
          <section aria-labelledby="failures-heading">
            <h2 id="failures-heading" className="staff-failures-count">Failed at least once ({failures.data!.pages[0]!.total})</h2>
            <ul className="staff-failures">
              {shown.map((failure) => (
                <FailureItem key={`${failure.kind}:${failure.id}`} failure={failure} userId={userId} onDone={setDone} />
              ))}
            </ul>
            {failures.hasNextPage && (
              <p className="staff-more">
                <button type="button" className="button" disabled={failures.isFetchingNextPage} onClick={() => void failures.fetchNextPage()}>
                  {failures.isFetchingNextPage ? 'Loading…' : 'Show older failures'}
                </button>
              </p>
            )}
          </section>
        )
      ) : failures.error ? (
        <p className="form-failure" role="alert">
          {failures.error.message}
        </p>
      ) : (
        <Spinner label="Loading" />
      )}
    </div>
  );
}

export default function StaffFailuresPage() {
  useDocumentTitle('Emails and refunds not done');
  return <RequireStaff needs="failures">{(member) => <Failures userId={member.userId} />}</RequireStaff>;
}
