/**
 * The GOV.UK-style error summary: a titled box at the top of a form that
 * takes focus when it appears and links to each field in error.
 */
import { useEffect, useRef } from 'react';

export interface FieldError {
  field: string;
  message: string;
}

export function ErrorSummary({ errors }: { errors: FieldError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
  if (errors.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">There is a problem</h2>
      <ul>
        {errors.map((e) => (
          <li key={e.field}>
            <a href={`#${e.field}`}>{e.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const errorFor = (errors: FieldError[], field: string) => errors.find((e) => e.field === field)?.message;
