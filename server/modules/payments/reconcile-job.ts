/**
 * The payment reconciler as a scheduled job: once a minute across every
 * process (pg-boss's schedule), not once per process.
 */
import type { Logger } from '../../platform/logger';
import type { ReconcileReport } from './reconcile';
import type { JobHandler } from '../../platform/jobs/queue';

export function reconcileJob(reconcile: () => Promise<ReconcileReport>, logger: Logger): JobHandler<'reconcile_payments'> {
  return async () => {
    const report = await reconcile();
    if (report.settled || report.abandoned || report.refundsQueued || report.refunded || report.refundsFailed) logger.info('Payments reconciled', report);
  };
}
