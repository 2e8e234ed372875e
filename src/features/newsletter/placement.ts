/**
 * Where the newsletter block shows and in which colours: on the content
 * pages, with its own colours on the corporate-screening, community-
 * screening and patient-journey pages (docs/rules.md#newsletter). Booking and
 * account pages keep to their task.
 */
import { paths } from '@/lib/paths';

export type NewsletterTone = 'standard' | 'corporate' | 'community' | 'patient-journey';

const CONTENT_PREFIXES = [
  paths.aboutUs,
  '/support-us',
  paths.events,
  paths.informationHub,
  paths.news,
  paths.chapsScreeningEvent,
  paths.refundPolicy,
  paths.privacyPolicy,
  '/world-cancer-day-poster',
];

const within = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);

export function newsletterTone(pathname: string): NewsletterTone | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (within(path, '/events/corporate-screening')) return 'corporate';
  if (within(path, '/events/community-screening')) return 'community';
  if (within(path, paths.patientJourney)) return 'patient-journey';
  if (path === paths.home || CONTENT_PREFIXES.some((prefix) => within(path, prefix))) return 'standard';
  return null;
}
