/**
 * A member's place on a full event's waiting list, and the list as staff
 * see it (docs/decisions/0019-waiting-list.md). Who is acting always comes from
 * the session: no entry id is ever taken from the client, so a member can
 * join, read and leave only his own entry. Joining and leaving take the
 * event's row lock, as bookings and offers do, so "is it full?" and the
 * list's order are decided against one state; leaving with an offer passes
 * its place on in the same transaction.
 */
import { bookablePlaces, availableSlots } from '../../../src/domain/slots';
import { hasEnded } from '../../../src/domain/event-card';
import { londonDate } from '../../../src/domain/london-time';
import type { WaitingOffer } from '../../../src/domain/waiting-list-answers';
import { mayJoin, pastCutoff, type MyWaitingList, type MyWaitingPlace, type StaffWaitingEntry, WAITING_ENTRY_STATUSES } from '../../../src/domain/waiting-list';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { EVENT_ROW, eventColumns, toScreeningEvent } from '../events';
import { ApiError } from '../../platform/http/errors';
import type { AccessGrants } from '../events';
import { holdProfile, profileRequired } from '../booking';
import { wantsEmailSql } from '../members';
import { isEventId } from '../events';
import { standingAfterLapse, takenBySlot, type WaitingListOffers } from './waiting-list-offers';

export interface WaitingListService {
  mine(userId: string, eventId: string): Promise<MyWaitingPlace>;
  /** Every list he is on (waiting or holding an offer) for events not yet over, soonest first. */
  lists(userId: string): Promise<MyWaitingList[]>;
  join(userId: string, eventId: string, accessGrant: string | undefined): Promise<MyWaitingPlace>;
  leave(userId: string, eventId: string): Promise<MyWaitingPlace>;
  /** The offer a signed link names, for the signed-in member it was made to: the slots he may book with it. */
  offer(userId: string, token: string): Promise<WaitingOffer>;
  staffList(eventId: string): Promise<StaffWaitingEntry[]>;
}

const refused = (status: 400 | 403 | 404 | 409 | 410 | 422, code: string, message: string) => new ApiError(status, code, message);
const notFound = () => refused(404, 'event_not_found', 'This event could not be found.');

const PROFILE_ROW = { profile_id: col.int() };
/** His live entry: its offer's slot and expiry are NULL while he waits; his position is a count(*)::integer. */
const PLACE_ROW = {
  entry_id: col.text(),
  offer_number: col.int(),
  status: col.text(),
  slot: col.nullable(col.text()),
  expires: col.nullable(col.instant()),
  position: col.int(),
};
/** wantsEmailSql is a COALESCE over a boolean column and a default: never NULL. */
const WANTS_ROW = { wants: col.bool() };
const LAST_ENTRY_ROW = { status: col.text(), expired: col.nullable(col.instant()) };
const LEFT_ROW = { was: col.text() };
const OFFERED_ENTRY_ROW = {
  user_id: col.text(),
  profile_id: col.int(),
  event_id: col.text(),
  status: col.text(),
  offer_number: col.int(),
  slot: col.nullable(col.text()),
  expires: col.nullable(col.instant()),
};
/** An entry as staff see it; position (a row_number) is NULL for an entry not waiting. */
const STAFF_ENTRY_ROW = {
  entry_id: col.text(),
  name: col.text(),
  email: col.text(),
  status: col.oneOf(WAITING_ENTRY_STATUSES),
  joined: col.instant(),
  offer_slot: col.nullable(col.text()),
  offered: col.nullable(col.instant()),
  expires: col.nullable(col.instant()),
  position: col.nullable(col.int()),
};

async function profileOf(q: Queryable, userId: string): Promise<number> {
  const row = await rowOf(q, PROFILE_ROW, 'SELECT profile_id FROM member_profiles WHERE user_id = $1::uuid', [userId]);
  if (!row) throw profileRequired();
  return row.profile_id;
}

/** His waiting or offered entry's place at `at`: position among those waiting, or the offer held for him. */
async function placeOf(q: Queryable, eventId: string, profileId: number, at: Date, offers: WaitingListOffers): Promise<MyWaitingPlace> {
  const row = await rowOf(
    q,
    PLACE_ROW,
    `SELECT w.entry_id::text AS entry_id, w.offer_number, w.status, to_char(w.offer_slot, 'HH24:MI') AS slot, w.offer_expires_at AS expires,
       (SELECT count(*) FROM waiting_list o WHERE o.event_id = w.event_id AND o.status = 'waiting'
          AND (o.joined_at, o.entry_id) <= (w.joined_at, w.entry_id))::integer AS position
     FROM waiting_list w WHERE w.event_id = $1::uuid AND w.profile_id = $2 AND w.status IN ('waiting', 'offered')`,
    [eventId, profileId],
  );
  if (!row) {
    // Not on the list: say so, and whether he already holds a place (a full event he booked still offers others the list).
    const booked = await q.query(
      `SELECT 1 FROM appointments WHERE event_id = $1::uuid AND profile_id = $2
         AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > $3))`,
      [eventId, profileId, at],
    );
    if (booked.length > 0) return { joined: false, position: null, offer: null, booked: true };
    return { joined: false, position: null, offer: null, ...(await lapsedOf(q, eventId, profileId, at)) };
  }
  if (row.status === 'offered' && row.slot !== null && row.expires && row.expires.getTime() > at.getTime()) {
    const token = await offers.token(row.entry_id, row.offer_number);
    return { joined: true, position: null, offer: { slot: row.slot, expires_at: row.expires.toISOString(), token } };
  }
  // An offer whose time is up and not yet passed on is no longer his to take.
  const place: MyWaitingPlace = { joined: true, position: row.status === 'waiting' ? row.position : null, offer: null };
  // Offers go by email only (docs/decisions/0019): with them turned off he is passed by, and is told so.
  const choice = await rowOf(q, WANTS_ROW, `SELECT ${wantsEmailSql('waiting_list', '$1::integer')} AS wants`, [profileId]);
  return choice?.wants === false ? { ...place, emails_off: true } : place;
}

