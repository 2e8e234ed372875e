/**
 * Every route of the site in one place (docs/rules.md#routes). Components link
 * through these, never through string literals.
 */
/** Query parameters the booking routes read. */
export const queryParams = {
  event: 'event',
  appointment: 'appointment',
  slot: 'slot',
  consent: 'consent',
  /** A waiting-list offer's signed token (docs/decisions/0019). */
  offer: 'offer',
  /** Present: the member came to change the time of his booking of this event (My bookings' Change time). */
  change: 'change',
  /** Where sign-in goes on to: a path of this site, kept in the address so a link followed before the page was interactive keeps it. */
  from: 'from',
} as const;

export const paths = {
  home: '/',
  login: '/login',
  /** Sign-in that goes on to `from` afterwards. */
  loginThen: (from: string) => `/login?${queryParams.from}=${encodeURIComponent(from)}`,
  aboutUs: '/about-us',
  events: '/events',
  bookEventMain: '/book-event-main',
  event: (id: string) => `/event/${encodeURIComponent(id)}`,
  eventPattern: '/event/:id',
  bookEvent: '/book-event',
  /** The event rides in the URL, so a reload or a shared link still knows it. */
  bookEventFor: (eventId: string) => `/book-event?${queryParams.event}=${encodeURIComponent(eventId)}`,
  /** Change time from My bookings: the booking's free times open at once. */
  changeTimeFor: (eventId: string) => `/book-event?${new URLSearchParams({ [queryParams.event]: eventId, [queryParams.change]: '1' })}`,
  /** The slot choice with the place a waiting-list offer holds (the link its email carries). */
  bookEventOffer: (eventId: string, token: string) =>
    `/book-event?${new URLSearchParams({ [queryParams.event]: eventId, [queryParams.offer]: token })}`,
  checkNhsNumber: '/check-nhs-number',
  checkNhsNumberFor: (eventId: string) => `/check-nhs-number?${queryParams.event}=${encodeURIComponent(eventId)}`,
  checkout: '/checkout',
  /** The event, slot and saved consent ride in the URL, so a reload resumes the same hold. */
  checkoutFor: (eventId: string, slot: string, consentId: string) =>
    `/checkout?${new URLSearchParams({ [queryParams.event]: eventId, [queryParams.slot]: slot, [queryParams.consent]: consentId })}`,
  bookingSuccess: '/booking-success',
  bookingSuccessFor: (appointmentId: string) =>
    `/booking-success?${queryParams.appointment}=${encodeURIComponent(appointmentId)}`,
  testConsent: '/test-consent',
  myBookings: '/my-bookings',
  informationHub: '/information-hub',
  news: '/news',
  patientJourney: '/news/patient-journey',
  patientStory: (id: string) => `/news/patient-journey/${encodeURIComponent(id)}`,
  patientStoryPattern: '/news/patient-journey/:id',
  /** Any unknown path shows the not-found page; content pages send unknown ids here. */
  notFound: '/not-found',
  supportUs: '/support-us',
  research: '/about-us/research',
  informationArticle: (id: string) => `/information-hub/${encodeURIComponent(id)}`,
  informationArticlePattern: '/information-hub/:id',
  statistics: '/information-hub/statistics',
  elderlyPsaTesting: '/information-hub/elderly-psa-testing',
  corporateScreening: '/events/corporate-screening',
  communityScreening: '/events/community-screening',
  seminarTalks: '/events/seminar-talks',
  worldCancerDayPoster: '/world-cancer-day-poster',
  chapsScreeningEvent: '/chaps-screening-event',
  refundPolicy: '/refund-policy',
  privacyPolicy: '/privacy-policy',
  portal: '/portal',
  medicalResults: '/medical-results',
  resetPassword: '/reset-password',
  signup: '/signup',
  signupSuccess: '/signup-success',
  /** The details step of a signed-in member whose account has no profile yet. */
  completeProfile: '/complete-profile',
  /** The staff console (docs/decisions/0010-staff-console.md): its own lazy chunks, never in a member's first load. */
  staff: '/staff',
  staffNewEvent: '/staff/events/new',
  /** Emails and refunds the server could not do (docs/decisions/0013). */
  staffFailures: '/staff/failures',
  staffRegisterMember: '/staff/members/new',
  /** Staff accounts and their roles (docs/rules.md#staff-roles), for admins. */
  staffAccounts: '/staff/accounts',
  /** The year's screening figures and Publish (docs/decisions/0022-screening-statistics.md). */
  staffStatistics: '/staff/statistics',
  /** The versioned PSA bands and recall intervals (docs/rules.md#clinical-rules). */
  staffClinicalRules: '/staff/clinical-rules',
  staffEvent: (id: string) => `/staff/events/${encodeURIComponent(id)}`,
  staffEventPattern: '/staff/events/:id',
  staffEditEvent: (id: string) => `/staff/events/${encodeURIComponent(id)}/edit`,
  staffEditEventPattern: '/staff/events/:id/edit',
  /** Sample labels for the event's bookings, or for one booking (printed at the desk). */
  staffLabels: (id: string, appointmentId?: string) =>
    `/staff/events/${encodeURIComponent(id)}/labels${appointmentId ? `?appointment=${encodeURIComponent(appointmentId)}` : ''}`,
  staffLabelsPattern: '/staff/events/:id/labels',
  /** The laboratory's manifest of the event's samples. */
  staffManifest: (id: string) => `/staff/events/${encodeURIComponent(id)}/manifest`,
  staffManifestPattern: '/staff/events/:id/manifest',
  /** A walk-in registered and booked on the day, with his ticket (docs/rules.md#venue-registration). */
  staffWalkIn: (id: string) => `/staff/events/${encodeURIComponent(id)}/walk-in`,
  staffWalkInPattern: '/staff/events/:id/walk-in',
} as const;

/** In-page sections the menus scroll to (docs/rules.md#navigation). */
export const anchors = {
  about: 'about',
  ourTeam: 'our-team',
  ourSupporters: 'our-supporters',
  community: 'community',
  freemason: 'freemason',
  corporate: 'corporate',
  speaker: 'speaker',
  prostateCancer: 'prostate-cancer',
  mensHealth: 'mens-health',
  healthInWorkplace: 'health-in-workplace',
  education: 'education',
  resources: 'resources',
  latestNews: 'latest-news',
  newsletters: 'newsletters',
} as const;

export type Anchor = (typeof anchors)[keyof typeof anchors];

/** A route plus the section to scroll to once it has drawn: "/events#community". */
export function withAnchor(path: string, anchor: Anchor): string {
  return `${path}#${anchor}`;
}

/**
 * Link state that sets how long the scroll manager waits before scrolling
 * to a link's anchor, for links whose delay docs/rules.md#display-details fixes
 * apart from the menus' (the home ABOUT CHAPS READ MORE: 200 ms).
 */
export interface ScrollDelayState {
  scrollDelayMs: number;
}

export const scrollAfter = (ms: number): ScrollDelayState => ({ scrollDelayMs: ms });

export function scrollDelayOf(state: unknown): number | undefined {
  const ms = (state as Partial<ScrollDelayState> | null)?.scrollDelayMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}
