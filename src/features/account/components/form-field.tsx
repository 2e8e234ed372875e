/**
 * The frame every account form field shares (GOV.UK pattern): the label,
 * then the error above the input, tied to it for screen readers by
 * `fieldErrorProps`.
 */
import type { ReactNode } from 'react';

interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}

export function FormField({ id, label, error, children }: FormFieldProps) {
  return (
    <div className={`form-field${error ? ' form-field-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {children}
    </div>
  );
}

/** The id, name and error attributes of the control inside a FormField. */
export function fieldControlProps(id: string, error: string | undefined) {
  return {
    id,
    name: id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
}
