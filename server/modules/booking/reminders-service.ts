/**
 * The reminder the day before each confirmed appointment
 * (docs/decisions/0016-appointment-reminders.md), found by a sweep rather than
 * scheduled at booking: the sweep reads each booking as it is when the reminder
 * is due, so a cancelled booking gets none and a moved one gets its new time,
 * with no job to find and take back on every cancellation, change of time or
 * event cancelled by staff, and a new REMINDER_TIME applies to every booking.
 *
 * One transaction per batch: the due bookings are locked (SKIP LOCKED, so
 * a second process's sweep, or a change of time under way, is passed by
 * and not waited on), marked reminded, and their emails are queued with
 * that same transaction, in one statement. A sweep takes batch after batch
 * until a batch comes back short, so a day of many events is reminded in
 * one sweep rather than a batch a minute. A booking is reminded once, whichever process
 * finds it; a rolled-back sweep marks and sends nothing. A member who
 * turned reminders off (his portal, or the email's one-click unsubscribe)
 * is passed by, and reminded again if he turns them back on in time.
 *
 * A reminder queued and then held up (the mail server refusing) is checked
 * again as it leaves (server/modules/members/email-reasons.ts): if the booking was
 * cancelled, moved or its reminders turned off meanwhile, it is dropped and
 * the booking unmarked, so the next sweep reminds him of the time he has
 * now, or of nothing.
 */
import { dueReminderDates } from '../../../src/domain/reminders';
import { londonDate, londonTime } from '../../../src/domain/london-time';
import type { Database } from '../../platform/db/adapter';
import { col, rowsOf } from '../../platform/db/rows';
import { APPOINTMENT_COLUMNS, APPOINTMENT_ROW, APPOINTMENTS_FROM, toAppointment } from './appointments-table';
import type { BookingMail } from './booking-mail';
import { wantsEmailSql, type UnsubscribeLinks } from '../members';

/** Bookings per batch (one transaction). */
const BATCH = 500;

/** A booking due its reminder, and whom to email (member_profiles' names are NOT NULL). */
const DUE_ROW = { ...APPOINTMENT_ROW, member_email: col.text(), member_first_name: col.text(), member_public_id: col.text() };

export interface RemindersService {
  /** Queues the reminders due now; resolves to how many. */
  sendDue(): Promise<number>;
}

export function createRemindersService(
  db: Database,
  now: () => Date,
  mail: BookingMail,
  reminderTime: string,
  unsubscribe?: UnsubscribeLinks,
  batchSize = BATCH,
): RemindersService {
  return {
    async sendDue() {
      const at = now();
      const due = dueReminderDates(at, reminderTime);
      if (due.length === 0) return 0;
      const today = londonDate(at);
      await unsubscribe?.prepare();
      await mail.prepare();
      const batch = () =>
        db.transaction(async (tx) => {
          // Booked before the date's reminder moment, not yet started (London wall-clock), event not cancelled.
          const rows = await rowsOf(
            tx,
            DUE_ROW,
            `SELECT ${APPOINTMENT_COLUMNS}, p.email AS member_email, p.first_name AS member_first_name,
                    p.public_id::text AS member_public_id
             FROM ${APPOINTMENTS_FROM} JOIN member_profiles p ON p.profile_id = a.profile_id
             JOIN unnest($1::date[], $2::timestamptz[]) AS d(event_date, remind_from) ON d.event_date = e.event_date
             WHERE a.status = 'confirmed' AND a.reminder_sent_at IS NULL AND e.cancelled_at IS NULL
               AND ${wantsEmailSql('reminders', 'a.profile_id')}
               AND a.created_at < d.remind_from
               AND (e.event_date > $3::date OR a.slot_start > $4::time)
             ORDER BY e.event_date, a.slot_start
             LIMIT ${batchSize}
             FOR UPDATE OF a SKIP LOCKED`,
            [due.map((d) => d.eventDate), due.map((d) => d.remindFrom), today, londonTime(at)],
          );
          if (rows.length === 0) return 0;
          await tx.query('UPDATE appointments SET reminder_sent_at = $2 WHERE appointment_id = ANY($1::uuid[])', [
            rows.map((row) => row.appointment_id),
            at,
          ]);
          const reminders = [];
          for (const row of rows) {
            const link = unsubscribe ? await unsubscribe.linkFor(row.member_public_id, 'reminders') : undefined;
            reminders.push({ appointment: toAppointment(row), member: { email: row.member_email, firstName: row.member_first_name }, ...(link ? { unsubscribe: link } : {}) });
          }
          await mail.reminders(tx, reminders);
          return rows.length;
        });
      let sent = 0;
      for (;;) {
        const n = await batch();
        sent += n;
        if (n < batchSize) return sent;
      }
    },
  };
}
