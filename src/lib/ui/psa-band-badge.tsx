/**
 * The band of a PSA result in words (and colour). In src/lib because the
 * member's results page and the staff console both show it. The band is
 * given, never worked out here: a stored result's is the one it was given
 * when saved (docs/rules.md#clinical-rules), a preview's is the current
 * rule's.
 */
import { PSA_BAND_TEXT, type PsaBand } from '../../domain/psa-band';
import './psa-band.css';

export function PsaBandBadge({ band, withAdvice = true }: { band: PsaBand | null | undefined; withAdvice?: boolean }) {
  if (!band) return null;
  const text = PSA_BAND_TEXT[band];
  return (
    <span className={`psa-band psa-band-${band}`}>
      {text.label}
      {withAdvice && <span className="psa-band-advice">{text.advice}</span>}
    </span>
  );
}
