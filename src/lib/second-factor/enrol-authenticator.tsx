/**
 * Adding an authenticator app (docs/rules.md#second-factor): the server
 * makes a new secret, shown here once as a QR code for the app to scan and
 * as text to type in, then a code from the app confirms it. Until then the
 * factor counts for nothing, and a half-done one is dropped the next time.
 */
import { useQuery } from '@tanstack/react-query';
import { QrCode } from '../ui/qr-code';
import { Spinner } from '../ui/spinner';
import { CodeForm } from './code-form';
import { startEnrolment } from './second-factor';
import './second-factor.css';

/** The secret in groups of four, easier to copy by eye. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function EnrolAuthenticator({ friendlyName, onConfirmed }: { friendlyName: string; onConfirmed: () => void }) {
  // Made once per visit (never kept: the secret is shown this once), and again only when asked.
  const started = useQuery({
    queryKey: ['second-factor-enrolment', friendlyName],
    queryFn: () => startEnrolment(friendlyName),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const enrolment = started.data;

  if (started.error) {
    return (
      <div>
        <p className="form-failure" role="alert">
          {started.error.message || 'Could not reach the server. Check your connection and try again.'}
        </p>
        <button type="button" className="button" onClick={() => void started.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (!enrolment) return <Spinner label="Preparing your authenticator set-up" />;
  return (
    <div className="second-factor-enrol">
      <ol className="second-factor-steps">
        <li>
          Open an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password,
          and choose to add an account.
        </li>
        <li>
          Scan this QR code with it.
          <div className="second-factor-qr-frame">
            <QrCode text={enrolment.uri} label="QR code to add this account to your authenticator app" className="second-factor-qr" />
          </div>
          <p>If you cannot scan it, type this key into the app instead:</p>
          <p className="second-factor-secret">
            <code aria-label={`Key: ${enrolment.secret.split('').join(' ')}`}>{grouped(enrolment.secret)}</code>
          </p>
        </li>
        <li>Enter the 6-digit code the app now shows for CHAPS.</li>
      </ol>
      <CodeForm factorId={enrolment.factorId} submitLabel="Confirm code" onConfirmed={onConfirmed} />
    </div>
  );
}
