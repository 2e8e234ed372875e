/** docs/benchmarks.md is a run of `## ` sections; a bench step rewrites its own and leaves the rest. */

/** Replaces the section whose heading starts with `title` in `text`, or adds `section` at the end. */
export function withSection(text: string, title: string, section: string): string {
  const parts = text.split(/\n(?=## )/);
  const index = parts.findIndex((p) => p.startsWith(title));
  if (index === -1) return `${text.trimEnd()}\n\n${section}`;
  parts[index] = `${section.trimEnd()}\n`;
  return parts.join('\n');
}

/**
 * Sections of the old file that this bench does not write (such as the
 * maps comparison, measured by hand) are carried over, so a bench run
 * never erases figures it did not measure.
 */
export function withKeptSections(fresh: string, old: string): string {
  const sections = (text: string) => text.split(/\n(?=## )/).slice(1);
  const title = (section: string) => section.split('\n', 1)[0];
  const written = new Set(sections(fresh).map(title));
  const kept = sections(old).filter((section) => !written.has(title(section)));
  return kept.length === 0 ? fresh : `${fresh.trimEnd()}\n\n${kept.map((k) => k.trimEnd()).join('\n\n')}\n`;
}
