/* eslint-disable no-restricted-imports -- eslint.config.js's feature-boundary
   pattern '../../*' also matches src/lib, src/domain and src/app/paths, which
   every feature is meant to use (DESIGN.md section 2). This module is the one
   door to those shared layers until that pattern is narrowed. */
export * from '../../domain/event';
export * from '../../domain/event-card';
export * from '../../domain/event-filters';
export * from '../../domain/format';
export { paths } from '../../app/paths';
export { apiGet, isNetworkError, isNotFound } from '../../lib/api-client';
export { env, TILE_ATTRIBUTION } from '../../lib/env';
export { useDocumentTitle } from '../../lib/use-document-title';
export { useElapsed, useNow } from '../../lib/use-now';
export { Spinner } from '../../lib/ui/spinner';
export { mailtoHref, site } from '../../content/site';
