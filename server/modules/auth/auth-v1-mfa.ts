/**
 * The factor endpoints, as supabase-js's auth.mfa calls them (Supabase
 * Auth's /factors routes): POST /factors (enroll), POST
 * /factors/{id}/challenge, POST /factors/{id}/verify (a new session at
 * aal2) and DELETE /factors/{id} (unenroll). listFactors and
 * getAuthenticatorAssuranceLevel read the user object's `factors` and the
 * token's `aal`. Rules live in server/modules/auth/mfa.ts.
 */
import type { Context, Hono } from 'hono';
import type { AuthService } from './auth-service';
import type { RequestOrigin } from './session-tokens';
import { readBody } from './auth-v1-input';

export interface MfaRouteHelpers {
  requestOrigin: (c: Context) => RequestOrigin;
  bearer: (c: Context) => string | undefined;
}

export function mfaRoutes(app: Hono, auth: AuthService, { requestOrigin, bearer }: MfaRouteHelpers): void {
  app.post('/factors', async (c) => {
    const body = await readBody(c);
    const request = { factorType: body.factor_type, friendlyName: body.friendly_name, issuer: body.issuer };
    return c.json(await auth.enrolFactor(bearer(c), request, requestOrigin(c)));
  });

  app.post('/factors/:id/challenge', async (c) => {
    await readBody(c);
    return c.json(await auth.challengeFactor(bearer(c), c.req.param('id'), requestOrigin(c)));
  });

  app.post('/factors/:id/verify', async (c) => {
    const body = await readBody(c);
    return c.json(await auth.verifyFactor(bearer(c), c.req.param('id'), body.challenge_id, body.code, requestOrigin(c)));
  });

  app.delete('/factors/:id', async (c) => c.json(await auth.unenrolFactor(bearer(c), c.req.param('id'))));
}
