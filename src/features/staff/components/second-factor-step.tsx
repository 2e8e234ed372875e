/**
 * The console's door for a role that sees medical data (admin, clinical):
 * the server says his session is below the level his role needs
 * (GET /api/staff/me's assurance; docs/rules.md#second-factor), so before
 * anything else he gives the code from his authenticator app, or, the
 * first time, adds one. Then the console asks the server again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CodeForm } from '@/lib/second-factor/code-form';
import { EnrolAuthenticator } from '@/lib/second-factor/enrol-authenticator';
import { verifiedFactorId } from '@/lib/second-factor/second-factor';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { staffKeys } from '../staff-keys';

export function SecondFactorStep({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  // Not under 'member': nothing of this is kept on the phone.
  const factor = useQuery({ queryKey: ['staff-second-factor', userId], queryFn: verifiedFactorId, staleTime: 0, gcTime: 0 });
  const confirmed = () => void queryClient.invalidateQueries({ queryKey: staffKeys.me(userId) });
  const factorId = factor.data;
  const adding = factorId === null;
  useDocumentTitle(adding ? 'Set up your authenticator app' : 'Enter your code');

  return (
    <div className="page staff-page second-factor-page">
      {factor.isPending && <Spinner label="Loading" />}
      {factor.error && (
        <>
          <h1>Staff console</h1>
          <p className="form-failure" role="alert">
            Could not reach the server. Check your connection and try again.
          </p>
        </>
      )}
      {factorId !== undefined && (
        <>
          <h1>{adding ? 'Set up your authenticator app' : 'Enter your code'}</h1>
          <p>
            The staff console opens men&apos;s test results, so we check it is you with a second step as well as your
            password: a 6-digit code from an authenticator app on your phone.
          </p>
          {factorId === null ? (
            <EnrolAuthenticator friendlyName="Authenticator app" onConfirmed={confirmed} />
          ) : (
            <CodeForm factorId={factorId} submitLabel="Continue" onConfirmed={confirmed} />
          )}
        </>
      )}
    </div>
  );
}
