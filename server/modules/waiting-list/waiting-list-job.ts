/**
 * The waiting-list sweep as a scheduled job: every minute, once across
 * every process (pg-boss's schedule). It passes lapsed offers on and offers
 * places freed by anything that did not offer them itself (a checkout hold
 * that lapsed): server/modules/waiting-list/waiting-list-offers.ts.
 */
import type { Logger } from '../../platform/logger';
import type { WaitingListOffers } from './waiting-list-offers';
import type { JobHandler } from '../../platform/jobs/queue';

export function waitingListJob(offers: WaitingListOffers, logger: Logger): JobHandler<'waiting_list_offers'> {
  return async () => {
    const made = await offers.sweep();
    if (made) logger.info('Waiting-list offers made', { made });
  };
}
