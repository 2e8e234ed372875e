/**
 * Middleware for /api/staff: a valid bearer token (401 otherwise) whose
 * user holds a staff role (src/domain/staff-roles.ts; 403 otherwise, logged: a member here is a bug
 * or someone probing). Identity and role come from the token and the
 * server's own records, never from the request body. A staff session idle
 * too long is refused with 401 session_idle (staff-activity.ts). A role
 * that sees medical data (admin, clinical) must also be at aal2, a second
 * factor proven, for every staff route but GET /api/staff/me, which tells
 * the console to ask for it (403 mfa_required; docs/rules.md#second-factor).
 */
import type { MiddlewareHandler } from 'hono';
import type { MemberVerifier } from './member-verifier';
import type { StaffCheck } from './staff-role';
import type { StaffActivity } from './staff-activity';
import { needsSecondFactor, type StaffRole } from '../../../src/domain/staff-roles';
import type { Logger } from '../../platform/logger';
import { ApiError } from '../../platform/http/errors';
import { unauthorized, type MemberVariables } from './require-member';

/** The staff route a session below its role's level may still call. */
export const STAFF_ME_PATH = '/api/staff/me';

export type StaffVariables = MemberVariables & { staffRole: StaffRole };

/** The answer to a staff session idle too long (docs/rules.md#staff-idle); the console signs out and says why. */
export const sessionIdle = () => new ApiError(401, 'session_idle', 'You were signed out because the staff console was not used for a while. Sign in again to carry on.');

export function requireStaff(verify: MemberVerifier, isStaff: StaffCheck, logger: Logger, activity?: StaffActivity): MiddlewareHandler<{ Variables: StaffVariables }> {
  return async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const member = token && token.length < 8192 ? await verify(token) : null;
    if (!token || !member) {
      c.header('WWW-Authenticate', 'Bearer');
      throw unauthorized();
    }
    const role = await isStaff(member, token);
    if (!role) {
      logger.warn(`Member ${member.userId} tried staff route ${c.req.method} ${c.req.path}`);
      throw new ApiError(403, 'forbidden', 'This page is for charity staff only.');
    }
    if (activity) {
      // Every token the stand-in or Supabase signs names its session and when it was proven (amr); one that does not is refused.
      const { sessionId, signedInAt } = member;
      if (!sessionId || !signedInAt || !(await activity({ sessionId, userId: member.userId, signedInAt }))) {
        c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        throw sessionIdle();
      }
    }
    // The one route open at aal1: the console reads from it that a code is needed.
    const asksWhatIsNeeded = c.req.method === 'GET' && c.req.path === STAFF_ME_PATH;
    if (needsSecondFactor(role) && member.aal !== 'aal2' && !asksWhatIsNeeded) {
      throw new ApiError(403, 'mfa_required', 'Please confirm it is you with the 6-digit code from your authenticator app before opening this.');
    }
    c.set('member', member);
    c.set('staffRole', role);
    await next();
  };
}
