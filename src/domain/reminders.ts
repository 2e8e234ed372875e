/**
 * When the email the day before an appointment goes
 * (docs/decisions/0016-appointment-reminders.md): at REMINDER_TIME (UK
 * wall-clock, default 09:00) on the calendar day before the appointment's date,
 * in Europe/London whatever the server's zone, so a clock change between the
 * two days moves nothing.
 *
 * The sweep (server/modules/booking/reminders-service.ts) asks which event dates
 * are due at `now`: today's and tomorrow's London dates, each once its
 * reminder moment has passed. A date before today is never due (its
 * appointments are over); today's stays due until each appointment starts,
 * so a sweep missed while no process ran still reminds in time.
 */
import { addDays, londonDate, londonToInstant } from './london-time';

export const DEFAULT_REMINDER_TIME = '09:00';

/** The instant the reminder for an appointment on `eventDate` is due: `time` London, the day before. */
export function reminderMoment(eventDate: string, time: string = DEFAULT_REMINDER_TIME): Date {
  return londonToInstant(addDays(eventDate, -1), time);
}

export interface DueReminderDate {
  eventDate: string;
  /** Its reminder moment: a booking made after it gets none (its confirmation has just said it all). */
  remindFrom: Date;
}

/** The event dates whose reminders are due at `now` (at most today's and tomorrow's). */
export function dueReminderDates(now: Date, time: string = DEFAULT_REMINDER_TIME): DueReminderDate[] {
  const today = londonDate(now);
  return [today, addDays(today, 1)]
    .map((eventDate) => ({ eventDate, remindFrom: reminderMoment(eventDate, time) }))
    .filter(({ remindFrom }) => remindFrom.getTime() <= now.getTime());
}
