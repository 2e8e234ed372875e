/**
 * GET /api/medical/results/{profileId}: a member's results, for their own
 * profile only. Another member's profile id is answered exactly as a
 * missing one (404), so ids cannot be tried to learn which exist, and is
 * logged: it is either a bug or someone trying ids.
 */
import { Hono } from 'hono';
import type { Queryable } from '../db/adapter';
import type { MemberVerifier } from '../auth/member-verifier';
import { ApiError } from '../http/errors';
import { requireMember, type MemberVariables } from '../http/require-member';
import type { Logger } from '../logger';
import { resultsForProfile } from '../services/results-service';

const PROFILE_ID = /^(?:CHAPS)?(\d{1,9})$/i;
const notFound = () => new ApiError(404, 'not_found', 'Profile not found');

export function medicalRoutes(db: Queryable, verify: MemberVerifier, logger: Logger) {
  const app = new Hono<{ Variables: MemberVariables }>();
  // Only the results need sign-in here; /test-consent (mounted beside) is allowed by its link's signature.
  app.use('/results/*', requireMember(verify));

  app.get('/results/:profileId', async (c) => {
    const member = c.get('member');
    const match = PROFILE_ID.exec(c.req.param('profileId'));
    if (!match) throw notFound();
    const profileId = Number(match[1]);
    const [owner] = await db.query<{ user_id: string }>('SELECT user_id::text AS user_id FROM member_profiles WHERE profile_id = $1', [
      profileId,
    ]);
    if (!owner) throw notFound();
    if (owner.user_id !== member.userId) {
      logger.warn(`Member ${member.userId} asked for the results of profile ${profileId}, which is not theirs`);
      throw notFound();
    }
    return c.json({ data: await resultsForProfile(db, profileId) });
  });
  return app;
}
