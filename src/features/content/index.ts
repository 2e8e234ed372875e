/**
 * What the app shell uses from the content feature. Pages import the
 * section modules directly, so each route's chunk carries only its own copy.
 */
export { HomeHero } from './home-hero';
export { usePageMeta } from './page-meta';
