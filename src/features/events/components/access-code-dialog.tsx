/**
 * The access-code modal of a private event (docs/rules.md#access-codes):
 * a labelled code box, Cancel and Submit, 'Invalid Access code' inline on a
 * wrong code. It resets whenever it closes. Offline, nothing is sent and the
 * code typed stays for Retry.
 */
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { isNotSent } from '@/lib/not-sent';
import { Modal } from '@/lib/ui/modal';
import { NotSentNotice } from '@/lib/ui/not-sent-notice';
import { TextField } from '@/lib/ui/text-field';
import { useCheckAccessCode } from '../api/check-access-code';

const INVALID = 'Invalid Access code';
const REQUIRED = 'Please enter the access code for this event.';

interface AccessCodeDialogProps {
  eventId: string;
  open: boolean;
  onCancel: () => void;
  onGranted: () => void;
}

export function AccessCodeDialog({ eventId, open, onCancel, onGranted }: AccessCodeDialogProps) {
  return (
    <Modal open={open} titleId="access-code-title" onClose={onCancel}>
      <AccessCodeForm eventId={eventId} onCancel={onCancel} onGranted={onGranted} />
    </Modal>
  );
}

function AccessCodeForm({ eventId, onCancel, onGranted }: Omit<AccessCodeDialogProps, 'open'>) {
  const inputId = useId();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const check = useCheckAccessCode(eventId);
  const connectionProblem = check.error && (isNotSent(check.error) || !(check.error instanceof ApiError));
  // 429 carries the server's own words (how long to wait); any other refusal is a wrong code.
  const refusal =
    check.error instanceof ApiError ? (check.error.status === 429 ? check.error.message : INVALID) : null;
  const inlineError = missing ? REQUIRED : refusal;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = code.trim();
    setMissing(trimmed === '');
    if (trimmed === '') return;
    check.mutate(trimmed, { onSuccess: onGranted });
  }

  return (
    <form onSubmit={submit} noValidate className="access-code-form">
      <h2 id="access-code-title">Private event</h2>
      <p>This is a private event. Please enter the access code you were given by the organiser.</p>
      <TextField
        id={inputId}
        name="access_code"
        label="Access code"
        error={inlineError ?? undefined}
        announce
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      {connectionProblem && (
        <NotSentNotice error={check.error} onRetry={() => check.mutate(code.trim(), { onSuccess: onGranted })} retrying={check.isPending} />
      )}
      <div className="modal-actions">
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={check.isPending}>
          {check.isPending ? 'Checking…' : 'Submit'}
        </button>
      </div>
    </form>
  );
}
