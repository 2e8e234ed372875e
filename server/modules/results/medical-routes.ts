/**
 * GET /api/medical/results/{profileId}: a member's results, for their own
 * profile only. The id in the URL is the profile's random public_id (from
 * GET /api/auth/profile), never the sequential CHAPS number, so ids cannot
 * be counted. Another member's id is answered exactly as a missing one
 * (404), and is logged: it is either a bug or someone trying ids.
 *
 * GET /api/medical/rule: the clinical rule results are banded by now
 * (docs/rules.md#clinical-rules), for a signed-in member's chart background
 * and GP letter; his results carry the band each was given.
 */
import { Hono } from 'hono';
import { medicalResultsAnswerSchema, type MedicalResultsAnswer } from '../../../src/domain/medical-results';
import { responds } from '../../platform/http/contract';
import type { Queryable } from '../../platform/db/adapter';
import { col, rowOf } from '../../platform/db/rows';
import type { MemberVerifier } from '../auth';
import { ApiError } from '../../platform/http/errors';
import { requireMember, type MemberVariables } from '../auth';
import type { Logger } from '../../platform/logger';
import { resultsForProfile } from './results-service';
import { currentRule } from './clinical-rules-service';
import { currentRuleAnswerSchema, type CurrentRuleAnswer } from '../../../src/domain/clinical-rule';

const PUBLIC_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OWNER_ROW = { user_id: col.text(), profile_id: col.int() };
const notFound = () => new ApiError(404, 'not_found', 'Profile not found');

export function medicalRoutes(db: Queryable, verify: MemberVerifier, logger: Logger) {
  const app = new Hono<{ Variables: MemberVariables }>();
  // Only the results need sign-in here; /test-consent (mounted beside) is allowed by its link's signature.
  app.use('/results/*', requireMember(verify));
  app.use('/rule', requireMember(verify));

  app.get('/rule', responds(currentRuleAnswerSchema), async (c) => c.json((await currentRule(db)) satisfies CurrentRuleAnswer));

  app.get('/results/:profileId', responds(medicalResultsAnswerSchema), async (c) => {
    const member = c.get('member');
    const publicId = c.req.param('profileId');
    if (!PUBLIC_ID.test(publicId)) throw notFound();
    const owner = await rowOf(
      db,
      OWNER_ROW,
      'SELECT user_id::text AS user_id, profile_id FROM member_profiles WHERE public_id = $1::uuid',
      [publicId],
    );
    if (!owner) throw notFound();
    if (owner.user_id !== member.userId) {
      logger.warn(`Member ${member.userId} asked for the results of profile ${publicId}, which is not theirs`);
      throw notFound();
    }
    return c.json({ data: await resultsForProfile(db, owner.profile_id) } satisfies MedicalResultsAnswer);
  });
  return app;
}
