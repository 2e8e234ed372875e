/**
 * Check-ins waiting for a connection, in IndexedDB (idb-keyval) under the
 * staff member's id, in the order the names were tapped. A replay sends
 * the queue in that order, one batch per event, and takes each check-in
 * out only once the server has answered for it: recorded or already there
 * (the server keeps one per booking, so sending twice is harmless), or a
 * conflict, which moves to a list shown until staff dismiss it. A dropped
 * connection mid-replay leaves the rest queued for the next try.
 *
 * A check-in confirmed after positive identification carries the sample id
 * this phone proposed and the volunteer wrote on his tube. When the server
 * answers with another id (another phone checked him in first, or he
 * already had one), or assigned none, a notice to relabel the tube is kept
 * until staff dismiss it. A check-in queued by an earlier version has no
 * sample_id and is sent without one.
 */
import { get, update } from 'idb-keyval';
import { CHECK_IN_CONFLICT_TEXT, checkInBatches, relabelOf, type CheckIn, type CheckInResult, type SampleRelabel } from '../../domain/staff-attendees';

export type { SampleRelabel } from '../../domain/staff-attendees';

export interface QueuedCheckIn extends CheckIn {
  event_id: string;
}

export interface CheckInConflict extends CheckInResult {
  event_id: string;
}

export interface CheckInStore {
  queue: QueuedCheckIn[];
  conflicts: CheckInConflict[];
  /** Missing in a store saved by an earlier version. */
  relabels?: SampleRelabel[];
}

const EMPTY: CheckInStore = { queue: [], conflicts: [], relabels: [] };
const storeKey = (userId: string) => `chaps-staff-check-ins:${userId}`;
const listeners = new Set<() => void>();

export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const changed = () => listeners.forEach((l) => l());

export async function readCheckIns(userId: string): Promise<CheckInStore> {
  return (await get<CheckInStore>(storeKey(userId))) ?? EMPTY;
}

async function change(userId: string, fn: (store: CheckInStore) => CheckInStore): Promise<void> {
  await update<CheckInStore>(storeKey(userId), (store) => fn(store ?? EMPTY));
  changed();
}

/** Queues one tap; a name already waiting is not queued twice. */
export function enqueueCheckIn(userId: string, checkIn: QueuedCheckIn): Promise<void> {
  return change(userId, (store) =>
    store.queue.some((q) => q.appointment_id === checkIn.appointment_id) ? store : { ...store, queue: [...store.queue, checkIn] },
  );
}

export function dismissConflict(userId: string, appointmentId: string): Promise<void> {
  return change(userId, (store) => ({ ...store, conflicts: store.conflicts.filter((c) => c.appointment_id !== appointmentId) }));
}

export function dismissRelabel(userId: string, appointmentId: string): Promise<void> {
  return change(userId, (store) => ({ ...store, relabels: (store.relabels ?? []).filter((r) => r.appointment_id !== appointmentId) }));
}

/** What a queued check-in sends: its sample_id only when it carries one (null included). */
const toSend = ({ appointment_id, checked_in_at, sample_id }: QueuedCheckIn): CheckIn =>
  sample_id === undefined ? { appointment_id, checked_in_at } : { appointment_id, checked_in_at, sample_id };

export type SendCheckIns = (eventId: string, checkIns: CheckIn[]) => Promise<CheckInResult[]>;

const running = new Map<string, Promise<number>>();

/**
 * Sends what is queued; resolves to how many check-ins the server
 * answered. One replay at a time per user in this tab (a second call
 * joins the first); a failure to send leaves the rest in the queue and
 * rejects, so the caller can say so.
 */
export function replayCheckIns(userId: string, send: SendCheckIns): Promise<number> {
  const current = running.get(userId);
  if (current) return current;
  const run = (async () => {
    let answered = 0;
    for (const batch of checkInBatches((await readCheckIns(userId)).queue)) {
      const results = await send(batch.eventId, batch.items.map(toSend));
      const done = new Set(results.map((r) => r.appointment_id));
      // Every outcome with words for a person (cancelled, not on this event, not the event's day) is kept to be seen.
      const conflicts = results.filter((r) => CHECK_IN_CONFLICT_TEXT[r.outcome] !== undefined).map((r) => ({ ...r, event_id: batch.eventId }));
      const sent = new Map(batch.items.map((item) => [item.appointment_id, item]));
      const relabels = results.flatMap((r) => {
        const item = sent.get(r.appointment_id);
        const relabel = item ? relabelOf(item, r) : null;
        return relabel ? [relabel] : [];
      });
      await change(userId, (store) => ({
        queue: store.queue.filter((q) => !(q.event_id === batch.eventId && done.has(q.appointment_id))),
        conflicts: [...store.conflicts.filter((c) => !done.has(c.appointment_id)), ...conflicts],
        relabels: [...(store.relabels ?? []).filter((r) => !done.has(r.appointment_id)), ...relabels],
      }));
      answered += results.length;
    }
    return answered;
  })().finally(() => running.delete(userId));
  running.set(userId, run);
  return run;
}
