/**
 * The time-slot grid of /book-event (docs/rules.md#slots): every slot
 * of the event from its start in steps of the session length; the free ones
 * can be chosen, the rest are greyed and disabled; the chosen one is
 * highlighted. When he is changing his booking, his own time is marked
 * "Your time" (it cannot be chosen, but it is not taken by someone else).
 * Radios styled as tiles, so keyboard and screen readers get a
 * real single choice ("10:15, not available").
 */
import { formatTime } from '@/domain/format';

interface SlotPickerProps {
  slots: string[];
  available: ReadonlySet<string>;
  /** His own booked time, when changing it. */
  own?: string;
  chosen: string | null;
  onChoose: (slot: string) => void;
  disabled?: boolean;
}

export function SlotPicker({ slots, available, own, chosen, onChoose, disabled = false }: SlotPickerProps) {
  return (
    <fieldset className="slot-picker" disabled={disabled}>
      <legend>Choose a time</legend>
      <div className="slot-grid">
        {slots.map((slot) => {
          const free = available.has(slot);
          const mine = slot === own;
          const id = `slot-${slot.replace(':', '')}`;
          const state = mine ? ' slot-own' : free ? '' : ' slot-unavailable';
          return (
            <div className={`slot${state}${chosen === slot ? ' slot-chosen' : ''}`} key={slot}>
              <input
                type="radio"
                id={id}
                name="slot"
                value={slot}
                checked={chosen === slot}
                disabled={!free}
                onChange={() => onChoose(slot)}
              />
              <label htmlFor={id}>
                {formatTime(slot)}
                {mine ? (
                  <>
                    <span className="visually-hidden">, </span>
                    <span className="slot-own-note">Your time</span>
                  </>
                ) : (
                  !free && <span className="visually-hidden">, not available</span>
                )}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
