/**
 * The routes this release builds. Every page loads lazily, so first-load
 * JavaScript stays small; content pages live in their own chunks, and the
 * card checkout (the only page with PayPal's code) in its own.
 */
import type { ComponentType } from 'react';
import { lazyWhenOnline, type PreloadableComponent } from '../lib/lazy-when-online';
import { matchPath, Route, Routes } from 'react-router-dom';
import { Layout, preloadLayout } from './layout/layout';
import { NotFoundPage } from './pages/not-found-page';
import { paths } from '@/lib/paths';

const HomePage = lazyWhenOnline(() => import('./pages/home-page'));
const LoginPage = lazyWhenOnline(() => import('../features/account/pages/login-page'));
const SignupPage = lazyWhenOnline(() => import('../features/account/pages/signup-page'));
const SignupSuccessPage = lazyWhenOnline(() => import('../features/account/pages/signup-success-page'));
const CompleteProfilePage = lazyWhenOnline(() => import('../features/account/pages/complete-profile-page'));
const ResetPasswordPage = lazyWhenOnline(() => import('../features/account/pages/reset-password-page'));
const PortalPage = lazyWhenOnline(() => import('../features/account/pages/portal-page'));
const MedicalResultsPage = lazyWhenOnline(() => import('../features/account/pages/medical-results-page'));
const MyBookingsPage = lazyWhenOnline(() => import('../features/account/pages/my-bookings-page'));
const CheckNhsNumberPage = lazyWhenOnline(() => import('../features/account/pages/check-nhs-number-page'));
const BookEventPage = lazyWhenOnline(() => import('../features/booking/pages/book-event-page'));
const BookingSuccessPage = lazyWhenOnline(() => import('../features/booking/pages/booking-success-page'));
const CheckoutPage = lazyWhenOnline(() => import('../features/checkout/pages/checkout-page'));
const TestConsentPage = lazyWhenOnline(() => import('../features/booking/pages/test-consent-page'));
const BookEventMainPage = lazyWhenOnline(() => import('../features/events/pages/book-event-main-page'));
const EventPage = lazyWhenOnline(() => import('../features/events/pages/event-page'));
const AboutUsPage = lazyWhenOnline(() => import('./pages/about-us-page'));
// The staff console: its own chunks, never part of a member's first load.
const StaffEventsPage = lazyWhenOnline(() => import('../features/staff/pages/staff-events-page'));
const StaffFailuresPage = lazyWhenOnline(() => import('../features/staff/pages/staff-failures-page'));
const StaffRegisterMemberPage = lazyWhenOnline(() => import('../features/staff/pages/staff-register-member-page'));
const StaffEventEditorPage = lazyWhenOnline(() => import('../features/staff/pages/staff-event-editor-page'));
const StaffAttendeesPage = lazyWhenOnline(() => import('../features/staff/pages/staff-attendees-page'));
const StaffStatisticsPage = lazyWhenOnline(() => import('../features/staff/pages/staff-statistics-page'));
const StaffClinicalRulesPage = lazyWhenOnline(() => import('../features/staff/pages/staff-clinical-rules-page'));
const StaffLabelsPage = lazyWhenOnline(() => import('../features/staff/pages/staff-labels-page'));
const StaffManifestPage = lazyWhenOnline(() => import('../features/staff/pages/staff-manifest-page'));
const StaffAccountsPage = lazyWhenOnline(() => import('../features/staff/pages/staff-accounts-page'));
const StaffWalkInPage = lazyWhenOnline(() => import('../features/staff/pages/staff-walk-in-page'));
const NewsPage = lazyWhenOnline(() => import('../features/content/pages/news-page'));
const PatientJourneyPage = lazyWhenOnline(() => import('../features/content/pages/patient-journey-page'));
const PatientStoryPage = lazyWhenOnline(() => import('../features/content/pages/patient-story-page'));
const InformationHubPage = lazyWhenOnline(() => import('../features/content/pages/information-hub-page'));
const ArticlePage = lazyWhenOnline(() => import('../features/content/pages/article-page'));
const staticPage = (name: keyof typeof import('../features/content/pages/static-pages')) =>
  lazyWhenOnline(() => import('../features/content/pages/static-pages').then((m) => ({ default: m[name] })));
