/** docs/benchmarks.md is a run of `## ` sections; a bench step rewrites its own and leaves the rest. */

/** Replaces the section whose heading starts with `title` in `text`, or adds `section` at the end. */
export function withSection(text: string, title: string, section: string): string {
  const parts = text.split(/\n(?=## )/);
  const index = parts.findIndex((p) => p.startsWith(title));
  if (index === -1) return `${text.trimEnd()}\n\n${section}`;
  parts[index] = `${section.trimEnd()}\n`;
  return parts.join('\n');
}
