/** 'Further medical advice can be obtained from:' and the eight organisations (docs/rules.md#information-hub). */
import { anchors } from '@/lib/paths';
import { resources, RESOURCES_HEADING } from '@/content/pages/resources';

export function ResourcesList() {
  return (
    <section id={anchors.resources} aria-labelledby="resources-title">
      <h2 id="resources-title">{RESOURCES_HEADING}</h2>
      <ul className="card-grid card-grid-4 resources">
        {resources.map((r) => (
          <li key={r.name} className="card">
            <h3>{r.name}</h3>
            {r.website && (
              <p>
                <a href={r.website} target="_blank" rel="noopener noreferrer">
                  {r.website.replace(/^https:\/\/(www\.)?/, '')}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            )}
            <p>
              <a href={`tel:${r.phone.tel}`}>{r.phone.display}</a>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