const eventsPage = (name: keyof typeof import('../features/content/pages/events-pages')) =>
  lazyWhenOnline(() => import('../features/content/pages/events-pages').then((m) => ({ default: m[name] })));
const RefundPolicyPage = staticPage('RefundPolicyPage');
const PrivacyPolicyPage = staticPage('PrivacyPolicyPage');
const ResearchPage = staticPage('ResearchPage');
const StatisticsPage = staticPage('StatisticsPage');
const ElderlyPsaTestingPage = staticPage('ElderlyPsaTestingPage');
const SupportUsPage = staticPage('SupportUsPage');
const WorldCancerDayPosterPage = staticPage('WorldCancerDayPosterPage');
const EventsOverviewPage = eventsPage('EventsOverviewPage');
const CorporateScreeningPage = eventsPage('CorporateScreeningPage');
const CommunityScreeningPage = eventsPage('CommunityScreeningPage');
const SeminarTalksPage = eventsPage('SeminarTalksPage');
const ChapsScreeningEventPage = eventsPage('ChapsScreeningEventPage');

export const PAGES: readonly (readonly [string, PreloadableComponent<ComponentType>])[] = [
  [paths.home, HomePage],
  [paths.login, LoginPage],
  [paths.signup, SignupPage],
  [paths.signupSuccess, SignupSuccessPage],
  [paths.completeProfile, CompleteProfilePage],
  [paths.resetPassword, ResetPasswordPage],
  [paths.portal, PortalPage],
  [paths.medicalResults, MedicalResultsPage],
  [paths.myBookings, MyBookingsPage],
  [paths.checkNhsNumber, CheckNhsNumberPage],
  [paths.bookEvent, BookEventPage],
  [paths.checkout, CheckoutPage],
  [paths.bookingSuccess, BookingSuccessPage],
  [paths.testConsent, TestConsentPage],
  [paths.bookEventMain, BookEventMainPage],
  [paths.eventPattern, EventPage],
  [paths.aboutUs, AboutUsPage],
  [paths.news, NewsPage],
  [paths.patientJourney, PatientJourneyPage],
  [paths.patientStoryPattern, PatientStoryPage],
  [paths.informationHub, InformationHubPage],
  [paths.statistics, StatisticsPage],
  [paths.elderlyPsaTesting, ElderlyPsaTestingPage],
  [paths.informationArticlePattern, ArticlePage],
  [paths.research, ResearchPage],
  [paths.supportUs, SupportUsPage],
  [paths.events, EventsOverviewPage],
  [paths.corporateScreening, CorporateScreeningPage],
  [paths.communityScreening, CommunityScreeningPage],
  [paths.seminarTalks, SeminarTalksPage],
  [paths.chapsScreeningEvent, ChapsScreeningEventPage],
  [paths.refundPolicy, RefundPolicyPage],
  [paths.privacyPolicy, PrivacyPolicyPage],
  [paths.worldCancerDayPoster, WorldCancerDayPosterPage],
  [paths.staff, StaffEventsPage],
  [paths.staffFailures, StaffFailuresPage],
  [paths.staffRegisterMember, StaffRegisterMemberPage],
  [paths.staffStatistics, StaffStatisticsPage],
  [paths.staffAccounts, StaffAccountsPage],
  [paths.staffClinicalRules, StaffClinicalRulesPage],
  [paths.staffNewEvent, StaffEventEditorPage],
  [paths.staffEventPattern, StaffAttendeesPage],
  [paths.staffEditEventPattern, StaffEventEditorPage],
  [paths.staffLabelsPattern, StaffLabelsPage],
  [paths.staffManifestPattern, StaffManifestPage],
  [paths.staffWalkInPattern, StaffWalkInPage],
];

/** Loads the code of the page at this address (and of every page's frame), so it can be drawn without suspending (ADR 0023). */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = PAGES.find(([path]) => matchPath(path, pathname))?.[1];
  return Promise.all([page?.preload(), preloadLayout()]);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        {PAGES.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
