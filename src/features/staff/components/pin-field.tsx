/**
 * A door PIN's field (docs/rules.md#door-lock): hidden as typed, the
 * phone's number pad, at most six digits, anything but a digit dropped.
 * The choosing step and the lock both use it.
 */
import { TextField } from '@/lib/ui/text-field';

interface PinFieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  autoComplete: 'new-password' | 'off';
  value: string;
  onChange: (digits: string) => void;
}

export function PinField({ onChange, ...field }: PinFieldProps) {
  return (
    <TextField
      {...field}
      announce
      type="password"
      inputMode="numeric"
      maxLength={6}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
    />
  );
}
