/**
 * Consent forms (docs/rules.md#consent):
 * - POST /api/medical/consent (signed in): the answers plus eventId; the
 *   member is the token's. 201 {status: 'success', consent_id}.
 * - GET /api/medical/test-consent?profile_id&test_date&expires&signature:
 *   whether a /test-consent link is valid, so the page can say so before
 *   the form is filled in. 200 {status: 'success', profile_id, test_date}.
 * - POST /api/medical/test-consent: the link's four parameters plus the
 *   answers, no sign-in: the signature is the permission. A link files
 *   one consent: once it has, both answer 409 saying so.
 * A bad, altered or expired link answers 403 with the message of
 * docs/rules.md#test-consent.
 */
import { Hono } from 'hono';
import type { MemberVerifier } from '../auth';
import { consentAnswersSchema } from '../../../src/domain/consent-schema';
import { consentFiledSchema, testConsentLinkAnswerSchema, type ConsentFiled, type TestConsentLinkAnswer } from '../../../src/domain/consent';
import { responds } from '../../platform/http/contract';
import { ApiError, fieldIssue } from '../../platform/http/errors';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { requireMember, type MemberVariables } from '../auth';
import type { Logger } from '../../platform/logger';
import { checkConsentLink, TEST_CONSENT_INVALID, TEST_CONSENT_USED } from './consent-links';
import { invalidConsent, type ConsentService } from './consent-service';
import type { Signer } from '../../platform/signing';
import { parseOr422 } from '../../platform/http/valid-body';

const invalidLink = () => new ApiError(403, 'invalid_link', TEST_CONSENT_INVALID);

/** The answers in a body, or 422 invalid_consent naming every field that is not a valid answer. */
const readConsentAnswers = (body: Record<string, unknown>) =>
  parseOr422(consentAnswersSchema, body, (issues) => invalidConsent(issues.map((i) => fieldIssue(i.path, i.message))));

export function consentRoutes(consents: ConsentService, verify: MemberVerifier, logger: Logger): Hono<{ Variables: MemberVariables }> {
  const app = new Hono<{ Variables: MemberVariables }>();
  app.post('/', requireMember(verify), formBodyLimit(), responds(consentFiledSchema, { status: 201 }), async (c) => {
    const member = c.get('member');
    const body = await readJsonObject(c);
    const answers = () => readConsentAnswers(body);
    try {
      const consentId = await consents.fileForEvent(member.userId, { eventId: body.eventId, profileId: body.profileId, psaTestDate: body.psaTestDate }, answers);
      return c.json({ status: 'success', consent_id: consentId } satisfies ConsentFiled, 201);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        logger.warn(`Member ${member.userId} tried to file consent for profile ${String(body.profileId).slice(0, 32)}`);
      }
      throw error;
    }
  });
  return app;
}

export function testConsentRoutes(consents: ConsentService, signer: Signer, now: () => Date): Hono {
  const app = new Hono();

  app.get('/', responds(testConsentLinkAnswerSchema), async (c) => {
    const link = await checkConsentLink(signer, c.req.query(), now());
    if (!link) throw invalidLink();
    if (await consents.linkUsed(link.signature)) throw new ApiError(409, 'link_used', TEST_CONSENT_USED);
    return c.json({ status: 'success', profile_id: link.profileId, test_date: link.testDate } satisfies TestConsentLinkAnswer);
  });

  app.post('/', formBodyLimit(), responds(consentFiledSchema, { status: 201 }), async (c) => {
    const body = await readJsonObject(c);
    const link = await checkConsentLink(signer, body, now());
    if (!link) throw invalidLink();
    const consentId = await consents.fileForLink(link, readConsentAnswers(body));
    if (!consentId) throw invalidLink();
    return c.json({ status: 'success', consent_id: consentId } satisfies ConsentFiled, 201);
  });

  return app;
}
