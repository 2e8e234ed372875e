/** What the app shell uses from the content feature. */
export { HomeHero } from './home-hero';
