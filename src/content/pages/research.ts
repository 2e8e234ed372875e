/** Research and Data: the 2023 summary, the statistics page and the guidance for men over 80. */
import type { PageCopy } from '../types';

export const research2023: PageCopy = {
  title: 'Research summary 2023',
  description: 'CHAPS research summary for 2023: 2,397 PSA tests, 168 abnormal results (7.15%) and 26 cancers found, 20 treated radically and 6 under surveillance.',
  heading: 'Research summary 2023',
  intro: 'Each year we look back at the results of our screening events. These are the figures for 2023.',
  sections: [
    {
      heading: 'What we found',
      body: [
        [
          '2,397 PSA tests at our screening events',
          '168 abnormal results, 7.15% of tests',
          '26 cancers diagnosed after follow-up',
          'of those, 20 men had radical treatment and 6 are under active surveillance',
        ],
      ],
    },
    {
      heading: 'What it means',
      body: [
        'Most men screened had a normal result. Of those with an abnormal result, most did not have cancer; for 26 men, screening led to a diagnosis, and to treatment or monitoring chosen with their doctors.',
        'Our analyses cover men aged 40 to 80. Men over 80 are outside them.',
      ],
    },
  ],
};

/** The charity's yearly figures as typed in: shown for each year not published from the database (docs/decisions/0022-screening-statistics.md). */
export const typedYearFigures = [
  { year: 2024, lines: ['3,497 men screened', 'at 40 screening events'] },
  { year: 2023, lines: ['2,397 tests', '168 abnormal results (7.15%)', '26 cancers: 20 radical treatment, 6 surveillance'] },
] as const;

/** The statistics page: the years (typedYearFigures, or published from the data) come first, then these sections. */
export const statistics: PageCopy = {
  title: 'Statistics',
  description: 'CHAPS screening figures: 2,397 tests in 2023 and 3,497 men screened at 40 events in 2024, with abnormal results and follow-up.',
  heading: 'Statistics',
  intro: 'Figures from our own screening events.',
  sections: [
    {
      heading: 'Across our screening',
      body: [
        'About 8% of screenings give an abnormal result. We aim to follow up abnormal results within 6 months.',
        'We say 70,000 men in the UK die prematurely each year, and there is still no organised NHS screening programme for prostate cancer.',
      ],
    },
  ],
};

/** Said under a year whose figures come from a snapshot staff published. */
export const fromDataNote = (publishedOn: string) => `From our screening records, published ${publishedOn}. Counts of fewer than 5 are not shown, nor any figure that would let such a count be worked out.`;

/** The research summary's heading for a later year published from the data. */
export const latestFiguresHeading = (year: number) => `Our latest figures: ${year}`;

export const elderlyPsaTesting: PageCopy = {
  title: 'PSA testing for men over 80',
  description: 'Guidance for men over 80: why CHAPS screening events are for men aged 40 to 80, and who to talk to about a PSA test instead.',
  heading: 'PSA testing for men over 80',
  sections: [
    {
      body: [
        'Our screening events are for men aged 40 to 80, and our booking system accepts registrations only in that age range. We do not screen men over 80, and men over 80 are outside our analyses.',
        'If you are over 80 and concerned about your prostate health, or you have symptoms, speak to your GP, who knows your health and can advise whether a PSA test is right for you.',
        'If you have questions about our events, email us or call our medical enquiries line.',
      ],
    },
  ],
};

/** The Information Hub's Research and Data items; `page` names the route (src/lib/paths.ts). */
export const researchAndData = [
  { title: 'Research summary 2023', text: 'Our 2023 screening results in brief.', page: 'research' },
  { title: 'Statistics', text: 'Figures from our screening events in 2023 and 2024.', page: 'statistics' },
  { title: 'PSA testing for men over 80', text: 'Why our events are for men aged 40 to 80.', page: 'elderlyPsaTesting' },
] as const;
