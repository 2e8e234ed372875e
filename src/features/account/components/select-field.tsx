/** A labelled select with its error, in the same pattern as TextField. */
import type { SelectHTMLAttributes } from 'react';
import { fieldControlProps, FormField } from '@/lib/ui/form-field';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  options: readonly string[];
  error?: string;
  placeholder?: string;
}

export function SelectField({ id, label, options, error, placeholder, ...select }: SelectFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      <select {...fieldControlProps(id, error)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FormField>
  );
}
