/**
 * The Content Security Policy's media-src: the site itself, plus the
 * seminar video's origin when VITE_SEMINAR_VIDEO_URL is an absolute URL.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from '../fixtures/app';
import { contentSecurityPolicy, mediaSource } from '../../server/platform/http/security-headers';

const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

const mediaSrc = async (env: Record<string, string>) => {
  const res = await testApp({ env }).request('/api/health');
  const csp = res.headers.get('Content-Security-Policy') ?? '';
  return csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('media-src'));
};

describe('media-src', () => {
  it.each([
    [undefined, null],
    ['/media/seminar-talk.mp4', null],
    ['https://media.example.org/talks/seminar.mp4', 'https://media.example.org'],
    ['http://localhost:8080/talk.webm?v=2', 'http://localhost:8080'],
  ])('the origin of %j is %j', (url, expected) => {
    expect(mediaSource(url)).toBe(expected);
    expect(contentSecurityPolicy(TILES, undefined, url).mediaSrc).toEqual(expected ? ["'self'", expected] : ["'self'"]);
  });

  it("is 'self' only while the video is unset or on this site", async () => {
    expect(await mediaSrc({})).toBe("media-src 'self'");
    expect(await mediaSrc({ VITE_SEMINAR_VIDEO_URL: '/media/seminar-talk.mp4' })).toBe("media-src 'self'");
  });

  it("adds an absolute video URL's origin, and nothing of its path", async () => {
    expect(await mediaSrc({ VITE_SEMINAR_VIDEO_URL: 'https://media.example.org/talks/seminar.mp4' })).toBe(
      "media-src 'self' https://media.example.org",
    );
  });
});

describe('Permissions-Policy', () => {
  it('switches off the browser features the site never uses, and lets only its own pages use the camera, on pages and API answers alike', async () => {
    for (const path of ['/', '/api/health']) {
      const policy = (await testApp().request(path)).headers.get('Permissions-Policy');
      expect(policy).toBe(
        'accelerometer=(), camera=(self), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), fullscreen=(self)',
      );
    }
  });

  it("lets WebAssembly compile ('wasm-unsafe-eval') but never eval of script, and loads script from the site alone", async () => {
    const csp = (await testApp().request('/')).headers.get('Content-Security-Policy') ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src'));
    expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });

  it("lets no inline style in: style-src is 'self' alone", async () => {
    const csp = (await testApp().request('/api/health')).headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("style-src 'self';");
    expect(csp).not.toContain('unsafe-inline');
  });
});
