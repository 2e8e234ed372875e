/**
 * The GOV.UK-style error summary: a titled box at the top of a form that
 * takes focus when it shows a new list of errors and links to each field in
 * error.
 */
import { useEffect, useId, useRef, type MouseEvent } from 'react';
import './field-errors.css';

export interface FieldError<Field extends string = string> {
  field: Field;
  message: string;
}

const CONTROLS = 'input, select, textarea, iframe';

/**
 * A link to a field's own control is left to the browser, which focuses it. A link to a box around the control (a
 * card field, whose control may be the payment provider's frame) moves focus into the box's control.
 */
function focusControlIn(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target || target.matches(CONTROLS)) return;
  const control = target.querySelector<HTMLElement>(CONTROLS);
  if (!control) return;
  event.preventDefault();
  control.focus();
  control.scrollIntoView({ block: 'center' });
}

/**
 * Focus follows the list itself, not each render: keep one list per check
 * (state, or memoised), so typing in a field does not pull focus back here.
 * `fieldId` is the id of a field's control, or of a box around it, when that
 * is not the field's name. `message` is what went wrong that is no one
 * field's (a declined card), said above the list.
 */
export function ErrorSummary<Field extends string>({
  errors,
  fieldId,
  message,
}: {
  errors: readonly FieldError<Field>[];
  fieldId?: (field: Field) => string;
  message?: string | null;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (errors.length > 0 || message) ref.current?.focus();
  }, [errors, message]);
  if (errors.length === 0 && !message) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={titleId}>
      <h2 id={titleId}>There is a problem</h2>
      {message && <p>{message}</p>}
      {errors.length > 0 && (
        <ul>
          {errors.map((e) => {
            const id = fieldId ? fieldId(e.field) : e.field;
            return (
              <li key={e.field}>
                <a href={`#${id}`} onClick={(event) => focusControlIn(event, id)}>
                  {e.message}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export const errorFor = (errors: readonly FieldError[], field: string) => errors.find((e) => e.field === field)?.message;
