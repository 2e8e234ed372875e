/** /support-us and /world-cancer-day-poster. */
import type { PageCopy } from '../types';

export const SUPPORTER_PLEDGE_POUNDS = 100;

export const supportUs: PageCopy = {
  title: 'Support us',
  description: 'Become a CHAPS supporter: a pledge of £100 helps fund free PSA checks for men aged 40 to 80.',
  heading: 'Support us',
  intro: `A pledge of £${SUPPORTER_PLEDGE_POUNDS} helps fund free checks.`,
  sections: [
    {
      body: [
        'Many men who come to our events would never otherwise have a PSA test. Supporters help us hold events where men would not be tested otherwise, pay for the laboratory work behind each result, and follow up men whose results are raised.',
        'Individuals, employers, clubs and lodges can all become supporters. Use the button below to make your pledge through our fundraising page.',
      ],
    },
  ],
};

export const worldCancerDayPoster: PageCopy & { posterAlt: string } = {
  title: 'World Cancer Day poster',
  description: 'The CHAPS World Cancer Day poster: a reminder for men aged 40 to 80 to ask about a PSA blood test. Display it at work, at your club or lodge.',
  heading: 'World Cancer Day poster',
  intro: 'World Cancer Day is on 4 February each year. Print our poster and display it at work, at your club or in your lodge.',
  posterAlt: 'Poster: World Cancer Day, 4 February. Men aged 40 to 80: ask about a PSA blood test. CHAPS.',
  sections: [],
};
