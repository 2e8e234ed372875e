/**
 * Offering freed places to a full event's waiting list
 * (docs/decisions/0019-waiting-list.md). `offerFreedPlaces` runs in the
 * transaction that frees a place (a member cancelling, a member leaving the
 * list with an offer, staff changing the places), under the event's row lock,
 * so the freed place is never seen free by anyone else: it commits already held
 * for the first member waiting. The once-a-minute sweep (and /dev/clock) runs
 * the same step for every event with a list, taking each event's lock with SKIP
 * LOCKED, so lapsed offers and lapsed checkout holds pass on within a minute,
 * across any number of processes, and a killed process loses nothing: the state
 * is all in rows.
 *
 * One step, under the lock: offers whose time ran out are marked lapsed
 * (their place stops being held), then while the event has a place to book
 * (bookings, live checkout holds and held offers counted) and the cut-off
 * has not come, the first member waiting who wants waiting-list emails
 * gets the place held in the earliest open slot, and his email is queued
 * with the same transaction. A member who turned the emails off is passed
 * by and stays on the list.
 */
import { formatLongDate, formatPence } from '../../../src/domain/format';
import { eventPricePence, type ScreeningEvent } from '../../../src/domain/event';
import { londonDate, londonTime } from '../../../src/domain/london-time';
import { bookablePlaces } from '../../../src/domain/slots';
import { offerExpiry, pastCutoff, slotForOffer, type StandingAfterLapse } from '../../../src/domain/waiting-list';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { EVENT_ROW, eventColumns, placesTaken, toScreeningEvent } from '../events';
import { mailHtml, mailText, type MailContent, type Mailer } from '../../platform/mail';
import { greeting, unsubscribeSection } from '../booking';
import { wantsEmailSql, type UnsubscribeLinks } from '../members';
import { sendLapsedOffer, type LapsedOffer } from './waiting-list-lapse-mail';
import type { Signer } from '../../platform/signing';

/** Events read per page of a sweep, which goes on page after page until every event with a list is seen. */
const SWEEP_EVENTS = 200;

export interface WaitingListOffers {
  /** Loads the signing secret: call before a transaction that may make offers (PGlite has one connection). */
  prepare(): Promise<void>;
  /** Inside a transaction that freed places: takes the event's row lock and offers them; resolves to how many. */
  offerFreedPlaces(tx: Queryable, eventId: string, at: Date): Promise<number>;
  /** The periodic sweep over every event with a list; resolves to the offers made. */
  sweep(): Promise<number>;
  /** The signed link's token for one offer. */
  token(entryId: string, offerNumber: number): Promise<string>;
  /** The entry and offer a token names, or null when it is altered or malformed. */
  checkToken(token: string): Promise<{ entryId: string; offerNumber: number } | null>;
}

export interface WaitingListOffersDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  signer: Signer;
  unsubscribe: UnsubscribeLinks;
  /** Where the emailed link points (SITE_URL; in development this server). */
  siteUrl: string;
  offerHours: number;
  /** A held place never runs out before this UK hour of a morning (WAITLIST_MORNING_HOUR). */
  morningHour: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const SLOT_TAKEN_ROW = { slot: col.text(), n: col.int() };
const COUNT_ROW = { n: col.int() };
/** An offer marked lapsed, and whom to tell (member_profiles' names are NOT NULL; the expiry is set on every offer). */
const LAPSED_ROW = { entry_id: col.text(), profile_id: col.int(), email: col.text(), first_name: col.text(), public_id: col.text(), expired: col.instant() };
const NEXT_WAITING_ROW = { entry_id: col.text(), email: col.text(), first_name: col.text(), public_id: col.text() };
const OFFER_NUMBER_ROW = { offer_number: col.int() };
const EVENT_PAGE_ROW = { event_id: col.text(), event_date: col.text() };

/** Places taken at `at` per slot (HH:mm) of one event: bookings, live holds and held offers. */
export async function takenBySlot(q: Queryable, eventId: string, at: Date, exceptProfile: number | null = null): Promise<Record<string, number>> {
  const rows = await rowsOf(
    q,
    SLOT_TAKEN_ROW,
    `SELECT to_char(t.slot_start, 'HH24:MI') AS slot, count(*)::integer AS n FROM ${placesTaken('$2', '$3::integer')} t
     WHERE t.event_id = $1::uuid GROUP BY t.slot_start`,
    [eventId, at, exceptProfile],
  );
  return Object.fromEntries(rows.map((r) => [r.slot, r.n]));
}

