/**
 * The checkout's GOV.UK-style error summary: what went wrong, in the
 * words of docs/rules.md#checkout-messages, and a link to each card field at
 * fault. It takes focus each time an error is shown, so it is in view (and read
 * out) wherever the member pressed Pay. A link moves focus into its field: the
 * sandbox's input, or PayPal's own field frame.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { CARD_FIELDS, type CardField, type CardFieldErrors } from '../use-card-payment';

interface PaymentErrorSummaryProps {
  message: string | null;
  fields: CardFieldErrors;
  /** Changes each time an error is shown. */
  errorCount: number;
}

function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id)?.querySelector<HTMLElement>('input, iframe');
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: 'center' });
}

export function PaymentErrorSummary({ message, fields, errorCount }: PaymentErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errorCount > 0) ref.current?.focus();
  }, [errorCount]);
  const entries = (Object.keys(CARD_FIELDS) as CardField[]).filter((key) => fields[key]);
  if (!message && entries.length === 0) return null;
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby="payment-error-title">
      <h2 id="payment-error-title">There is a problem</h2>
      {message && <p>{message}</p>}
      {entries.length > 0 && (
        <ul>
          {entries.map((key) => (
            <li key={key}>
              <a href={`#${CARD_FIELDS[key]}`} onClick={(event) => focusField(event, CARD_FIELDS[key])}>
                {fields[key]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
