/**
 * Sample labels and the lab's manifest (docs/rules.md#sample-labels). Both
 * carry NHS numbers: read when the page opens, never saved to the phone
 * (their keys are outside the persisted 'member' root, staff-keys.ts).
 * Opening the labels page assigns the sample ids, which is why it needs a
 * connection; asking again answers the same ids.
 */
import { useQuery } from '@tanstack/react-query';
import type { LabManifest, SampleLabelsAnswer } from '@/domain/sample-labels';
import { memberRequest } from '@/lib/auth';
import { saveDownload } from '@/lib/save-download';
import { ensureOnline } from '@/lib/not-sent';
import { staffKeys } from '../staff-keys';

const eventPath = (eventId: string) => `/staff/events/${encodeURIComponent(eventId)}`;

export function useSampleLabels(userId: string, eventId: string, appointmentId: string | null) {
  return useQuery({
    queryKey: staffKeys.labels(userId, eventId, appointmentId),
    queryFn: async () => {
      await ensureOnline();
      return memberRequest<SampleLabelsAnswer>('POST', `${eventPath(eventId)}/samples`, appointmentId ? { appointment_ids: [appointmentId] } : {});
    },
    staleTime: 0,
    retry: 0,
    refetchOnWindowFocus: false,
  });
}

export function useManifest(userId: string, eventId: string) {
  return useQuery({
    queryKey: staffKeys.manifest(userId, eventId),
    queryFn: () => memberRequest<LabManifest>('GET', `${eventPath(eventId)}/manifest`),
    staleTime: 0,
    retry: 0,
    refetchOnWindowFocus: false,
  });
}

export const downloadManifestCsv = (eventId: string, fileName: string) => saveDownload(`${eventPath(eventId)}/manifest.csv`, fileName, 'text/csv');
