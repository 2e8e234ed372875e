/**
 * The versioned clinical rule (docs/rules.md#clinical-rules,
 * docs/decisions/0029-versioned-clinical-rules.md): the band thresholds and
 * recall intervals as rows of clinical_rules, one per version, never
 * updated. A result being saved is banded by the current version and
 * stores its number (recall-service.ts); anything about a stored result
 * reads the version it stores.
 *
 * A new version is saved by a clinical user (or an admin) with a reason,
 * audited in the same transaction. The save names the version it was
 * made from: writers take the table's lock in turn, so of two saves made
 * from the same version the second finds it no longer current and is
 * refused (409 rule_changed), rather than silently undoing the first.
 */
import { check } from '../../../src/domain/schema-kit';
import { clinicalRuleSchema, type ClinicalRule, type ClinicalRuleVersion, type NewRuleBody } from '../../../src/domain/clinical-rule';
import type { Database, Queryable } from '../../platform/db/adapter';
import { col, rowOf, rowsOf } from '../../platform/db/rows';
import { ApiError } from '../../platform/http/errors';
import { recordAudit, type StaffActor } from '../staff';

const VERSION_ROW = {
  version: col.int(),
  rule: col.json(),
  reason: col.text(),
  created_at: col.instant(),
  created_by_email: col.nullable(col.text()),
};

const SELECT_VERSIONS = 'SELECT version, rule, reason, created_at, created_by_email FROM clinical_rules';

/** A stored rule, checked as a new one would be: a row that does not hold a rule stops the request rather than banding with it. */
function ruleOf(version: number, stored: unknown): ClinicalRule {
  const checked = check(clinicalRuleSchema, stored);
  if (!checked.ok) throw new Error(`Clinical rule version ${version} does not hold a valid rule: ${checked.issues[0]?.message ?? ''}`);
  return checked.value;
}

const versionOf = (row: { version: number; rule: unknown; reason: string; created_at: Date; created_by_email: string | null }): ClinicalRuleVersion => ({
  version: row.version,
  rule: ruleOf(row.version, row.rule),
  reason: row.reason,
  created_at: row.created_at.toISOString(),
  created_by: row.created_by_email,
});

/** The rule results are banded by now. */
export async function currentRule(q: Queryable): Promise<{ version: number; rule: ClinicalRule }> {
  const row = await rowOf(q, VERSION_ROW, `${SELECT_VERSIONS} ORDER BY version DESC LIMIT 1`);
  if (!row) throw new Error('No clinical rule: migration 860 seeds version 1.');
  return { version: row.version, rule: ruleOf(row.version, row.rule) };
}

/** The rule of a stored version (a result's rule_version). */
export async function ruleOfVersion(q: Queryable, version: number): Promise<ClinicalRule> {
  const row = await rowOf(q, VERSION_ROW, `${SELECT_VERSIONS} WHERE version = $1`, [version]);
  if (!row) throw new Error(`No clinical rule version ${version}.`);
  return ruleOf(row.version, row.rule);
}

/** Every version's rule by number, for readers of many results of many versions. */
export async function rulesByVersion(q: Queryable): Promise<Map<number, ClinicalRule>> {
  const rows = await rowsOf(q, VERSION_ROW, SELECT_VERSIONS);
  return new Map(rows.map((row) => [row.version, ruleOf(row.version, row.rule)]));
}

export function createClinicalRulesService(db: Database, now: () => Date) {
  return {
    /** Every version, newest (the current) first. */
    async history(): Promise<ClinicalRuleVersion[]> {
      return (await rowsOf(db, VERSION_ROW, `${SELECT_VERSIONS} ORDER BY version DESC`)).map(versionOf);
    },

    /** Saves `body.rule` as the next version, if `body.based_on_version` is still the current one. */
    save(actor: StaffActor, body: NewRuleBody): Promise<ClinicalRuleVersion> {
      return db.transaction(async (tx) => {
        // Writers in turn (readers are not held up): the version read next is the one this save follows.
        await tx.query('LOCK TABLE clinical_rules IN SHARE ROW EXCLUSIVE MODE');
        const current = await currentRule(tx);
        if (current.version !== body.based_on_version) {
          throw new ApiError(
            409,
            'rule_changed',
            `The rule was changed to version ${current.version} while you were editing version ${body.based_on_version}. Look at the new version and make your change again if it is still needed.`,
          );
        }
        const at = now();
        const version = current.version + 1;
        const row = await rowOf(
          tx,
          VERSION_ROW,
          `INSERT INTO clinical_rules (version, rule, reason, created_at, created_by, created_by_email)
           VALUES ($1, $2::jsonb, $3, $4, $5::uuid, $6)
           RETURNING version, rule, reason, created_at, created_by_email`,
          [version, JSON.stringify(body.rule), body.reason, at, actor.userId, actor.email],
        );
        await recordAudit(
          tx,
          actor,
          {
            action: 'clinical_rule.create',
            entity: 'clinical_rule',
            entityId: String(version),
            before: { version: current.version, rule: current.rule },
            after: { version, rule: body.rule, reason: body.reason },
          },
          at,
        );
        return versionOf(row!);
      });
    },
  };
}

export type ClinicalRulesService = ReturnType<typeof createClinicalRulesService>;
