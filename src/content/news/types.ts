/** A news item (docs/rules.md#news). Items are sample content for the demonstration site. */
import type { Picture, SampleContent } from '../types';

export interface NewsItem extends SampleContent {
  id: number;
  title: string;
  /** YYYY-MM-DD. */
  date: string;
  image: Picture;
  description: string;
  /** The full text READ MORE opens. */
  body: string[];
  /** When set, READ MORE opens this page instead (item 0). */
  externalUrl?: string;
}

export const NEWS_IMAGES = {
  screening: { src: '/images/screening.svg', alt: '', width: 320, height: 200 },
  about: { src: '/images/about.svg', alt: '', width: 320, height: 200 },
  talk: { src: '/images/talk.svg', alt: '', width: 640, height: 360 },
  poster: { src: '/images/poster.svg', alt: '', width: 420, height: 594 },
} satisfies Record<string, Picture>;
