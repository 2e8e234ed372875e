/**
 * Asks for the 6-digit code from his authenticator app and confirms it
 * with the server (second-factor.ts). The field is labelled, numeric on a
 * phone's keyboard, filled by the phone when it offers a code
 * (autocomplete one-time-code), and a wrong code is announced.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { cleanCode, CODE_PATTERN, confirmCode } from './second-factor';
import '../ui/forms.css';

interface CodeFormProps {
  factorId: string;
  /** The button's words. */
  submitLabel: string;
  onConfirmed: () => void;
  children?: ReactNode;
}

export function CodeForm({ factorId, submitLabel, onConfirmed, children }: CodeFormProps) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = cleanCode(code);
    if (!CODE_PATTERN.test(typed)) {
      setError('Enter the 6-digit code from your authenticator app');
      return;
    }
    setBusy(true);
    setError(null);
    const failure = await confirmCode(factorId, typed);
    setBusy(false);
    if (failure) {
      setError(failure);
      setCode('');
      return;
    }
    onConfirmed();
  }

  const inputId = `${id}-code`;
  return (
    <form className="second-factor-form" onSubmit={(e) => void submit(e)} noValidate>
      {children}
      <div className={`form-field${error ? ' form-field-error' : ''}`}>
        <label htmlFor={inputId}>6-digit code</label>
        <p className="hint" id={`${inputId}-hint`}>
          The code your authenticator app shows now. It changes every 30 seconds.
        </p>
        {error && (
          <p className="field-error" id={`${inputId}-error`} role="alert">
            <span className="visually-hidden">Error: </span>
            {error}
          </p>
        )}
        <input
          id={inputId}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Checking…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
