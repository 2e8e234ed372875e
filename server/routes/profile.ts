/**
 * /api/auth/profile: the signed-in member's own profile (SPEC.md section 7).
 * POST creates it after sign-up, GET reads it, PATCH (and PUT, which the
 * original client may use) updates it. Answers carry `status: 'success'`
 * and the profile as `userProfile`, as the SPEC's client reads them.
 */
import { Hono, type Context } from 'hono';
import type { MemberVerifier } from '../auth/member-verifier';
import { ApiError } from '../http/errors';
import { formBodyLimit } from '../http/json-body';
import { requireMember, type MemberVariables } from '../http/require-member';
import type { Logger } from '../logger';
import { profileNotFound, type ProfileService } from '../services/profile-service';
import { readProfileBody } from './member-body';

export function profileRoutes(profiles: ProfileService, verify: MemberVerifier, logger: Logger) {
  const app = new Hono<{ Variables: MemberVariables }>();
  app.use(requireMember(verify));
  // Refused before the body is read, as the other /api forms are.
  app.use(formBodyLimit());

  app.get('/', async (c) => {
    const profile = await profiles.ownProfile(c.get('member').userId);
    if (!profile) throw profileNotFound();
    return c.json({ status: 'success', userProfile: profile });
  });

  app.post('/', async (c) => {
    const member = c.get('member');
    const { fields, userId } = await readProfileBody(c);
    if (userId !== undefined && userId !== null && userId !== member.userId) {
      logger.warn(`Member ${member.userId} tried to create a profile for user ${String(userId).slice(0, 64)}`);
      throw new ApiError(403, 'forbidden', 'You can create only your own profile.');
    }
    const profile = await profiles.create(member, fields);
    return c.json({ status: 'success', userProfile: profile }, 201);
  });

  const update = async (c: Context<{ Variables: MemberVariables }>) => {
    const { fields } = await readProfileBody(c);
    const profile = await profiles.update(c.get('member'), fields);
    return c.json({ status: 'success', userProfile: profile });
  };
  app.patch('/', update);
  app.put('/', update);
  return app;
}
