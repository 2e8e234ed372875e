/**
 * /api/auth/profile: the signed-in member's own profile
 * (docs/rules.md#api-shapes). POST creates it after sign-up, GET reads it,
 * PATCH (and PUT, which the original client may use) updates it. Answers carry
 * `status: 'success'` and the profile as `userProfile`, as the original client
 * reads them.
 */
import { Hono, type Context } from 'hono';
import type { MemberVerifier } from '../auth';
import { profileAnswerSchema, profileBodySchema, type ProfileAnswer, type ProfileFields } from '../../../src/domain/member-profile';
import { responds } from '../../platform/http/contract';
import { ApiError } from '../../platform/http/errors';
import { formBodyLimit } from '../../platform/http/json-body';
import { requireMember, type MemberVariables } from '../auth';
import type { Logger } from '../../platform/logger';
import { profileNotFound, type ProfileService } from './profile-service';
import { validBody } from '../../platform/http/valid-body';

type Env = { Variables: MemberVariables };

// The fields, each text or null; the profile's rules come after, in the service.
const profileBody = validBody<typeof profileBodySchema, Env>(profileBodySchema, {
  invalid: (issues) => new ApiError(422, 'validation_failed', issues[0]!.message, issues.map(({ path, message }) => ({ path, message }))),
});

const fieldsOf = ({ user_id: _userId, ...fields }: { user_id?: unknown } & ProfileFields): ProfileFields =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

export function profileRoutes(profiles: ProfileService, verify: MemberVerifier, logger: Logger) {
  const app = new Hono<Env>();
  app.use(requireMember(verify));
  // Refused before the body is read, as the other /api forms are.
  app.use(formBodyLimit());

  app.get('/', responds(profileAnswerSchema), async (c) => {
    const profile = await profiles.ownProfile(c.get('member').userId);
    if (!profile) throw profileNotFound();
    return c.json({ status: 'success', userProfile: profile } satisfies ProfileAnswer);
  });

  app.post('/', responds(profileAnswerSchema, { status: 201 }), profileBody, async (c) => {
    const member = c.get('member');
    const body = c.req.valid('json');
    const userId = body.user_id;
    if (userId !== undefined && userId !== null && userId !== member.userId) {
      logger.warn(`Member ${member.userId} tried to create a profile for user ${String(userId).slice(0, 64)}`);
      throw new ApiError(403, 'forbidden', 'You can create only your own profile.');
    }
    const profile = await profiles.create(member, fieldsOf(body));
    return c.json({ status: 'success', userProfile: profile } satisfies ProfileAnswer, 201);
  });

  const update = async (c: Context<Env, string, { out: { json: { user_id?: unknown } & ProfileFields } }>) => {
    const profile = await profiles.update(c.get('member'), fieldsOf(c.req.valid('json')));
    return c.json({ status: 'success', userProfile: profile } satisfies ProfileAnswer);
  };
  app.patch('/', responds(profileAnswerSchema), profileBody, update);
  app.put('/', responds(profileAnswerSchema), profileBody, update);
  return app;
}
