/** The waiting list's mount: joining and leaving a full event's list, and the offers of freed places with their timed job. */
import type { AppContext } from '../../platform/app-context';
import type { Env } from '../../platform/env';
import type { AuthModule } from '../auth';
import type { EventsModule } from '../events';
import type { MembersModule } from '../members';
import { waitingListJob } from './waiting-list-job';
import { createWaitingListOffers, type WaitingListOffers } from './waiting-list-offers';
import { waitingListRoutes } from './waiting-list-routes';
import { createWaitingListService, type WaitingListService } from './waiting-list-service';

export interface WaitingListModule {
  /** Offers places freed at a full event to its list (a cancellation, staff adding places). */
  offers: WaitingListOffers;
  list: WaitingListService;
}

export function mountWaitingList(
  { app, db, env, now, logger, jobs, mailer, signer, emailOrigin }: AppContext<Pick<Env, 'waitlistOfferHours' | 'waitlistMorningHour'>>,
  { auth, events, members }: { auth: AuthModule; events: EventsModule; members: MembersModule },
): WaitingListModule {
  const offers = createWaitingListOffers({
    db,
    now,
    mailer,
    signer,
    unsubscribe: members.unsubscribeLinks,
    siteUrl: emailOrigin,
    offerHours: env.waitlistOfferHours,
    morningHour: env.waitlistMorningHour,
  });
  const list = createWaitingListService(db, now, events.grants, offers);
  app.route('/api/waiting-list', waitingListRoutes(list, auth.verifier));
  jobs.handle({ waiting_list_offers: waitingListJob(offers, logger) });
  return { offers, list };
}
