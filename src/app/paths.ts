/**
 * Every route of the site in one place (SPEC.md section 2). Components link
 * through these, never through string literals.
 */
export const paths = {
  home: '/',
  login: '/login',
  aboutUs: '/about-us',
  events: '/events',
  bookEventMain: '/book-event-main',
  event: (id: string) => `/event/${encodeURIComponent(id)}`,
  eventPattern: '/event/:id',
  bookEvent: '/book-event',
  checkNhsNumber: '/check-nhs-number',
  informationHub: '/information-hub',
  news: '/news',
  refundPolicy: '/refund-policy',
  privacyPolicy: '/privacy-policy',
  portal: '/portal',
} as const;
