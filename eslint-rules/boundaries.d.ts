import type { Rule } from 'eslint';

export const DOMAIN_PACKAGES: string[];
declare const plugin: { rules: { boundaries: Rule.RuleModule } };
export default plugin;
