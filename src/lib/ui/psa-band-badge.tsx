/**
 * The band of a PSA result in words (and colour), from the one rule in
 * src/domain/psa-band.ts. In src/lib because the member's results page and
 * the staff console both show it.
 */
import { PSA_BAND_TEXT, psaBand } from '../../domain/psa-band';
import './psa-band.css';

export function PsaBandBadge({ value, age, withAdvice = true }: { value: number | null; age: number | null; withAdvice?: boolean }) {
  const band = psaBand(value, age);
  if (!band) return null;
  const text = PSA_BAND_TEXT[band];
  return (
    <span className={`psa-band psa-band-${band}`}>
      {text.label}
      {withAdvice && <span className="psa-band-advice">{text.advice}</span>}
    </span>
  );
}
