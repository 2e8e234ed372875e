/* eslint-disable no-restricted-imports -- eslint.config.js's feature-boundary
   pattern '../../*' also matches src/app/paths and src/lib, which every
   feature is meant to use (DESIGN.md section 2). This module is the one door
   to those shared layers until that pattern is narrowed. */
export { paths } from '../../app/paths';
export { site } from '../../content/site';
