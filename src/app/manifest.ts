import type { ManifestOptions } from 'vite-plugin-pwa';

/** The web app manifest; colours match src/app/theme.css. */
export const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'CHAPS – PSA screening events',
  short_name: 'CHAPS',
  description:
    'Find a PSA (prostate cancer blood test) screening event near you, book a timed slot and read your results.',
  lang: 'en-GB',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: '#0b3d6e',
  background_color: '#ffffff',
  categories: ['health', 'medical'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/events-narrow.png',
      sizes: '540x1170',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Upcoming PSA screening events, soonest first',
    },
    {
      // Desktop Chromium shows its richer install dialog only with a wide one
      // (scripts/wide-screenshot.ts takes it from a running site).
      src: '/screenshots/events-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Screening events listed beside a map of where they are',
    },
  ],
};
