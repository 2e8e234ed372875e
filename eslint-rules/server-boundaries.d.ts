import type { Rule } from 'eslint';

declare const plugin: { rules: { 'server-boundaries': Rule.RuleModule } };
export default plugin;
