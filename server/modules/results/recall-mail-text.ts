/**
 * The words of the recall emails (docs/decisions/0020): the invitation four
 * weeks before the next test is due, its one follow-up, and the prompt to
 * see a GP after a red result. Each is optional (src/domain/email-choices.ts)
 * and ends with "Stop these emails" holding its one-click unsubscribe link.
 */
import { formatLongDate } from '../../../src/domain/format';
import { listingOfEvents } from '../../../src/domain/event-filters';
import { distanceText, type InvitedEvent } from '../../../src/domain/recall-invitations';
import { formatDueMonth } from '../../../src/domain/recall';
import type { MailContent, MailSection } from '../../platform/mail';
import { greeting, unsubscribeSection } from '../booking';

function eventSection(origin: string, { event, miles }: InvitedEvent): MailSection {
  const paragraphs = [
    `${formatLongDate(event.event_date)}, ${event.start_time} to ${event.end_time} (UK time)`,
    [event.address_line_1, event.address_line_2, event.city, event.postcode].filter(Boolean).join(', ') +
      (miles === null ? '' : ` (${distanceText(miles)})`),
  ];
  return {
    heading: event.event_name,
    paragraphs,
    // The text part prints no headings: the event's name leads its lines there.
    textParagraphs: [event.event_name, ...paragraphs],
    link: { text: `See ${event.event_name} and book`, href: `${origin}/event/${event.event_id}` },
  };
}

export interface RecallMailInput {
  firstName: string;
  /** The result's next_test_due (YYYY-MM-DD). */
  due: string;
  /** The event he was last tested at, when known. */
  lastPlace: string | null;
  /** How near an event must be to be listed; null when where he was tested is unknown (then any distance). */
  nearMiles: number | null;
  events: InvitedEvent[];
  origin: string;
  unsubscribeUrl: string;
}

export function recallInvitationContent(input: RecallMailInput, followUp: boolean): MailContent {
  const { events, origin } = input;
  const month = formatDueMonth(input.due);
  const near = input.lastPlace ? `nearest to ${input.lastPlace}, where you were last tested` : 'open for booking soonest';
  const where = input.lastPlace ? `${input.lastPlace}, where you were last tested` : 'where you were last tested';
  const noneNear =
    input.nearMiles === null
      ? 'No screening event is open for booking yet.'
      : `There is no screening event open for booking within ${input.nearMiles} miles of ${where}, yet.`;
  return {
    subject: followUp ? `A reminder: your next PSA test is due in ${month}` : `Your next PSA test is due in ${month}`,
    heading: followUp ? 'Your next PSA test is due' : 'Time to book your next PSA test',
    greeting: greeting(input.firstName),
    intro: [
      followUp
        ? `We wrote a month ago: your next PSA test is due in ${month}. Regular tests are how a rise in PSA is caught early, so please book a place.`
        : `Your next PSA test is due in ${month}. Regular tests are how a rise in PSA is caught early, so please book a place at one of our screening events.`,
      events.length > 0
        ? `These are the events ${near}, with places free today:`
        : `${noneNear} New events are added every month: see them all on our events page, or look again nearer the time.`,
    ],
    details: [],
    sections: [
      ...events.map((e) => eventSection(origin, e)),
      {
        heading: 'Book your place',
        paragraphs: [
          events.length > 0
            ? 'The link below shows these events on our site, with a map; choose BOOK on the one that suits you. You can also search every event by date or place.'
            : 'The link below lists every upcoming event; search by date or by place and choose BOOK on the one that suits you.',
        ],
        link: {
          text: events.length > 0 ? 'See these events and book' : 'See all upcoming events',
          href: `${origin}${events.length > 0 ? listingOfEvents(events.map((e) => e.event.event_id)) : '/book-event-main'}`,
        },
      },
      unsubscribeSection(
        followUp
          ? 'You get this because you asked for an invitation when your next PSA test is due. This is the last one for this test.'
          : 'You get this because you asked for an invitation when your next PSA test is due. If you do not book, we send one reminder in a month, then stop.',
        'Unsubscribe from recall invitations',
        input.unsubscribeUrl,
      ),
    ],
    closing: ['If you have booked already, thank you: there is nothing more to do.'],
  };
}

export interface GpPromptInput {
  firstName: string;
  sampleDate: string;
  origin: string;
  unsubscribeUrl: string;
}

export function gpPromptContent(input: GpPromptInput): MailContent {
  return {
    subject: 'Have you seen your GP about your PSA result?',
    heading: 'Have you seen your GP?',
    greeting: greeting(input.firstName),
    intro: [
      `Six weeks ago, on ${formatLongDate(input.sampleDate)}, your PSA test gave a result in the red band: significantly raised. We advised you to see your GP, and we are writing to ask whether you have.`,
    ],
    details: [],
    sections: [
      {
        heading: 'If you have not seen your GP yet',
        paragraphs: [
          'Please book an appointment with your GP practice now and take your result with you. A raised PSA does not mean you have cancer: many things raise it, and your GP can arrange the tests that tell.',
          'Your result and its date are in your portal under Medical results; print it or show it on your phone.',
        ],
        link: { text: 'Open your medical results', href: `${input.origin}/medical-results` },
      },
      {
        heading: 'If you have seen your GP',
        paragraphs: [
          'Thank you: keep to the follow-up your GP or hospital has arranged. Abnormal results are usually followed up within 6 months.',
          "If you are worried or have questions, Prostate Cancer UK's specialist nurses can help: call 0800 074 8383.",
        ],
      },
      unsubscribeSection(
        'You get this once, six weeks after a result in the red band.',
        'Unsubscribe from reminders to see your GP',
        input.unsubscribeUrl,
      ),
    ],
    closing: ['We send this only once for this result.'],
  };
}
