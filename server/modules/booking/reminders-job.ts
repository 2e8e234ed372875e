/**
 * The day-before reminders as a scheduled job: every minute, once across
 * every process (pg-boss's schedule); the sweep itself sends each reminder
 * once (server/modules/booking/reminders-service.ts).
 */
import type { Logger } from '../../platform/logger';
import type { RemindersService } from './reminders-service';
import type { JobHandler } from '../../platform/jobs/queue';

export function remindersJob(reminders: RemindersService, logger: Logger): JobHandler<'appointment_reminders'> {
  return async () => {
    const queued = await reminders.sendDue();
    if (queued) logger.info('Appointment reminders queued', { queued });
  };
}
