/**
 * Booking attempts for one event take turns within this server process:
 * at most one of them is in a transaction (and so in the event row lock's
 * queue) at a time. The rest wait here, holding no pooled connection. In a
 * rush they used to wait in the lock's queue instead, each holding one of
 * the pool's connections, so every other query of the process (token
 * checks, first looks) queued behind the lock too.
 *
 * Before each waiting attempt's turn, one read of the event's places is
 * shared by all that wait (one statement, not one each): an attempt whose
 * slot or event that read shows full is refused at once. That read was
 * made after the attempt joined the queue and counts holds at a moment no
 * earlier than the attempt's own, so the place really was gone when it was
 * refused. An attempt that passes goes on to its transaction, which
 * decides under the row lock as ever: correctness never rests on this
 * queue, and other processes have their own.
 */
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import { placesTaken } from '../events';

export type PlacesRefusal = 'fully_booked' | 'slot_taken';

/**
 * The refusal for a booking when `total` places of the event and `inSlot`
 * of its slot are taken: a full event first, then a full slot.
 */
export function placesRefusal(total: number, totalSpaces: number, inSlot: number, placesPerSlot: number): PlacesRefusal | null {
  if (total >= totalSpaces) return 'fully_booked';
  if (inSlot >= placesPerSlot) return 'slot_taken';
  return null;
}

export interface EventPlaces {
  totalSpaces: number;
  placesPerSlot: number;
  /** Places taken per slot start (HH:MM); a slot with none is absent. */
  bySlot: Record<string, number>;
}

/** The event's places, and those taken per slot as json_object_agg(...)::text: NULL when none is taken. */
const PLACES_ROW = { total_spaces: col.int(), places_per_slot: col.int(), by_slot: col.nullable(col.text()) };

/** The places of an event taken at `at` (confirmed, live holds and held waiting-list offers), in one statement; null when it is cancelled or unknown. */
export async function readPlaces(q: Queryable, eventId: string, at: Date): Promise<EventPlaces | null> {
  const row = await rowOf(
    q,
    PLACES_ROW,
    `SELECT e.total_spaces, e.places_per_slot,
       (SELECT json_object_agg(s.start, s.n)::text FROM (
          SELECT to_char(t.slot_start, 'HH24:MI') AS start, count(*)::integer AS n FROM ${placesTaken('$2')} t
          WHERE t.event_id = e.event_id GROUP BY t.slot_start
        ) s) AS by_slot
     FROM events e WHERE e.event_id = $1::uuid AND e.cancelled_at IS NULL`,
    [eventId, at],
  );
  if (!row) return null;
  return { totalSpaces: row.total_spaces, placesPerSlot: row.places_per_slot, bySlot: row.by_slot ? (JSON.parse(row.by_slot) as Record<string, number>) : {} };
}

interface Waiting {
  start: string;
  at: number;
  joined: number;
  /** A place is held for this member from the waiting list: the shared read (which counts it) never refuses him. */
  holdsOffer: boolean;
  /** The attempt's work inside the transaction its turn opens; it throws to roll back. */
  attempt(tx: Queryable): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export interface BookingQueue {
  /**
   * Runs `attempt` in a transaction once the attempts for the same event
   * queued before it in this process are done, and resolves to its result
   * once that transaction has committed; or refuses with `refusal(code)`
   * when a places read made while it waited shows its slot (`start`) or
   * the event full at a moment no earlier than `at`. `holdsOffer`: the
   * member has a place held for him, which that read counts as taken, so
   * his transaction alone decides.
   */
  inTurn<T>(eventId: string, start: string, at: Date, attempt: (tx: Queryable) => Promise<T>, holdsOffer?: boolean): Promise<T>;
}

export function createBookingQueue(db: Database, now: () => Date, refusal: (code: PlacesRefusal) => Error): BookingQueue {
  const queues = new Map<string, Waiting[]>();

  /** Refuses every waiting attempt that a read of the places, on `q` now, shows full. */
  async function refuseFull(q: Queryable, eventId: string, queue: Waiting[]) {
    const sent = performance.now();
    const at = now();
    const places = await readPlaces(q, eventId, at);
    if (!places) return;
    const total = Object.values(places.bySlot).reduce((sum, n) => sum + n, 0);
    for (const waiting of [...queue]) {
      if (waiting.holdsOffer || waiting.joined >= sent || waiting.at > at.getTime()) continue;
      const code = placesRefusal(total, places.totalSpaces, places.bySlot[waiting.start] ?? 0, places.placesPerSlot);
      if (!code) continue;
      queue.splice(queue.indexOf(waiting), 1);
      waiting.reject(refusal(code));
    }
  }

  /**
   * One turn: a transaction on one pooled connection that reads the places
   * for those waiting (unless `read` is false), then runs the first attempt
   * still waiting. The read comes before the attempt takes the row lock,
   * so it holds up no other process. Resolves to the error when the turn
   * failed before any attempt was taken (the read, or the transaction's
   * start), else to null: an attempt's own outcome goes to its caller.
   */
  async function turn(eventId: string, queue: Waiting[], read: boolean): Promise<{ error: unknown } | null> {
    let head: Waiting | undefined;
    try {
      const value = await db.transaction(async (tx) => {
        if (read) await refuseFull(tx, eventId, queue);
        head = queue.shift();
        return head?.attempt(tx);
      });
      head?.resolve(value);
    } catch (error) {
      if (!head) return { error };
      head.reject(error);
    }
    return null;
  }

  async function drain(eventId: string, queue: Waiting[]) {
    // The first attempt of an idle queue goes straight on: its own first look is as fresh as a shared read.
    let read = false;
    while (queue.length > 0) {
      const failed = await turn(eventId, queue, read);
      if (failed && read) {
        // The read failed, so it refused no one: the next turn goes without one and its attempt's transaction decides.
        read = false;
        continue;
      }
      // No transaction could even start (the database is unreachable): the first waiting attempt gets the error.
      if (failed) queue.shift()?.reject(failed.error);
      read = true;
    }
    queues.delete(eventId);
  }

  return {
    inTurn<T>(eventId: string, start: string, at: Date, attempt: (tx: Queryable) => Promise<T>, holdsOffer = false) {
      return new Promise<T>((resolve, reject) => {
        const queue = queues.get(eventId) ?? [];
        const idle = !queues.has(eventId);
        queues.set(eventId, queue);
        queue.push({ start, at: at.getTime(), joined: performance.now(), holdsOffer, attempt, resolve: resolve as (value: unknown) => void, reject });
        if (idle) {
          drain(eventId, queue).catch((error: unknown) => {
            // Not expected (each turn settles its own attempts), but no one is left waiting.
            queues.delete(eventId);
            for (const waiting of queue.splice(0)) waiting.reject(error);
          });
        }
      });
    },
  };
}
