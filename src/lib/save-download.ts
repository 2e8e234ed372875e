/**
 * Saves a file the API answers only with the signed-in person's bearer
 * token: fetched, then saved through a temporary object URL, since the
 * token cannot ride on a plain link. Refuses at once when offline.
 */
import { memberDownload } from './auth';
import { ensureOnline } from './not-sent';

/** `path` under /api; `type` the file's media type. */
export async function saveDownload(path: string, fileName: string, type: string): Promise<void> {
  await ensureOnline();
  const blob = await memberDownload(path);
  const url = URL.createObjectURL(new Blob([blob], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