/** When his latest entry on the list is an offer that passed on unbooked: when it ended, and where that leaves him now. */
async function lapsedOf(q: Queryable, eventId: string, profileId: number, at: Date): Promise<Pick<MyWaitingPlace, 'lapsed'>> {
  const last = await rowOf(
    q,
    LAST_ENTRY_ROW,
    `SELECT status, offer_expires_at AS expired FROM waiting_list WHERE event_id = $1::uuid AND profile_id = $2
     ORDER BY joined_at DESC, entry_id DESC LIMIT 1`,
    [eventId, profileId],
  );
  if (last?.status !== 'lapsed' || !last.expired) return {};
  const row = await rowOf(q, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL`, [eventId, at]);
  if (!row) return {};
  return { lapsed: { expired_at: last.expired.toISOString(), standing: await standingAfterLapse(q, toScreeningEvent(row), at) } };
}

export function createWaitingListService(db: Database, now: () => Date, grants: AccessGrants, offers: WaitingListOffers): WaitingListService {
  return {
    async mine(userId, eventId) {
      if (!isEventId(eventId)) throw notFound();
      return placeOf(db, eventId, await profileOf(db, userId), now(), offers);
    },

    async lists(userId) {
      const at = now();
      const profileId = await profileOf(db, userId);
      const rows = await rowsOf(
        db,
        EVENT_ROW,
        `SELECT ${eventColumns('$3')} FROM events
         WHERE cancelled_at IS NULL AND event_date >= $2::date
           AND event_id IN (SELECT event_id FROM waiting_list WHERE profile_id = $1 AND status IN ('waiting', 'offered'))
         ORDER BY event_date, start_time, event_id`,
        [profileId, londonDate(at), at],
      );
      const lists: MyWaitingList[] = [];
      for (const row of rows) {
        const event = toScreeningEvent(row);
        if (hasEnded(event, at)) continue;
        const { event_id, event_name, event_date, start_time, end_time, city } = event;
        lists.push({ event: { event_id, event_name, event_date, start_time, end_time, city }, place: await placeOf(db, event_id, profileId, at, offers) });
      }
      return lists;
    },

    async join(userId, eventId, accessGrant) {
      if (!isEventId(eventId)) throw notFound();
      const profileId = await profileOf(db, userId);
      const granted = await grants.isValid(accessGrant, eventId);
      await offers.prepare();
      return db.transaction(async (tx) => {
        // A parallel "Delete my account" waits for this entry (then purges it), or has taken the profile (401, not a 500).
        await holdProfile(tx, profileId);
        const locked = await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL FOR UPDATE', [eventId]);
        if (locked.length === 0) throw notFound();
        // His join time is read once he holds the event's lock, so the list's order is the order the joins commit in.
        const at = now();
        const row = await rowOf(tx, EVENT_ROW, `SELECT ${eventColumns('$2')} FROM events WHERE event_id = $1::uuid`, [eventId, at]);
        const event = toScreeningEvent(row!);
        if (event.is_private && !granted) throw refused(403, 'access_code_required', 'Enter the event\u2019s access code first.');
        const places_left = bookablePlaces(event, await takenBySlot(tx, eventId, at), at);
        if (pastCutoff(event, at)) throw refused(422, 'booking_closed', 'Booking for this event has closed, so its waiting list is closed too.');
        if (!mayJoin({ ...event, places_left }, at)) throw refused(409, 'places_left', 'This event still has places: book one instead.');
        const booked = await tx.query(
          `SELECT 1 FROM appointments WHERE event_id = $1::uuid AND profile_id = $2
             AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > $3))`,
          [eventId, profileId, at],
        );
        if (booked.length > 0) throw refused(409, 'already_booked', 'You are already booked for this event.');
        // Strictly after everyone who joined before him (a clock read in the same millisecond, or a clock set back, ties no one).
        const added = await tx.query(
          `INSERT INTO waiting_list (event_id, profile_id, user_id, status, joined_at)
           SELECT $1::uuid, $2::integer, $3::uuid, 'waiting', GREATEST($4::timestamptz, max(joined_at) + interval '1 microsecond')
           FROM waiting_list WHERE event_id = $1::uuid
           ON CONFLICT (event_id, profile_id) WHERE status IN ('waiting', 'offered') DO NOTHING RETURNING entry_id`,
          [eventId, profileId, userId, at],
        );
        if (added.length === 0) throw refused(409, 'already_waiting', 'You are already on this event\u2019s waiting list.');
        return placeOf(tx, eventId, profileId, at, offers);
      });
    },

    async leave(userId, eventId) {
      if (!isEventId(eventId)) throw notFound();
      const at = now();
      const profileId = await profileOf(db, userId);
      await offers.prepare();
      return db.transaction(async (tx) => {
        await tx.query('SELECT event_id FROM events WHERE event_id = $1::uuid FOR UPDATE', [eventId]);
        const left = await rowOf(
          tx,
          LEFT_ROW,
          `UPDATE waiting_list w SET status = 'left', ended_at = $3
           FROM waiting_list prior WHERE prior.entry_id = w.entry_id
             AND w.event_id = $1::uuid AND w.profile_id = $2 AND w.status IN ('waiting', 'offered')
           RETURNING prior.status AS was`,
          [eventId, profileId, at],
        );
        if (!left) throw refused(404, 'not_waiting', 'You are not on this event\u2019s waiting list.');
        // A place held for him goes to the next man waiting, in this transaction.
        if (left.was === 'offered') await offers.offerFreedPlaces(tx, eventId, at);
        return placeOf(tx, eventId, profileId, at, offers);
      });
    },

    async offer(userId, token) {
      const named = await offers.checkToken(token);
      if (!named) throw refused(400, 'invalid_offer_link', 'This link is not valid. Please use the link in your email as it was sent.');
      const at = now();
      const entry = await rowOf(
        db,
        OFFERED_ENTRY_ROW,
        `SELECT user_id::text AS user_id, profile_id, event_id::text AS event_id, status, offer_number,
           to_char(offer_slot, 'HH24:MI') AS slot, offer_expires_at AS expires
         FROM waiting_list WHERE entry_id = $1::uuid`,
        [named.entryId],
      );
      if (!entry) throw refused(400, 'invalid_offer_link', 'This link is not valid. Please use the link in your email as it was sent.');
      if (entry.user_id !== userId) throw refused(403, 'not_your_offer', 'This offer was made to another member. Sign in as the member it was emailed to.');
      const { slot, expires } = entry;
      const live = entry.status === 'offered' && entry.offer_number === named.offerNumber && slot !== null && expires !== null && expires.getTime() > at.getTime();
      if (!live) throw refused(410, 'offer_ended', 'This offer has ended: its time ran out, or the place was booked or passed on.');
      const row = await rowOf(db, EVENT_ROW, `SELECT ${eventColumns('$2', '$3::integer')} FROM events WHERE event_id = $1::uuid AND cancelled_at IS NULL`, [
        entry.event_id,
        at,
        entry.profile_id,
      ]);
      if (!row) throw refused(410, 'event_cancelled', 'This event has been cancelled.');
      const event = toScreeningEvent(row);
      // The slots as he may book them: his own held place is not counted against him.
      const slots = availableSlots(event, await takenBySlot(db, event.event_id, at, entry.profile_id), at);
      return { event_id: event.event_id, slot, expires_at: expires.toISOString(), slots };
    },

    async staffList(eventId) {
      if (!isEventId(eventId)) throw notFound();
      // An unknown event is a 404, as on every other event route, not an empty list.
      const known = await db.query('SELECT 1 FROM events WHERE event_id = $1::uuid', [eventId]);
      if (known.length === 0) throw notFound();
      const rows = await rowsOf(
        db,
        STAFF_ENTRY_ROW,
        `SELECT w.entry_id::text AS entry_id, trim(concat_ws(' ', p.first_name, p.last_name)) AS name, p.email, w.status,
           w.joined_at AS joined, to_char(w.offer_slot, 'HH24:MI') AS offer_slot, w.offered_at AS offered, w.offer_expires_at AS expires,
           CASE WHEN w.status = 'waiting' THEN row_number() OVER (PARTITION BY w.status = 'waiting' ORDER BY w.joined_at, w.entry_id) END::integer AS position
         FROM waiting_list w JOIN member_profiles p ON p.profile_id = w.profile_id
         WHERE w.event_id = $1::uuid
         ORDER BY CASE w.status WHEN 'offered' THEN 0 WHEN 'waiting' THEN 1 ELSE 2 END, w.joined_at, w.entry_id`,
        [eventId],
      );
      return rows.map((r) => ({
        entry_id: r.entry_id,
        position: r.position,
        name: r.name,
        email: r.email,
        status: r.status,
        joined_at: r.joined.toISOString(),
        offer_slot: r.offer_slot,
        offered_at: r.offered?.toISOString() ?? null,
        offer_expires_at: r.expires?.toISOString() ?? null,
      }));
    },
  };
}
