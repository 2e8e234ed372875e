import { expect, type Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page and fails on any serious or critical violation.
 * `options` are axe.run's, e.g. to turn on a rule axe leaves off by default.
 */
export async function expectNoSeriousA11yViolations(page: Page, options: object = {}): Promise<void> {
  // Evaluated through DevTools, so the site's CSP (no inline scripts) still holds.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (runOptions) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { ...runOptions, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, options);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}
