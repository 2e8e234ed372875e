/**
 * The recall emails as a scheduled job: every minute, once across every
 * process (pg-boss's schedule); the sweep itself sends each email once
 * (server/modules/results/recall-emails-service.ts, docs/decisions/0020).
 */
import type { Logger } from '../../platform/logger';
import type { RecallEmailsService } from './recall-emails-service';
import type { JobHandler } from '../../platform/jobs/queue';

export function recallEmailsJob(recall: RecallEmailsService, logger: Logger): JobHandler<'recall_emails'> {
  return async () => {
    const queued = await recall.sendDue();
    if (queued.invitations || queued.followUps || queued.gpPrompts) logger.info('Recall emails queued', { ...queued });
  };
}
