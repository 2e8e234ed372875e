/**
 * Where sign-in goes on to (src/domain/site-path.ts), read from the
 * address of /login: only a path of this site, never another site's
 * address, so a link cannot send a man elsewhere once he has signed in.
 */
import { describe, expect, it } from 'vitest';
import { sitePath } from '../../src/domain/site-path';

describe('sitePath', () => {
  it.each(['/event/3b1f3c4e', '/my-bookings?x=1', '/'])('keeps %j', (path) => {
    expect(sitePath(path)).toBe(path);
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '', null, 42])('refuses %j', (text) => {
    expect(sitePath(text)).toBeNull();
  });

  it('reads the way on back whole from an address that encoded it', () => {
    const search = `from=${encodeURIComponent('/event/3b1f3c4e?x=1&y=2')}`;
    expect(sitePath(new URLSearchParams(search).get('from'))).toBe('/event/3b1f3c4e?x=1&y=2');
  });
});
