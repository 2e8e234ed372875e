/**
 * The email a member gets when the place held for him from a waiting list
 * passes on because he did not book it in time: what happened, where he
 * stands now (off the list, and the number he would be if he joined again,
 * or that the place is free to book, or that booking has closed), and a
 * link to the event's page. Queued in the transaction that marks his offer
 * lapsed, under the event's row lock, so it goes once however many
 * processes sweep. It is a waiting-list email: a member who turned those
 * off gets none. Its reason, read again as it leaves, is that the entry is
 * still lapsed (not joined again) and he still wants these emails.
 */
import { formatLongDate } from '../../../src/domain/format';
import type { ScreeningEvent } from '../../../src/domain/event';
import { standingText, type StandingAfterLapse } from '../../../src/domain/waiting-list';
import { londonDate, londonTime } from '../../../src/domain/london-time';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { mailHtml, mailText, type MailContent, type Mailer } from '../../platform/mail';
import { greeting, unsubscribeSection } from '../booking';
import { wantsEmailSql, type UnsubscribeLinks } from '../members';

export interface LapsedOffer {
  /** The waiting-list entry whose offer lapsed: the email's reason (server/modules/members/email-reasons.ts). */
  entryId: string;
  profileId: number;
  email: string;
  firstName: string;
  publicId: string;
  expiredAt: Date;
}

export function lapsedOfferContent(event: ScreeningEvent, lapsed: LapsedOffer, standing: StandingAfterLapse, eventUrl: string, unsubscribeUrl: string): MailContent {
  const until = `${londonTime(lapsed.expiredAt)} on ${formatLongDate(londonDate(lapsed.expiredAt))}`;
  return {
    subject: `The place held for you has passed on: ${event.event_name}`,
    heading: 'The place held for you has passed on',
    greeting: greeting(lapsed.firstName),
    intro: [
      `The place held for you at ${event.event_name} on ${formatLongDate(event.event_date)} was not booked by ${until} (UK time), so it is no longer held for you.`,
      standingText(standing),
    ],
    details: [],
    sections: [
      {
        heading: standing.kind === 'closed' ? 'The event' : 'If you still want a place',
        paragraphs: [
          standing.kind === 'closed'
            ? 'The event’s page has its details.'
            : standing.kind === 'free'
              ? 'Open the event’s page and choose BOOK EVENT.'
              : 'Open the event’s page and choose Join the waiting list. If a place frees, we will email you and hold it for you again.',
        ],
        link: { text: 'Open the event’s page', href: eventUrl },
      },
      unsubscribeSection('You get an email when a place frees at a full event whose waiting list you joined.', 'Unsubscribe from waiting-list offers', unsubscribeUrl),
    ],
    closing: [],
  };
}

/** wantsEmailSql is a COALESCE over a boolean column and a default: never NULL. */
const WANTS_ROW = { wants: col.bool() };

/** Queues the lapse email in `tx`, unless he has turned waiting-list emails off. */
export async function sendLapsedOffer(
  tx: Queryable,
  deps: { mailer: Mailer; unsubscribe: UnsubscribeLinks; origin: string },
  event: ScreeningEvent,
  lapsed: LapsedOffer,
  standing: StandingAfterLapse,
): Promise<void> {
  const choice = await rowOf(tx, WANTS_ROW, `SELECT ${wantsEmailSql('waiting_list', '$1::integer')} AS wants`, [lapsed.profileId]);
  if (choice?.wants === false) return;
  const stop = await deps.unsubscribe.linkFor(lapsed.publicId, 'waiting_list');
  const content = lapsedOfferContent(event, lapsed, standing, `${deps.origin}/event/${event.event_id}`, stop.url);
  await deps.mailer.send({ to: lapsed.email, subject: content.subject, text: mailText(content), html: mailHtml(content), headers: stop.headers }, tx, {
    kind: 'waiting_list_lapsed',
    // Dropped if, before it leaves, he has joined the list again or turned these emails off, or his account is gone.
    reason: { type: 'offer_lapsed', id: lapsed.entryId },
  });
}
