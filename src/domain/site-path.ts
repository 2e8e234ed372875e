/** A path of this site to go on to after sign-in ("/event/…"), never another site's address ("//evil.example", "/\\evil.example"); else null. */
export function sitePath(text: unknown): string | null {
  return typeof text === 'string' && text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\') ? text : null;
}
