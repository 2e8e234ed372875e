/** The newsletter block; the layout loads it lazily, so it stays out of the entry chunk. */
export { StayInTouch as default } from './stay-in-touch';
