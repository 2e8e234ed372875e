/**
 * The frame every form field shares (GOV.UK pattern): the label, any hint,
 * then the error above the control, tied to it for screen readers by
 * `fieldControlProps`. A form with an error summary announces its errors
 * there; a form without one announces the field's own error (`announce`).
 */
import type { ReactNode } from 'react';

export interface FieldFrame {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  announce?: boolean;
}

export function FormField({ id, label, hint, error, announce, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={`form-field${error ? ' form-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`} role={announce ? 'alert' : undefined}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** The id, name and description attributes of the control inside a FormField. */
export function fieldControlProps(id: string, error: string | undefined, hint?: string) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    name: id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described || undefined,
  };
}