/** Where a member whose offer lapsed stands at `at`: booking closed, a place free to book, or how many wait ahead of a rejoin. */
export async function standingAfterLapse(q: Queryable, event: ScreeningEvent, at: Date): Promise<StandingAfterLapse> {
  if (pastCutoff(event, at)) return { kind: 'closed' };
  if (bookablePlaces(event, await takenBySlot(q, event.event_id, at), at) > 0) return { kind: 'free' };
  const row = await rowOf(q, COUNT_ROW, `SELECT count(*)::integer AS n FROM waiting_list WHERE event_id = $1::uuid AND status = 'waiting'`, [
    event.event_id,
  ]);
  return { kind: 'waiting', waiting: row?.n ?? 0 };
}

interface Offered {
  entryId: string;
  offerNumber: number;
  email: string;
  firstName: string;
  publicId: string;
  slot: string;
  expiresAt: Date;
}

export function offerContent(event: ScreeningEvent, offer: Offered, link: string, unsubscribeUrl: string): MailContent {
  const until = `${londonTime(offer.expiresAt)} on ${formatLongDate(londonDate(offer.expiresAt))}`;
  const price = eventPricePence(event);
  return {
    subject: `A place is free for you: ${event.event_name}`,
    heading: 'A place is held for you',
    greeting: greeting(offer.firstName),
    intro: [
      `A place has come free at ${event.event_name}, whose waiting list you joined. It is held for you until ${until} (UK time): no one else can take it before then.`,
    ],
    details: [
      { label: 'Event', value: event.event_name },
      { label: 'Date', value: formatLongDate(event.event_date) },
      { label: 'Time held for you', value: `${offer.slot} (UK time); you can choose another time if one is free` },
      { label: 'Address', value: [event.address_line_1, event.address_line_2, event.city, event.postcode].filter(Boolean).join(', ') },
      ...(event.payment_required && price > 0 ? [{ label: 'Price', value: `${formatPence(price)}, paid by card when you book` }] : []),
    ],
    sections: [
      {
        heading: 'Book your place',
        paragraphs: ['The link below opens the booking page with this place. Sign in if you are asked to.'],
        link: { text: 'Book the place held for you', href: link },
      },
      {
        heading: 'If you do not want it',
        paragraphs: [`Do nothing: at ${until} the place goes to the next man waiting. You can also leave the waiting list on the event's page.`],
      },
      unsubscribeSection('You get an email when a place frees at a full event whose waiting list you joined.', 'Unsubscribe from waiting-list offers', unsubscribeUrl),
    ],
    closing: [],
  };
}

