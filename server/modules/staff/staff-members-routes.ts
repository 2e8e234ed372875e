/**
 * /api/staff/members: staff registering a member at a screening venue
 * (docs/rules.md#venue-registration), where many men share the hall's one
 * address and the sign-up limit per address would turn the eleventh away.
 * - POST / {first_name, last_name, email} -> 201 {email, emailed}
 *   (RegisteredMember, src/domain/registered-member.ts): the
 *   account exists, unconfirmed and with no password, and he is emailed a
 *   link to choose one; emailed is false when the mail server refused (he
 *   can use Forgot password? instead)
 *   409 already_registered: the address has an account (staff may know it)
 *   409 registration_unavailable: members sign in with a hosted Supabase
 *   project, whose dashboard invites instead
 *   422 validation_failed with issues per field
 */
import { Hono } from 'hono';
import { registeredMemberSchema, type RegisteredMember } from '../../../src/domain/registered-member';
import { responds } from '../../platform/http/contract';
import { checkVenueRegistration } from '../../../src/domain/venue-registration';
import type { VenueRegistrar } from '../auth';
import { ApiError, fieldIssue } from '../../platform/http/errors';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import type { StaffVariables } from '../auth';
import { requireSiteOrigin, type SiteOriginEnv } from '../../platform/http/site-origin';
import { actorOf } from '../events';

/** Where his link lands: the page to choose a password (src/lib/paths.ts resetPassword). */
const CHOOSE_PASSWORD_PATH = '/reset-password?welcome=1';

export function staffMembersRoutes(registrar: VenueRegistrar | null, site: SiteOriginEnv): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.post('/', formBodyLimit(), responds(registeredMemberSchema, { status: 201 }), async (c) => {
    if (!registrar) {
      throw new ApiError(
        409,
        'registration_unavailable',
        'Members sign in with the hosted Supabase project: invite them from its dashboard.',
      );
    }
    const checked = checkVenueRegistration(await readJsonObject(c));
    if (!checked.registration) {
      throw new ApiError(422, 'validation_failed', checked.issues[0]!.message, checked.issues.map((i) => fieldIssue(i.field, i.message)));
    }
    const origin = requireSiteOrigin(c, site);
    const { email, firstName, lastName } = checked.registration;
    const outcome = await registrar(actorOf(c), { email, firstName, lastName, origin, redirectTo: `${origin}${CHOOSE_PASSWORD_PATH}` });
    if (!outcome.registered) {
      throw new ApiError(409, 'already_registered', 'This email address already has an account. He can sign in, or choose Forgot password? on the sign-in page.', [
        fieldIssue('email', 'This email address already has an account.'),
      ]);
    }
    // Not yet responds(registeredMemberSchema): responds() declares and checks 200 answers only.
    return c.json({ email, emailed: outcome.emailed } satisfies RegisteredMember, 201);
  });

  return app;
}
