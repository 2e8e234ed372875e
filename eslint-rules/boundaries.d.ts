import type { Rule } from 'eslint';

export const DOMAIN_PACKAGES: string[];
export function inside(dir: string, file: string): boolean;
declare const plugin: { rules: { boundaries: Rule.RuleModule } };
export default plugin;
