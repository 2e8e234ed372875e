/** A page's copy as data (src/content): paragraphs, bulleted lists and headed sections. */
import type { Paragraphs, Section } from '@/content/types';

export function CopyBody({ body }: { body: Paragraphs }) {
  return (
    <>
      {body.map((item, index) =>
        typeof item === 'string' ? (
          <p key={index}>{item}</p>
        ) : (
          <ul key={index} className="copy-list">
            {item.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

export function CopySections({ sections, level = 2 }: { sections: Section[]; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      {sections.map((section, index) => (
        <section key={section.heading ?? index} id={section.id} className="copy-section">
          {section.heading && <Heading>{section.heading}</Heading>}
          <CopyBody body={section.body} />
        </section>
      ))}
    </>
  );
}
