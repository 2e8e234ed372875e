/**
 * The console's lock screen (docs/rules.md#door-lock): the staff member's
 * PIN opens it, with or without a signal; each wrong one says how many
 * tries are left before the saved list is removed from the phone, and the
 * last signs out. Forgotten, Sign out does the same at once. Nothing of
 * the list is drawn while it shows.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { signOut } from '@/lib/auth';
import { PinField } from './pin-field';
import { doorTriesLeft, unlockConsole, type LockReason } from '../door-lock';
import { PIN_PATTERN } from '@/domain/door-pin';
import '@/lib/ui/forms.css';

const triesText = (left: number) => `${left} ${left === 1 ? 'try' : 'tries'} left before the saved list is removed from this phone.`;

/** The PIN field and Unlock: `onUnlocked` once the PIN was right. */
export function PinUnlockForm({ userId, onUnlocked }: { userId: string; onUnlocked?: () => void }) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const focusField = () => document.getElementById('door-unlock-pin')?.focus();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!PIN_PATTERN.test(pin)) {
      setError('Enter your PIN: 4 to 6 digits.');
      focusField();
      return;
    }
    setBusy(true);
    try {
      const answer = await unlockConsole(userId, pin);
      if (answer.kind === 'right') onUnlocked?.();
      else if (answer.kind === 'wrong') {
        setPin('');
        setError(`Wrong PIN. ${triesText(answer.left)}`);
        focusField();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="door-unlock" noValidate onSubmit={(e) => void submit(e)}>
      <PinField
        id="door-unlock-pin"
        label="Your PIN"
        hint={`The PIN you chose on this phone. ${triesText(doorTriesLeft(userId))}`}
        error={error}
        autoComplete="off"
        value={pin}
        onChange={setPin}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          Unlock
        </button>
      </div>
    </form>
  );
}

/** In place of any staff page while the console is locked. */
export function DoorLockScreen({ userId, reason }: { userId: string; reason: LockReason }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="page staff-page">
      <h1 ref={heading} tabIndex={-1}>
        This phone is locked
      </h1>
      <p>
        {reason === 'hand-over'
          ? 'It was handed to a man for his consent. The staff member who handed it over opens it with their PIN.'
          : 'It was not used for a while. Open it with your PIN: the saved list is still on this phone, with or without a signal.'}
      </p>
      <PinUnlockForm userId={userId} />
      <p className="hint">
        Forgotten your PIN? Signing out removes the saved list from this phone; check-ins waiting for a signal are kept.
      </p>
      <button type="button" className="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </div>
  );
}
