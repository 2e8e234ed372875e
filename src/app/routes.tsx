/**
 * The routes this release builds. Every page loads lazily, so first-load
 * JavaScript stays small; content pages live in their own chunks, and the
 * card checkout (the only page with PayPal's code) in its own.
 */
import { lazyWhenOnline } from '../lib/lazy-when-online';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './layout/layout';
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.login} element={<LoginPage />} />
        <Route path={paths.signup} element={<SignupPage />} />
        <Route path={paths.signupSuccess} element={<SignupSuccessPage />} />
        <Route path={paths.completeProfile} element={<CompleteProfilePage />} />
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={paths.portal} element={<PortalPage />} />
        <Route path={paths.medicalResults} element={<MedicalResultsPage />} />
        <Route path={paths.myBookings} element={<MyBookingsPage />} />
        <Route path={paths.checkNhsNumber} element={<CheckNhsNumberPage />} />
        <Route path={paths.bookEvent} element={<BookEventPage />} />
        <Route path={paths.checkout} element={<CheckoutPage />} />
        <Route path={paths.bookingSuccess} element={<BookingSuccessPage />} />
        <Route path={paths.testConsent} element={<TestConsentPage />} />
        <Route path={paths.bookEventMain} element={<BookEventMainPage />} />
        <Route path={paths.eventPattern} element={<EventPage />} />
        <Route path={paths.aboutUs} element={<AboutUsPage />} />
        <Route path={paths.news} element={<NewsPage />} />
        <Route path={paths.patientJourney} element={<PatientJourneyPage />} />
        <Route path={paths.patientStoryPattern} element={<PatientStoryPage />} />
        <Route path={paths.informationHub} element={<InformationHubPage />} />
        <Route path={paths.statistics} element={<StatisticsPage />} />
        <Route path={paths.elderlyPsaTesting} element={<ElderlyPsaTestingPage />} />
        <Route path={paths.informationArticlePattern} element={<ArticlePage />} />
        <Route path={paths.research} element={<ResearchPage />} />
        <Route path={paths.supportUs} element={<SupportUsPage />} />
        <Route path={paths.events} element={<EventsOverviewPage />} />
        <Route path={paths.corporateScreening} element={<CorporateScreeningPage />} />
        <Route path={paths.communityScreening} element={<CommunityScreeningPage />} />
        <Route path={paths.seminarTalks} element={<SeminarTalksPage />} />
        <Route path={paths.chapsScreeningEvent} element={<ChapsScreeningEventPage />} />
        <Route path={paths.refundPolicy} element={<RefundPolicyPage />} />
        <Route path={paths.privacyPolicy} element={<PrivacyPolicyPage />} />
        <Route path={paths.worldCancerDayPoster} element={<WorldCancerDayPosterPage />} />
        <Route path={paths.staff} element={<StaffEventsPage />} />
        <Route path={paths.staffFailures} element={<StaffFailuresPage />} />
        <Route path={paths.staffRegisterMember} element={<StaffRegisterMemberPage />} />
        <Route path={paths.staffStatistics} element={<StaffStatisticsPage />} />
        <Route path={paths.staffNewEvent} element={<StaffEventEditorPage />} />
        <Route path={paths.staffEventPattern} element={<StaffAttendeesPage />} />
        <Route path={paths.staffEditEventPattern} element={<StaffEventEditorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
