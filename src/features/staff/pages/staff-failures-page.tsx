/**
 * /staff/failures: emails, refunds and PayPal notifications the server
 * could not deal with after a request (the mail server refused, PayPal did
 * not take a refund, PayPal could not be read about a notification), with
 * how many tries, the last error and when the next try is, and Retry to
 * try one again now (docs/decisions/0013).
 */
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatPence } from '@/domain/format';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useJobFailures, useRetryJob, type JobFailure } from '../api/failures';
import { RequireStaff } from '../components/require-staff';
import '../staff.css';

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(new Date(iso));

function what(failure: JobFailure): string {
  if (failure.kind === 'email') return `Email to ${failure.recipient ?? 'a member'}: ${failure.subject ?? ''}`;
  if (failure.kind === 'refund') return `Refund of ${failure.amount_pence !== undefined ? formatPence(failure.amount_pence) : 'a card payment'}`;
  return failure.event_id ? `PayPal notification ${failure.event_id}` : 'A PayPal notification';
}

function FailureItem({ failure, userId }: { failure: JobFailure; userId: string }) {
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
      <button type="button" className="button" disabled={retry.isPending} onClick={() => retry.mutate(failure)}>
        {retry.isPending ? 'Retrying…' : 'Retry now'}
        <span className="visually-hidden">: {label}</span>
      </button>
      {retry.error && (
        <p className="form-failure" role="alert">
          {retry.error.message}
        </p>
      )}
    </li>
  );
}

function Failures({ userId }: { userId: string }) {
  const failures = useJobFailures(userId);
  return (
    <div className="page staff-page">
      <p>
        <Link to={paths.staff}>Back to events</Link>
      </p>
      <h1>Emails and refunds not done</h1>
      <p>
        When the mail server or PayPal fails, the site tries again by itself: after about a minute, then at growing intervals for
        two days. Anything listed here has failed at least once. Retry now once the cause is fixed.
      </p>
      {failures.data ? (
        failures.data.length === 0 ? (
          <p role="status">Nothing is waiting: every email and refund has gone.</p>
        ) : (
          <section aria-labelledby="failures-heading">
            <h2 id="failures-heading" className="staff-failures-count">Failed at least once ({failures.data.length})</h2>
            <ul className="staff-failures">
              {failures.data.map((failure) => (
                <FailureItem key={`${failure.kind}:${failure.id}`} failure={failure} userId={userId} />
              ))}
            </ul>
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
  return <RequireStaff>{(member) => <Failures userId={member.userId} />}</RequireStaff>;
}
