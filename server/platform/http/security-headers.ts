/**
 * Security headers on every response. The CSP allows only what the site
 * loads: its own scripts and style sheets, images and connections to the
 * configured tile host, media from itself and the seminar video's host,
 * and its own worker and manifest. Nothing may frame the site.
 *
 * style-src needs no 'unsafe-inline': that keyword governs <style>
 * elements and style="" attributes in markup, and the site has neither.
 * Leaflet positions map panes and tiles through element.style (the CSSOM),
 * as React applies style props, and the CSP does not restrict the CSSOM;
 * Leaflet's own HTML strings (attribution, controls) carry no style
 * attribute (checked in leaflet 1.9.4).
 *
 * script-src also names 'wasm-unsafe-eval', and only that: it lets the
 * page compile WebAssembly (the staff console's barcode decoder, which the
 * site serves itself, src/features/staff/components/barcode-scanner.tsx)
 * without allowing eval() or new Function() of JavaScript.
 *
 * Permissions-Policy switches off the powerful browser features the site
 * never uses, so an injected script or a third-party frame cannot ask for
 * them either. The camera is the site's own (staff scan tickets and tube
 * labels with it), never a frame's. Payment stays off until the card form
 * needs it (the PayPal work then names its origin here).
 */
import { secureHeaders } from 'hono/secure-headers';

/** The CSP source for a tile URL's host, or null when tiles are same-origin. */
export function tileSource(tileUrl: string): string | null {
  const match = /^(https?):\/\/([^/]+)/.exec(tileUrl);
  if (!match) return null;
  const [, scheme, host = ''] = match;
  // "{s}.tile.example.org" style subdomain templates become a wildcard.
  const source = `${scheme}://${host.replace(/\{[^}]*\}/g, '*')}`;
  return /^https?:\/\/(\*\.)?[A-Za-z0-9.-]+(:\d+)?$/.test(source) ? source : `${scheme}:`;
}

/** The CSP source for a media URL's origin, or null when it is a path on this site. */
export function mediaSource(mediaUrl: string | undefined): string | null {
  if (!mediaUrl || !/^https?:\/\//.test(mediaUrl)) return null;
  try {
    return new URL(mediaUrl).origin;
  } catch {
    return null;
  }
}

/**
 * `authUrl`: a hosted Supabase project the browser signs in with (SUPABASE_URL), when set.
 * `videoUrl`: the seminar talk video (VITE_SEMINAR_VIDEO_URL), when set.
 */
/**
 * PayPal's hosts for its SDK, card fields (frames) and API calls from the
 * page: allowed only with a real PayPal client id. The local sandbox's
 * stand-in SDK is same-origin and needs none of them.
 */
export const PAYPAL_SOURCES = {
  script: ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'],
  frame: ['https://www.paypal.com', 'https://*.paypal.com'],
  connect: ['https://*.paypal.com', 'https://*.braintreegateway.com'],
  img: ['https://*.paypal.com', 'https://*.paypalobjects.com'],
} as const;

export function contentSecurityPolicy(tileUrl: string, authUrl?: string, videoUrl?: string, paypal = false) {
  const tiles = tileSource(tileUrl);
  const withPayPal = (sources: string[], kind: keyof typeof PAYPAL_SOURCES) => (paypal ? [...sources, ...PAYPAL_SOURCES[kind]] : sources);
  const auth = authUrl ? new URL(authUrl).origin : null;
  const media = mediaSource(videoUrl);
  const withTiles = (sources: string[]) => (tiles ? [...sources, tiles] : sources);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: withPayPal(["'self'", "'wasm-unsafe-eval'"], 'script'),
    styleSrc: ["'self'"],
    imgSrc: withPayPal(withTiles(["'self'", 'data:', 'blob:']), 'img'),
    connectSrc: withPayPal(withTiles(auth ? ["'self'", auth] : ["'self'"]), 'connect'),
    ...(paypal ? { frameSrc: [...PAYPAL_SOURCES.frame] } : {}),
    mediaSrc: media ? ["'self'", media] : ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

export const PERMISSIONS_POLICY = {
  accelerometer: [],
  // Staff scan tickets and tube labels; the site's own pages only.
  camera: ['self'],
  geolocation: [],
  gyroscope: [],
  magnetometer: [],
  microphone: [],
  payment: [],
  usb: [],
  // The seminar video may go full screen; nothing framed may.
  fullscreen: ['self'],
};

/** `paypal`: a real PayPal client id is configured (PAYPAL_CLIENT_ID). */
export function securityHeaders(tileUrl: string, authUrl?: string, videoUrl?: string, paypal = false) {
  return secureHeaders({
    permissionsPolicy: PERMISSIONS_POLICY,
    contentSecurityPolicy: contentSecurityPolicy(tileUrl, authUrl, videoUrl, paypal),
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    // A handler's own header wins (the tile stand-in is cross-origin by design).
    overwrite: false,
  });
}
