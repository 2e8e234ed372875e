/**
 * The member's own record
 * (docs/decisions/0021-member-record-export-and-erasure.md):
 * - GET /api/me/export?format=json|html: his data as a file, saved through
 *   a temporary object URL (the bearer token cannot ride on a link);
 * - POST /api/me/delete {password}: deletes his account.
 */
import { memberDownload, memberExchange } from '@/lib/auth';
import type { ErasureAnswer } from '@/domain/account-erasure';
import { londonDate } from '@/domain/london-time';
import { ensureOnline } from '@/lib/not-sent';

export type ExportFormat = 'json' | 'html';

const TYPES: Record<ExportFormat, string> = { json: 'application/json', html: 'text/html' };

export async function downloadMyData(format: ExportFormat): Promise<void> {
  await ensureOnline();
  const blob = await memberDownload(`/me/export?format=${format}`);
  const url = URL.createObjectURL(new Blob([blob], { type: TYPES[format] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `chaps-my-data-${londonDate(new Date())}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export type DeleteAnswer = { deleted: true } | { deleted: false; error: string; message: string };

export async function deleteMyAccount(password: string): Promise<DeleteAnswer> {
  await ensureOnline();
  const { status, body } = await memberExchange<Partial<ErasureAnswer> & { error?: string; message?: string }>('POST', '/me/delete', { password });
  if (status === 200) return { deleted: true };
  return { deleted: false, error: body.error ?? 'failed', message: body.message ?? `Your account was not deleted (${status}). Please try again.` };
}
