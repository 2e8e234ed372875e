/**
 * /api/staff/clinical-rules: the versioned clinical rule
 * (docs/rules.md#clinical-rules), behind requireStaff.
 * - GET  / -> {current, history}: the rule results are banded by now and
 *        every version (who saved it, when, why), newest first
 * - POST / {based_on_version, rule, reason} -> 201 {saved}: a new version,
 *        audited; 403 unless the staff role is clinical or admin; 422 for a
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
import type { StaffRole } from '../../../src/domain/staff-roles';
import { responds } from '../../platform/http/contract';
import { ApiError } from '../../platform/http/errors';
import { formBodyLimit, readJsonObject } from '../../platform/http/json-body';
import { parseOr422 } from '../../platform/http/valid-body';
import type { StaffVariables } from '../auth';
import { actorOf } from '../events';
import type { ClinicalRulesService } from './clinical-rules-service';

/** Who may change the rule (docs/rules.md#clinical-rules): the clinical lead's role, and an admin, who may do everything. */
export const RULE_EDITORS: readonly StaffRole[] = ['clinical', 'admin'];

export function staffClinicalRulesRoutes(rules: ClinicalRulesService): Hono<{ Variables: StaffVariables }> {
  const app = new Hono<{ Variables: StaffVariables }>();

  app.get('/', responds(clinicalRulesAnswerSchema), async (c) => {
    const history = await rules.history();
    return c.json({ current: history[0]!, history } satisfies ClinicalRulesAnswer);
  });

  app.post('/', formBodyLimit(), responds(savedRuleAnswerSchema, { status: 201 }), async (c) => {
    if (!RULE_EDITORS.includes(c.get('staffRole'))) throw new ApiError(403, 'forbidden', 'Only the clinical lead (a clinical or admin account) may change the clinical rule.');
    const body = parseOr422(newRuleBodySchema, await readJsonObject(c)) as NewRuleBody;
    return c.json({ saved: await rules.save(actorOf(c), body) } satisfies SavedRuleAnswer, 201);
  });

  return app;
}
