/**
 * "Two-step sign-in" on the portal (docs/rules.md#second-factor): a member
 * may add an authenticator app, so that every sign-in asks for its code
 * after his password, and remove it again (the server asks that this
 * session gave a code first). Nothing of it is kept on the phone.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLongDate } from '@/domain/format';
import { londonDate } from '@/domain/london-time';
import { EnrolAuthenticator } from '@/lib/second-factor/enrol-authenticator';
import { removeFactor, verifiedFactor } from '@/lib/second-factor/second-factor';
import { OnlineOnlyNote, useFailedForSignal } from '@/lib/ui/online-only-note';
import { Spinner } from '@/lib/ui/spinner';

export function TwoStepSection({ userId }: { userId: string }) {
  const factor = useQuery({ queryKey: ['two-step', userId], queryFn: verifiedFactor, staleTime: 0, gcTime: 0 });
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const noSignal = useFailedForSignal(factor.error);

  async function remove(id: string) {
    setBusy(true);
    setStatus(null);
    setFailure(null);
    const problem = await removeFactor(id).catch(() => 'Could not reach the server. Check your connection and try again.');
    setBusy(false);
    if (problem) {
      setFailure(problem);
      return;
    }
    setStatus('Your authenticator app is removed. Signing in now needs only your password.');
    await factor.refetch();
  }

  return (
    <section className="two-step" aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-step sign-in</h2>
      {factor.isPending && <Spinner label="Loading" />}
      {factor.isError && noSignal && <OnlineOnlyNote>Your two-step sign-in shows when you are online.</OnlineOnlyNote>}
      {factor.isError && !noSignal && (
        <p className="form-failure" role="alert">
          Could not reach the server. Check your connection and try again.
        </p>
      )}
      {factor.data && (
        <>
          <p>
            On: after your password, signing in asks for a code from your authenticator app (added{' '}
            {formatLongDate(londonDate(factor.data.addedAt))}).
          </p>
          <button type="button" className="button" disabled={busy} onClick={() => void remove(factor.data!.id)}>
            {busy ? 'Removing…' : 'Remove authenticator app'}
          </button>
        </>
      )}
      {factor.data === null && !adding && (
        <>
          <p>
            Add a second step to signing in: a 6-digit code from an authenticator app on your phone, so nobody who
            learns your password can sign in as you.
          </p>
          <button type="button" className="button" onClick={() => { setStatus(null); setAdding(true); }}>
            Add an authenticator app
          </button>
        </>
      )}
      {factor.data === null && adding && (
        <>
          <EnrolAuthenticator
            friendlyName="Authenticator app"
            onConfirmed={() => {
              setAdding(false);
              setStatus('Two-step sign-in is on. Next time you sign in, we will ask for a code from your app.');
              void factor.refetch();
            }}
          />
          <button type="button" className="button-link" onClick={() => setAdding(false)}>
            Cancel
          </button>
        </>
      )}
      {status && (
        <p className="form-success" role="status">
          {status}
        </p>
      )}
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
