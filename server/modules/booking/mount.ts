/**
 * The booking module's mounts: consent (mounted before /api/medical, whose
 * paths it shares), then booking, cancelling and changing an appointment
 * at /api/appointments, and the day-before reminders job.
 */
import type { AppContext } from '../../platform/app-context';
import type { Env } from '../../platform/env';
import type { AuthModule } from '../auth';
import type { EventsModule } from '../events';
import type { MembersModule } from '../members';
import type { Payments } from '../payments';
import type { WaitingListModule } from '../waiting-list';
import { appointmentsRoutes } from './appointments-routes';
import { createAppointmentsService } from './appointments-service';
import type { BookingMail } from './booking-mail';
import { createBookingService } from './booking-service';
import { createChangeTimeService } from './change-time-service';
import { consentRoutes, testConsentRoutes } from './consent-routes';
import { createConsentService } from './consent-service';
import { remindersJob } from './reminders-job';
import { createRemindersService } from './reminders-service';

/** /api/medical/consent and the signed-link /api/medical/test-consent: before /api/medical. */
export function mountConsent({ app, db, now, logger, signer }: AppContext, auth: AuthModule): void {
  const consents = createConsentService(db, now);
  app.route('/api/medical/consent', consentRoutes(consents, auth.verifier, logger));
  app.route('/api/medical/test-consent', testConsentRoutes(consents, signer, now));
}

export interface BookingMountOptions {
  auth: AuthModule;
  events: EventsModule;
  members: MembersModule;
  waitingList: WaitingListModule;
  /** A cancelled paid booking's refund is queued here. */
  payments: Pick<Payments, 'queueRefund'>;
  mail: BookingMail;
}

export function mountBooking({ app, db, env, now, logger, jobs, signer }: AppContext<Pick<Env, 'reminderTime'>>, options: BookingMountOptions): void {
  const { auth, events, members, waitingList, payments, mail } = options;
  app.route(
    '/api/appointments',
    appointmentsRoutes(
      createBookingService(db, events.grants, now, mail),
      createAppointmentsService(db, now, mail, payments.queueRefund, waitingList.offers),
      auth.verifier,
      logger,
      now,
      { db, changeTime: createChangeTimeService(db, now, mail) },
      signer,
    ),
  );
  jobs.handle({ appointment_reminders: remindersJob(createRemindersService(db, now, mail, env.reminderTime, members.unsubscribeLinks), logger) });
}
