/**
 * GET /api/appointments/{id}/calendar.ics: needs the bearer token, so it is
 * fetched and saved through a temporary object URL rather than linked.
 */
import { saveDownload } from '@/lib/save-download';

export const downloadCalendar = (appointmentId: string, fileName: string) =>
  saveDownload(`/appointments/${encodeURIComponent(appointmentId)}/calendar.ics`, fileName, 'text/calendar');
