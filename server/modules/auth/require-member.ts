/**
 * Middleware for /api routes that need a signed-in member: a valid bearer
 * token or 401. The member (from the token's sub) is then `c.get('member')`.
 */
import type { MiddlewareHandler } from 'hono';
import type { Member, MemberVerifier } from './member-verifier';
import { ApiError } from '../../platform/http/errors';

export type MemberVariables = { member: Member };

export const unauthorized = () => new ApiError(401, 'unauthorized', 'Sign in to continue.');

export function requireMember(verify: MemberVerifier): MiddlewareHandler<{ Variables: MemberVariables }> {
  return async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    const member = token && token.length < 8192 ? await verify(token) : null;
    if (!member) {
      c.header('WWW-Authenticate', 'Bearer');
      throw unauthorized();
    }
    c.set('member', member);
    await next();
  };
}
