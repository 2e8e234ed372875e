/** A labelled input with its error above it, announced with the field (GOV.UK pattern). */
import type { InputHTMLAttributes } from 'react';
import { fieldControlProps, FormField } from './form-field';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string;
}

export function TextField({ id, label, error, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <input {...fieldControlProps(id, error)} {...input} />
    </FormField>
  );
}
