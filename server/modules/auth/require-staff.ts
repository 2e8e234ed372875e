/**
 * Middleware for /api/staff: a valid bearer token (401 otherwise) whose
 * user holds a staff role (src/domain/staff-roles.ts; 403 otherwise, logged: a member here is a bug
 * or someone probing). Identity and role come from the token and the
 * server's own records, never from the request body. A staff session idle
 * too long is refused with 401 session_idle (staff-activity.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { decodeJwt } from 'jose';
import type { MemberVerifier } from './member-verifier';
import type { StaffCheck } from './staff-role';
import type { StaffActivity } from './staff-activity';
import type { StaffRole } from '../../../src/domain/staff-roles';
import type { Logger } from '../../platform/logger';
import { ApiError } from '../../platform/http/errors';
import { unauthorized, type MemberVariables } from './require-member';

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
      // Verified above, so its claims can be read; every token the stand-in or Supabase signs names its session.
      const sessionId = decodeJwt(token).session_id;
      if (typeof sessionId !== 'string' || !(await activity({ sessionId, userId: member.userId }))) {
        c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
        throw sessionIdle();
      }
    }
    c.set('member', member);
    c.set('staffRole', role);
    await next();
  };
}