export function createWaitingListOffers({ db, now, mailer, signer, unsubscribe, siteUrl, offerHours, morningHour }: WaitingListOffersDeps): WaitingListOffers {
  const origin = siteUrl.replace(/\/+$/, '');

  async function token(entryId: string, offerNumber: number) {
    const data = `${entryId}.${offerNumber}`;
    return `${data}.${await signer.sign('waiting-list-offer', data)}`;
  }

  async function send(tx: Queryable, event: ScreeningEvent, offer: Offered) {
    const link = `${origin}/book-event?event=${event.event_id}&offer=${encodeURIComponent(await token(offer.entryId, offer.offerNumber))}`;
    const stop = await unsubscribe.linkFor(offer.publicId, 'waiting_list');
    const content = offerContent(event, offer, link, stop.url);
    await mailer.send({ to: offer.email, subject: content.subject, text: mailText(content), html: mailHtml(content), headers: stop.headers }, tx, {
      kind: 'waiting_list_offer',
      // Sent only while the place is still held for him: a lapsed or taken offer's email is dropped.
      reason: { type: 'offer_held', id: offer.entryId, offer: offer.offerNumber },
    });
  }

  /** The step, on an event whose row lock `tx` holds. */
  async function offerLocked(tx: Queryable, eventId: string, at: Date): Promise<number> {
    // Marked once, under the lock: however many processes sweep, each lapsed offer is told once.
    const lapsed = await rowsOf(
      tx,
      LAPSED_ROW,
      `UPDATE waiting_list w SET status = 'lapsed', ended_at = w.offer_expires_at
       FROM member_profiles p
       WHERE p.profile_id = w.profile_id AND w.event_id = $1::uuid AND w.status = 'offered' AND w.offer_expires_at <= $2
       RETURNING w.entry_id::text AS entry_id, w.profile_id, p.email, p.first_name, p.public_id::text AS public_id, w.offer_expires_at AS expired`,
      [eventId, at],
    );
    // Read after the lock (READ COMMITTED: a new snapshot), so every place freed or taken before is counted.
    const row = await rowOf(tx, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL`, [eventId, at]);
    if (!row) return 0;
    const event = toScreeningEvent(row);
    const made = pastCutoff(event, at) ? 0 : await offerPlaces(tx, event, at);
    if (lapsed.length > 0) {
      // Where each stands once the places have passed on: counted after this step's offers.
      const fresh = await rowOf(tx, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [eventId, at]);
      const standing = await standingAfterLapse(tx, toScreeningEvent(fresh!), at);
      for (const r of lapsed) {
        const offer: LapsedOffer = { entryId: r.entry_id, profileId: r.profile_id, email: r.email, firstName: r.first_name, publicId: r.public_id, expiredAt: r.expired };
        await sendLapsedOffer(tx, { mailer, unsubscribe, origin }, event, offer, standing);
      }
    }
    return made;
  }

  /** While the event has a place to book, holds one for the first member waiting who wants the emails. */
  async function offerPlaces(tx: Queryable, event: ScreeningEvent, at: Date): Promise<number> {
    const eventId = event.event_id;
    const taken = await takenBySlot(tx, eventId, at);
    let booked = event.booked_spaces;
    let made = 0;
    for (;;) {
      if (bookablePlaces({ ...event, booked_spaces: booked }, taken, at) <= 0) break;
      const slot = slotForOffer(event, taken, at);
      const expiresAt = slot ? offerExpiry(event, slot, at, offerHours, morningHour) : null;
      if (!slot || !expiresAt) break;
      const next = await rowOf(
        tx,
        NEXT_WAITING_ROW,
        `SELECT w.entry_id::text AS entry_id, p.email, p.first_name, p.public_id::text AS public_id
         FROM waiting_list w JOIN member_profiles p ON p.profile_id = w.profile_id
         WHERE w.event_id = $1::uuid AND w.status = 'waiting' AND ${wantsEmailSql('waiting_list', 'w.profile_id')}
           AND NOT EXISTS (SELECT 1 FROM appointments a WHERE a.event_id = w.event_id AND a.profile_id = w.profile_id
             AND (a.status = 'confirmed' OR (a.status = 'held' AND a.hold_expires_at > $2::timestamptz)))
         ORDER BY w.joined_at, w.entry_id LIMIT 1
         FOR UPDATE OF w`,
        [eventId, at],
      );
      if (!next) break;
      const updated = await rowOf(
        tx,
        OFFER_NUMBER_ROW,
        `UPDATE waiting_list SET status = 'offered', offer_slot = $2::time, offered_at = $3, offer_expires_at = $4,
           offer_number = offer_number + 1
         WHERE entry_id = $1::uuid RETURNING offer_number`,
        [next.entry_id, slot, at, expiresAt],
      );
      if (!updated) throw new Error(`Waiting-list entry ${next.entry_id} could not be offered`);
      await send(tx, event, {
        entryId: next.entry_id,
        offerNumber: updated.offer_number,
        email: next.email,
        firstName: next.first_name,
        publicId: next.public_id,
        slot,
        expiresAt,
      });
      taken[slot] = (taken[slot] ?? 0) + 1;
      booked += 1;
      made += 1;
    }
    return made;
  }

  async function prepare() {
    await signer.sign('waiting-list-offer', '');
    await unsubscribe.prepare();
  }

  return {
    prepare,
    token,

    async offerFreedPlaces(tx, eventId, at) {
      const locked = await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid FOR UPDATE', [eventId]);
      return locked.length === 0 ? 0 : offerLocked(tx, eventId, at);
    },

    async sweep() {
      const at = now();
      await prepare();
      const page = (after: { date: string; id: string } | null) =>
        rowsOf(
          db,
          EVENT_PAGE_ROW,
          // Soonest events first, so the places that matter soonest are offered first.
          `SELECT w.event_id::text AS event_id, to_char(e.event_date, 'YYYY-MM-DD') AS event_date FROM waiting_list w JOIN events e ON e.event_id = w.event_id
           WHERE w.status IN ('waiting', 'offered') AND e.cancelled_at IS NULL AND e.event_date >= $1::date
             AND ($2::date IS NULL OR (e.event_date, w.event_id) > ($2::date, $3::uuid))
           GROUP BY w.event_id, e.event_date ORDER BY e.event_date, w.event_id
           LIMIT ${SWEEP_EVENTS}`,
          [londonDate(at), after?.date ?? null, after?.id ?? null],
        );
      let made = 0;
      for (let events = await page(null); events.length > 0; ) {
        for (const { event_id: eventId } of events) {
          made += await db.transaction(async (tx) => {
            // An event being booked or swept by another process is passed by: the next sweep comes in a minute.
            const locked = await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid FOR UPDATE SKIP LOCKED', [eventId]);
            return locked.length === 0 ? 0 : offerLocked(tx, eventId, at);
          });
        }
        const last = events[events.length - 1]!;
        events = events.length < SWEEP_EVENTS ? [] : await page({ date: last.event_date, id: last.event_id });
      }
      return made;
    },

    async checkToken(value) {
      if (value.length > 200) return null;
      const [entryId, number, signature, ...rest] = value.split('.');
      if (rest.length > 0 || !entryId || !UUID.test(entryId) || !number || !/^[1-9]\d{0,5}$/.test(number) || !signature) return null;
      return (await signer.verify('waiting-list-offer', `${entryId}.${number}`, signature)) ? { entryId, offerNumber: Number(number) } : null;
    },
  };
}
