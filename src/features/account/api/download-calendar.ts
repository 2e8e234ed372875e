/**
 * GET /api/appointments/{id}/calendar.ics: needs the bearer token, so it is
 * fetched and saved through a temporary object URL rather than linked.
 */
import { memberDownload } from '@/lib/auth';
import { ensureOnline } from '@/lib/not-sent';

export async function downloadCalendar(appointmentId: string, fileName: string): Promise<void> {
  await ensureOnline();
  const blob = await memberDownload(`/appointments/${encodeURIComponent(appointmentId)}/calendar.ics`);
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/calendar' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
