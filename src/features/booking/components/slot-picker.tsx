/**
 * The time-slot grid of /book-event (SPEC.md sections 2 and 4): every slot
 * of the event from its start in steps of the session length; the free ones
 * can be chosen, the rest are greyed and disabled; the chosen one is
 * highlighted. Radios styled as tiles, so keyboard and screen readers get a
 * real single choice ("10:15, not available").
 */
import { formatTime } from '@/domain/format';

interface SlotPickerProps {
  slots: string[];
  available: ReadonlySet<string>;
  chosen: string | null;
  onChoose: (slot: string) => void;
  disabled?: boolean;
}

export function SlotPicker({ slots, available, chosen, onChoose, disabled = false }: SlotPickerProps) {
  return (
    <fieldset className="slot-picker" disabled={disabled}>
      <legend>Choose a time</legend>
      <div className="slot-grid">
        {slots.map((slot) => {
          const free = available.has(slot);
          const id = `slot-${slot.replace(':', '')}`;
          return (
            <div className={`slot${free ? '' : ' slot-unavailable'}${chosen === slot ? ' slot-chosen' : ''}`} key={slot}>
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
                {!free && <span className="visually-hidden">, not available</span>}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
