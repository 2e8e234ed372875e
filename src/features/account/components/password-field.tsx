/** A password input with a Show/Hide toggle that says what it does to screen readers. */
import { useState, type InputHTMLAttributes } from 'react';

interface PasswordFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

export function PasswordField({ id, label, error, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className={`form-field${error ? ' form-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="password-input">
        <input id={id} name={id} type={shown ? 'text' : 'password'} aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined} {...input} />
        <button type="button" className="button-link" aria-controls={id} aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
    </div>
  );
}
