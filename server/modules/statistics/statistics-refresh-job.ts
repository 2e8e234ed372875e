/**
 * The kept staff figures refreshed as a scheduled job: every minute, once
 * across every process (pg-boss's schedule), each year that staff have read
 * and that has changed since is computed again
 * (docs/decisions/0030-statistics-kept-between-changes.md), so a read after
 * a busy hour of results rarely waits for the computation itself.
 */
import type { JobHandler } from '../../platform/jobs/queue';
import type { Logger } from '../../platform/logger';
import type { KeptYearFigures } from './year-figures-kept';

export function statisticsRefreshJob(kept: KeptYearFigures, logger: Logger): JobHandler<'statistics_refresh'> {
  return async () => {
    const years = await kept.refresh();
    if (years.length > 0) logger.info('Staff statistics computed again', { years });
  };
}
