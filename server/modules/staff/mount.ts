/** The staff console's API at /api/staff: every route behind the staff role (staff-routes.ts lists them). */
import type { AppContext } from '../../platform/app-context';
import type { SiteOriginEnv } from '../../platform/http/site-origin';
import type { Env } from '../../platform/env';
import type { AuthModule } from '../auth';
import type { WaitingListModule } from '../waiting-list';
import { staffRoutes } from './staff-routes';

export function mountStaff(
  { app, db, env, now, logger, jobs, mailer, signer }: AppContext<SiteOriginEnv & Pick<Env, 'staffIdleMinutes'>>,
  { auth, waitingList }: { auth: AuthModule; waitingList: WaitingListModule },
): void {
  app.route(
    '/api/staff',
    staffRoutes({
      db,
      verify: auth.verifier,
      isStaff: auth.isStaff,
      activity: auth.staffActivity,
      idleMinutes: env.staffIdleMinutes,
      signer,
      mailer,
      site: env,
      jobs,
      registrar: auth.registrar,
      now,
      logger,
      waitingOffers: waitingList.offers,
      waitingList: waitingList.list,
    }),
  );
}
