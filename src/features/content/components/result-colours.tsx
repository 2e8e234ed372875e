/** The screening result categories (docs/rules.md#band-follow-up): green, amber and red, with what comes next. */
import { screeningResults } from '@/content/pages/events';

export function ResultColours() {
  return (
    <section aria-labelledby="result-colours-title">
      <h2 id="result-colours-title">What your result means</h2>
      <ul className="card-grid result-colours">
        {screeningResults.map((r) => (
          <li key={r.colour} className={`card result-${r.colour}`}>
            <h3>{r.label}</h3>
            <p>{r.meaning}</p>
            <p>{r.next}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
