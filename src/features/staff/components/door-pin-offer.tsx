/**
 * Choosing the door PIN on this phone (docs/rules.md#door-lock): on the
 * door's list, so that a quiet spell locks the list rather than removing
 * it, and before a walk-in is handed the phone, so that only the PIN
 * brings back the staff pages. Typed twice; kept only as a slow hash
 * (door-pin.ts), never sent.
 */
import { useState, type FormEvent } from 'react';
import { TextField } from '@/lib/ui/text-field';
import { useStaffMe } from '../api/get-staff-me';
import { chooseDoorPin, useHasPin } from '../door-lock';
import { PIN_PATTERN } from '@/domain/door-pin';
import '@/lib/ui/forms.css';

type Field = 'pin' | 'again';

export function DoorPinOffer({ userId, intro }: { userId: string; intro: 'door' | 'hand-over' }) {
  const chosen = useHasPin(userId);
  const idleMinutes = useStaffMe(userId).data?.idle_minutes;
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  if (saved) {
    return (
      <p className="form-success" role="status">
        PIN saved. After {idleMinutes ?? 30} minutes unused this phone locks, and your PIN opens it again, with or without a signal.
      </p>
    );
  }
  if (chosen) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
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
      await chooseDoorPin(userId, pin);
      if (intro === 'door') setSaved(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="door-pin-offer" aria-labelledby="door-pin-title">
      <h2 id="door-pin-title">Lock this phone with a PIN</h2>
      <p>
        {intro === 'door'
          ? `Choose a PIN for this phone. After ${idleMinutes ?? 30} minutes unused it then locks instead of removing the saved list, and your PIN opens it again, even with no signal. Without one, the list is removed and signing in needs a signal.`
          : 'Before you hand him the phone, choose a PIN. While he fills in his form the staff pages are locked, and only your PIN opens them again.'}
      </p>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          id="door-pin-new"
          label="Choose a PIN"
          hint="4 to 6 digits. It stays on this phone and is never sent."
          error={errors.pin}
          announce
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={pin}
          onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
        />
        <TextField
          id="door-pin-again"
          label="The same PIN again"
          error={errors.again}
          announce
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={again}
          onChange={(e) => setAgain(e.target.value.replace(/\D/g, ''))}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save the PIN'}
          </button>
        </div>
      </form>
    </section>
  );
}
