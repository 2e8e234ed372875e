/**
 * /api/staff/clinical-rules: the versioned clinical rule
 * (docs/rules.md#clinical-rules), behind requireStaff; both open to the
 * clinical and admin roles only (server/modules/staff/staff-route-policy.ts).
 * - GET  / -> {current, history}: the rule results are banded by now and
 *        every version (who saved it, when, why), newest first
 * - POST / {based_on_version, rule, reason} -> 201 {saved}: a new version,
 *        audited; 422 for a
 *        rule out of bounds or no reason; 409 rule_changed when
 *        based_on_version is no longer the current version
 */
import { Hono } from 'hono';
import {
  clinicalRulesAnswerSchema,
  newRuleBodySchema,
  savedRuleAnswerSchema,
  type ClinicalRulesAnswer,
  type NewRuleBody,
  type SavedRuleAnswer,
} from '../../../src/domain/clinical-rule';
import { responds } from '../../platform/http/contract';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { parseOr422 } from '../../platform/http/valid-body';
import type { StaffVariables } from '../auth';
import { actorOf } from '../events';
import type { ClinicalRulesService } from './clinical-rules-service';

export function staffClinicalRulesRoutes(rules: ClinicalRulesService): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.get('/', responds(clinicalRulesAnswerSchema), async (c) => {
    const history = await rules.history();
    return c.json({ current: history[0]!, history } satisfies ClinicalRulesAnswer);
  });

  app.post('/', formBodyLimit(), responds(savedRuleAnswerSchema, { status: 201 }), async (c) => {
    const body = parseOr422(newRuleBodySchema, await readJsonObject(c)) as NewRuleBody;
    return c.json({ saved: await rules.save(actorOf(c), body) } satisfies SavedRuleAnswer, 201);
  });

  return app;
}
