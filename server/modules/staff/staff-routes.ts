/**
 * /api/staff: the staff console's API (docs/decisions/0010-staff-console.md).
 * Every route is behind requireStaff (401 without a token, 403 for a member who
 * is not staff), then staffRoutePolicy: the roles each route opens to, in
 * one table (staff-route-policy.ts; a route missing from it is refused to
 * all); who acts comes from the token, never from the body.
 * - GET /me -> {email, role, assurance, idle_minutes} (staffMeSchema): whether the signed-in
 *   user may open the console, with which role, and whether he must give his second factor first
 * - GET /me/events -> {events}: the events he is assigned to today, as a
 *   volunteer
 * - /accounts, /events/:id/volunteers: staff roles and volunteers' events
 *   (staff-accounts.ts)
 * - /events/... : server/modules/events/staff-events-routes.ts,
 *   staff-attendees-routes.ts and staff-samples-routes.ts (labels, the
 *   lab's manifest)
 * - /jobs/... : staff-jobs-routes.ts, the emails and refunds that could not
 *   be done
 * - /payments: card payments needing a person
 *   (server/modules/payments/staff-payments-routes.ts)
 * - /members: registering a member at a venue (staff-members-routes.ts)
 * - /events/:id/walk-ins: a walk-in registered and booked on the day, with
 *   his ticket (staff-walk-ins-routes.ts)
 * - /statistics: the yearly screening figures and publishing them
 *   (server/modules/statistics/staff-statistics-routes.ts)
 * - /result-holds, /events/:id/result-holds, /events/:id/samples/:sampleId:
 *   results held for checking and the tube a sample id names
 *   (staff-result-holds-routes.ts)
 * - /clinical-rules: the versioned band thresholds and recall intervals
 *   (server/modules/results/staff-clinical-rules-routes.ts)
 */
import { Hono } from 'hono';
import { staffMeSchema, type StaffMe } from '../../../src/domain/staff-me';
import { needsSecondFactor } from '../../../src/domain/staff-roles';
import { staffWaitingListSchema, type StaffWaitingList } from '../../../src/domain/staff-waiting-list';
import { responds } from '../../platform/http/contract';
import type { MemberVerifier } from '../auth';
import type { StaffActivity, StaffCheck } from '../auth';
import type { VenueAccounts, VenueRegistrar } from '../auth';
import type { Database } from '../../platform/db/adapter';
import { requireStaff, type StaffVariables } from '../auth';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail';
import type { Jobs } from '../../platform/jobs/queue';
import { refundQueue } from '../payments';
import type { Signer } from '../../platform/signing';
import { createStaffAttendeesService } from './staff-attendees-service';
import type { WaitingListOffers } from '../waiting-list';
import type { WaitingListService } from '../waiting-list';
import { createBookingMail, createStaffConsentService, createWalkInService } from '../booking';
import { createStaffEventsService } from '../events';
import { createStaffMail } from './staff-mail';
import { createResultEntryService, createResultHoldsService, createResultsFileService } from '../results';
import { createFollowUpService } from '../results';
import { createClinicalRulesService, staffClinicalRulesRoutes } from '../results';
import { createScreeningStatsService } from '../statistics';
import type { SiteOriginEnv } from '../../platform/http/site-origin';
import { staffAttendeesRoutes } from './staff-attendees-routes';
import { createSampleLabelsService } from './sample-labels-service';
import { createRecordAccess } from './record-access';
import { staffSamplesRoutes } from './staff-samples-routes';
import { staffEventsRoutes } from '../events';
import { staffJobsRoutes } from './staff-jobs-routes';
import { staffResultHoldsRoutes } from './staff-result-holds-routes';
import { staffMembersRoutes } from './staff-members-routes';
import { staffWalkInsRoutes } from './staff-walk-ins-routes';
import { staffPaymentsRoutes } from '../payments';
import { staffStatisticsRoutes } from '../statistics';
import { staffEventsAnswerSchema } from '../../../src/domain/staff-event-answers';
import { londonDate } from '../../../src/domain/london-time';
import { createStaffAccounts, eventsAssignedOn, staffAccountsRoutes } from './staff-accounts';
import { staffRoutePolicy } from './staff-route-policy';

