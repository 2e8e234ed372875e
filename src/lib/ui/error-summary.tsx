/**
 * The GOV.UK-style error summary: a titled box at the top of a form that
 * takes focus when it shows a new list of errors and links to each field in
 * error.
 */
import { useEffect, useId, useRef } from 'react';

export interface FieldError<Field extends string = string> {
  field: Field;
  message: string;
}

/**
 * Focus follows the list itself, not each render: keep one list per check
 * (state, or memoised), so typing in a field does not pull focus back here.
 * `fieldId` is the id of a field's control, when that is not the field's name.
 */
export function ErrorSummary<Field extends string>({ errors, fieldId }: { errors: readonly FieldError<Field>[]; fieldId?: (field: Field) => string }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={titleId}>
      <h2 id={titleId}>There is a problem</h2>
      <ul>
        {errors.map((e) => (
          <li key={e.field}>
            <a href={`#${fieldId ? fieldId(e.field) : e.field}`}>{e.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const errorFor = (errors: readonly FieldError[], field: string) => errors.find((e) => e.field === field)?.message;
