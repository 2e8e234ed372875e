/**
 * /api/me: the signed-in member's own record
 * (docs/decisions/0021-member-record-export-and-erasure.md). Who he is comes
 * from his token only; no id in the request names anyone.
 * - GET /export?format=json|html -> his data as a file to keep (JSON, or
 *   a readable HTML page), Content-Disposition attachment; recorded in the
 *   staff audit as 'member.export' without the data
 * - GET /record-access -> {looks, more}: who of the charity's staff has
 *   looked at his record, when and why, newest first (record-access-service.ts)
 * - POST /delete {password} -> 200 {deleted: true, bookings_kept, payments_kept}
 *   403 wrong_password; 409 upcoming_bookings (cancel them first);
 *   409 staff_account (the role is removed first: the audit names staff);
 *   404 not_found when the account is already gone (two requests at once);
 *   409 erasure_unavailable with a hosted Supabase project, whose
 *   passwords this server cannot check nor its users delete; 429 when the
 *   sign-in throttles say so
 */
import { Hono } from 'hono';
import { accountErasureSchema, ERASURE_MESSAGES, erasureAnswerSchema, type ErasureAnswer } from '../../../src/domain/account-erasure';
import { memberExportSchema } from '../../../src/domain/member-export';
import { recordAccessAnswerSchema } from '../../../src/domain/record-access';
import { responds } from '../../platform/http/contract';
import { londonDate } from '../../../src/domain/london-time';
import { AuthApiError } from '../auth';
import type { MemberVerifier } from '../auth';
import type { Database } from '../../platform/db/adapter';
import { clientAddress, type TrustProxy } from '../../platform/http/client-address';
import { ApiError } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { requireMember, type MemberVariables } from '../auth';
import { validBody } from '../../platform/http/valid-body';
import { MEMBER_HIMSELF, type MemberErasure } from './member-erasure-service';
import { memberExportHtml } from './member-export-html';
import { exportMemberData } from './member-export-service';
import { recordAccessOf } from './record-access-service';
import { recordAudit } from '../staff';

export function meRoutes(deps: { db: Database; verify: MemberVerifier; erasure: MemberErasure | null; trustProxy: TrustProxy; now: () => Date }) {
  const { db, verify, erasure, trustProxy, now } = deps;
  const app = new Hono<{ Variables: MemberVariables }>();
  app.use('*', requireMember(verify));

  // The JSON form is declared (and checked); the HTML one is a page, which the check passes by.
  app.get('/export', responds(memberExportSchema), async (c) => {
    const format = c.req.query('format') ?? 'json';
    if (format !== 'json' && format !== 'html') throw new ApiError(422, 'validation_failed', 'format must be json or html.');
    const member = c.get('member');
    const at = now();
    const data = await db.transaction(async (tx) => {
      const exported = await exportMemberData(tx, member.userId, at);
      await recordAudit(tx, { userId: member.userId, email: MEMBER_HIMSELF }, { action: 'member.export', entity: 'member', entityId: member.userId, before: null, after: { format } }, at);
      return exported;
    });
    const name = `chaps-my-data-${londonDate(at)}.${format}`;
    c.header('Content-Disposition', `attachment; filename="${name}"`);
    if (format === 'html') return c.html(memberExportHtml(data));
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(JSON.stringify(data, null, 2));
  });

  app.get('/record-access', responds(recordAccessAnswerSchema), async (c) => c.json(await recordAccessOf(db, c.get('member').userId)));

  app.post('/delete', responds(erasureAnswerSchema), formBodyLimit(), validBody(accountErasureSchema), async (c) => {
    if (!erasure) throw new ApiError(409, 'erasure_unavailable', ERASURE_MESSAGES.hosted);
    let outcome;
    try {
      outcome = await erasure.erase(c.get('member'), c.req.valid('json').password, clientAddress(c, trustProxy));
    } catch (error) {
      if (error instanceof AuthApiError && error.status === 429) {
        if (error.retryAfter) c.header('Retry-After', String(error.retryAfter));
        throw new ApiError(429, 'too_many_attempts', error.message);
      }
      throw error;
    }
    if (outcome.erased) return c.json({ deleted: true, bookings_kept: outcome.bookingsKept, payments_kept: outcome.paymentsKept } satisfies ErasureAnswer);
    if (outcome.reason === 'upcoming_bookings') throw new ApiError(409, 'upcoming_bookings', ERASURE_MESSAGES.upcoming);
    if (outcome.reason === 'staff_account') throw new ApiError(409, 'staff_account', ERASURE_MESSAGES.staff);
    if (outcome.reason === 'no_account') throw new ApiError(404, 'not_found', 'This account no longer exists.');
    throw new ApiError(403, 'wrong_password', ERASURE_MESSAGES.wrongPassword);
  });
  return app;
}
