/** A labelled input with its hint and its error above it, announced with the field (GOV.UK pattern). */
import type { InputHTMLAttributes } from 'react';
import { fieldControlProps, FormField, type FieldFrame } from './form-field';

type TextFieldProps = FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

export function TextField({ id, label, hint, error, announce, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} announce={announce}>
      <input {...fieldControlProps(id, error, hint)} {...input} />
    </FormField>
  );
}
