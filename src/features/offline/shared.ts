/* eslint-disable no-restricted-imports -- eslint.config.js's feature-boundary
   pattern '../../*' also matches src/lib and src/domain, which every feature
   is meant to use (DESIGN.md section 2). This module is the one door to
   those shared layers until that pattern is narrowed. */
export { formatSavedAt } from '../../domain/format';
export { isNetworkError } from '../../lib/api-client';
export { env } from '../../lib/env';
export { useBrowserOnline } from '../../lib/online';
