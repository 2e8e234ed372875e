/**
 * Choosing the door PIN on this phone (docs/rules.md#door-lock): a step of
 * staff sign-in, after the second factor and before the console opens
 * (require-staff.tsx), so no attendee list is ever fetched, and so kept on
 * the phone for offline use, before its staff member has a PIN here. With
 * it, the idle time locks the console rather than removing the list, and
 * a walk-in's hand-over is locked. Typed twice; kept only as a slow hash
 * (door-pin.ts), never sent.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@/lib/use-document-title';
import { chooseDoorPin } from '../door-lock';
import { PinField } from './pin-field';
import { PIN_PATTERN } from '@/domain/door-pin';
import '@/lib/ui/forms.css';

type Field = 'pin' | 'again';

export function DoorPinStep({ userId, idleMinutes }: { userId: string; idleMinutes: number }) {
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle('Choose a PIN for this phone');
  useEffect(() => heading.current?.focus(), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: Partial<Record<Field, string>> = {};
    if (!PIN_PATTERN.test(pin)) found.pin = 'Choose a PIN of 4 to 6 digits.';
    else if (again !== pin) found.again = 'The two PINs are not the same. Type your PIN again.';
    setErrors(found);
    if (found.pin || found.again) {
      document.getElementById(found.pin ? 'door-pin-new' : 'door-pin-again')?.focus();
      return;
    }
    setBusy(true);
    try {
      // Once kept, the gate opens the console (door-lock.ts tells every tab).
      await chooseDoorPin(userId, pin);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page staff-page door-pin-step">
      <h1 ref={heading} tabIndex={-1}>
        Choose a PIN for this phone
      </h1>
      <p>
        The staff console keeps your attendee lists on this phone so the door works with no signal. After {idleMinutes}{' '}
        minutes unused it locks, and only your PIN opens it again, with or without a signal. The PIN also locks the
        phone while a walk-in fills in his form.
      </p>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <PinField
          id="door-pin-new"
          label="Choose a PIN"
          hint="4 to 6 digits. It stays on this phone and is never sent."
          error={errors.pin}
          autoComplete="new-password"
          value={pin}
          onChange={setPin}
        />
        <PinField id="door-pin-again" label="The same PIN again" error={errors.again} autoComplete="new-password" value={again} onChange={setAgain} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save the PIN'}
          </button>
        </div>
      </form>
    </div>
  );
}
