/** What the app shell may use from the events feature; pages load lazily through their own paths. */
export { UpcomingEvents } from './components/upcoming-events';
