/** The results module's mounts: the member's results at /api/medical, and the recall invitations job. */
import type { AppContext } from '../../platform/app-context';
import type { Env } from '../../platform/env';
import type { AuthModule } from '../auth';
import { createEventsService } from '../events';
import type { MembersModule } from '../members';
import { medicalRoutes } from './medical-routes';
import { recallEmailsJob } from './recall-emails-job';
import { createRecallEmailsService } from './recall-emails-service';

export function mountResults(
  { app, db, env, now, logger, jobs, mailer, emailOrigin }: AppContext<Pick<Env, 'recallNearMiles'>>,
  { auth, members }: { auth: AuthModule; members: MembersModule },
): void {
  app.route('/api/medical', medicalRoutes(db, auth.verifier, logger));
  // The events as they are now (no listing cache): an invitation lists only places free at its moment.
  const upcoming = () => createEventsService(db, now).list({});
  jobs.handle({
    recall_emails: recallEmailsJob(createRecallEmailsService(db, now, mailer, upcoming, emailOrigin, members.unsubscribeLinks, env.recallNearMiles), logger),
  });
}