export interface StaffRoutesDeps {
  db: Database;
  verify: MemberVerifier;
  isStaff: StaffCheck;
  /** Refuses a staff session idle too long (docs/rules.md#staff-idle); absent, sessions never idle out. */
  activity?: StaffActivity;
  /** What /me tells the console of that idle time, in minutes. */
  idleMinutes: number;
  signer: Signer;
  mailer: Mailer;
  /** Where links in staff-made emails and consent links point (server/platform/http/site-origin.ts). */
  site: SiteOriginEnv;
  /** The job queue: refunds of a cancelled event's payments, and what staff see of failed jobs. */
  jobs: Jobs;
  /** Registers a member at a venue; null when a hosted project signs members in. */
  registrar: VenueRegistrar | null;
  /** The same accounts in parts, for a walk-in's account opened with his booking; null likewise. */
  venueAccounts?: VenueAccounts | null;
  now: () => Date;
  logger: Logger;
  /** Offers freed places to a waiting list (staff adding places); the list as staff see it. */
  waitingOffers?: Pick<WaitingListOffers, 'prepare' | 'offerFreedPlaces'>;
  waitingList?: Pick<WaitingListService, 'staffList'>;
}

export function staffRoutes({ db, verify, isStaff, activity, idleMinutes, signer, mailer, site, jobs, registrar, venueAccounts = null, now, logger, waitingOffers, waitingList }: StaffRoutesDeps): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();
  app.use(requireStaff(verify, isStaff, logger, activity));
  // The roles each route opens to (docs/rules.md#staff-roles): after the role is known, before any route.
  app.use(staffRoutePolicy(db, now, logger));
  const mail = createStaffMail(mailer);
  // Each staff read of a man's record is recorded, and shown to him (docs/rules.md#record-access).
  const looks = createRecordAccess(db, now);
  const staffEvents = createStaffEventsService(db, now, mail, refundQueue(jobs), waitingOffers);

  app.get('/me', responds(staffMeSchema), (c) =>
    c.json({
      email: c.get('member').email,
      role: c.get('staffRole'),
      // docs/rules.md#second-factor: the console asks for the code while these differ.
      assurance: { required: needsSecondFactor(c.get('staffRole')) ? 'aal2' : 'aal1', current: c.get('member').aal },
      idle_minutes: idleMinutes,
    } satisfies StaffMe),
  );
  app.get('/me/events', responds(staffEventsAnswerSchema), async (c) => {
    const mine = await eventsAssignedOn(db, c.get('member').userId, londonDate(now()));
    return c.json({ events: await staffEvents.byIds([...mine]) });
  });
  // Roles and volunteers' events live with the stand-in's accounts; a hosted project (no registrar) keeps its own.
  app.route('/', staffAccountsRoutes(registrar ? createStaffAccounts(db, now) : null));
  app.route('/events', staffEventsRoutes(staffEvents));
  // The event's waiting list and its offers (docs/decisions/0019).
  if (waitingList) {
    app.get('/events/:id/waiting-list', responds(staffWaitingListSchema), async (c) =>
      c.json({ entries: await waitingList.staffList(c.req.param('id')) } satisfies StaffWaitingList),
    );
  }
  app.route('/jobs', staffJobsRoutes(jobs, db, logger, now));
  app.route(
    '/events',
    staffAttendeesRoutes({
      attendees: createStaffAttendeesService(db, now),
      results: createResultEntryService(db, now),
      resultsFile: createResultsFileService(db, now),
      followUps: createFollowUpService(db, now),
      consents: createStaffConsentService(db, signer, now),
      mail,
      site,
      signer,
      looks,
    }),
  );
  // Results held for checking, and the booking a tube's sample id names.
  app.route('/', staffResultHoldsRoutes({ resultHolds: createResultHoldsService(db, now), mail, site, looks }));
  app.route('/events', staffSamplesRoutes(createSampleLabelsService(db, now), looks));
  app.route('/payments', staffPaymentsRoutes(db));
  app.route('/members', staffMembersRoutes(registrar, site));
  // A walk-in's confirmation carries his ticket, as every booking's does (server/modules/booking/booking-mail.ts).
  const bookingMail = createBookingMail(mailer, signer, site.siteUrl);
  app.route('/events', staffWalkInsRoutes(createWalkInService({ db, now, mail: bookingMail, signer, accounts: venueAccounts }), site));
  app.route('/statistics', staffStatisticsRoutes(createScreeningStatsService(db, now), now));
  app.route('/clinical-rules', staffClinicalRulesRoutes(createClinicalRulesService(db, now)));
  return app;
}
