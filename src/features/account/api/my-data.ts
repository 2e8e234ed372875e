/**
 * The member's own record
 * (docs/decisions/0021-member-record-export-and-erasure.md):
 * - GET /api/me/export?format=json|html: his data as a file, saved through
 *   a temporary object URL (the bearer token cannot ride on a link);
 * - POST /api/me/delete {password}: deletes his account.
 */
import { memberExchange } from '@/lib/auth';
import { saveDownload } from '@/lib/save-download';
import type { ErasureAnswer } from '@/domain/account-erasure';
import { londonDate } from '@/domain/london-time';
import { ensureOnline } from '@/lib/not-sent';

export type ExportFormat = 'json' | 'html';

const TYPES: Record<ExportFormat, string> = { json: 'application/json', html: 'text/html' };

export const downloadMyData = (format: ExportFormat) => saveDownload(`/me/export?format=${format}`, `chaps-my-data-${londonDate(new Date())}.${format}`, TYPES[format]);

export type DeleteAnswer = { deleted: true } | { deleted: false; error: string; message: string };

export async function deleteMyAccount(password: string): Promise<DeleteAnswer> {
  await ensureOnline();
  const { status, body } = await memberExchange<Partial<ErasureAnswer> & { error?: string; message?: string }>('POST', '/me/delete', { password });
  if (status === 200) return { deleted: true };
  return { deleted: false, error: body.error ?? 'failed', message: body.message ?? `Your account was not deleted (${status}). Please try again.` };
}
