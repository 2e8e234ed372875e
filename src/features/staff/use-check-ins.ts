/**
 * Check-in for one event's attendee list: a confirmed check-in (with the
 * sample id the phone proposed, or null for none) is queued on the phone at
 * once (so it works with no signal), then the queue is sent whenever a
 * real connection is there: now, when the browser says it is back online,
 * and every half minute while anything waits. The list is refreshed after
 * the server has answered.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { CheckInsAnswer } from '../../domain/attendee-list';
import type { CheckIn } from '../../domain/staff-attendees';
import { memberRequest } from '../../lib/auth';
import { isReallyOnline } from '../../lib/online';
import { dismissConflict, dismissRelabel, enqueueCheckIn, onQueueChange, readCheckIns, replayCheckIns, type CheckInStore } from './check-in-queue';
import { staffKeys } from './staff-keys';

const RETRY_MS = 30_000;

export type SyncState = 'idle' | 'sending' | 'waiting';

const send = async (eventId: string, checkIns: CheckIn[]) =>
  (await memberRequest<CheckInsAnswer>('POST', `/staff/events/${encodeURIComponent(eventId)}/check-ins`, { check_ins: checkIns })).results;

export function useCheckIns(userId: string, eventId: string) {
  const client = useQueryClient();
  const [store, setStore] = useState<CheckInStore>({ queue: [], conflicts: [], relabels: [] });
  const [sync, setSync] = useState<SyncState>('idle');

  useEffect(() => {
    let live = true;
    const load = () => void readCheckIns(userId).then((s) => live && setStore(s));
    load();
    const stop = onQueueChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [userId]);

  const replay = useCallback(async () => {
    if ((await readCheckIns(userId)).queue.length === 0) return;
    if (!(await isReallyOnline())) {
      setSync('waiting');
      return;
    }
    setSync('sending');
    try {
      await replayCheckIns(userId, send);
      setSync('idle');
      await client.invalidateQueries({ queryKey: staffKeys.attendees(userId, eventId) });
    } catch {
      setSync('waiting');
    }
  }, [client, userId, eventId]);

  useEffect(() => {
    // Check-ins left from an earlier visit go as soon as the page has drawn.
    const first = window.setTimeout(() => void replay(), 0);
    const onOnline = () => void replay();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => void replay(), RETRY_MS);
    return () => {
      window.clearTimeout(first);
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [replay]);

  /** A check-in confirmed after positive identification, with the sample id written on his tube (null: none). */
  const confirm = useCallback(
    // sampleId undefined: this check-in asks for no sample id (a man the phone could not identify).
    async (appointmentId: string, sampleId: string | null | undefined) => {
      await enqueueCheckIn(userId, { event_id: eventId, appointment_id: appointmentId, checked_in_at: new Date().toISOString(), sample_id: sampleId });
      // Kept on the phone now; sent when it can be, without holding the door up.
      void replay();
    },
    [userId, eventId, replay],
  );

  return {
    queued: store.queue.filter((q) => q.event_id === eventId),
    conflicts: store.conflicts.filter((c) => c.event_id === eventId),
    relabels: (store.relabels ?? []).filter((r) => r.event_id === eventId),
    sync,
    confirm,
    dismiss: (appointmentId: string) => dismissConflict(userId, appointmentId),
    dismissRelabel: (appointmentId: string) => dismissRelabel(userId, appointmentId),
  };
}
