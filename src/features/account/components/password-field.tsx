/** A password input with a Show/Hide toggle that says what it does to screen readers. */
import { useState, type InputHTMLAttributes } from 'react';
import { fieldControlProps, FormField } from '@/lib/ui/form-field';

interface PasswordFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

export function PasswordField({ id, label, error, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <FormField id={id} label={label} error={error}>
      <div className="password-input">
        <input {...fieldControlProps(id, error)} type={shown ? 'text' : 'password'} {...input} />
        <button type="button" className="button-link" aria-controls={id} aria-pressed={shown} onClick={() => setShown(!shown)}>
          {shown ? 'Hide' : 'Show'}
          <span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
    </FormField>
  );
}
