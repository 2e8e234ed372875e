/** /information-hub and its three articles (docs/rules.md#information-hub). */
import type { PageCopy, Picture } from '../types';

export interface Article extends PageCopy {
  id: string;
  /** The card's anchor on /information-hub (the menu scrolls to it). */
  anchor: string;
  cardTitle: string;
  cardText?: string;
  picture: Picture;
}

export const informationHubPage = {
  title: 'Information Hub',
  description: 'Information about PSA screening, prostate disease, men’s health and health in the workplace, with our research data and where to get further advice.',
  heading: 'Information Hub',
  intro: 'Plain guidance on the PSA test and men’s health, our screening figures, and where to find further advice.',
};

export const articles: Article[] = [
  {
    id: 'prostate-diseases-and-prostate-cancer',
    anchor: 'prostate-cancer',
    cardTitle: 'Prostate Disease and Cancer',
    cardText: 'What the PSA test is, who should consider it, and what your result means.',
    picture: { src: '/images/screening.svg', alt: '', width: 320, height: 200 },
    title: 'Prostate disease and prostate cancer',
    description: 'PSA screening guidance from CHAPS: who should consider a PSA blood test, the levels we act on by age, and what green, amber and red results mean.',
    heading: 'Prostate disease and prostate cancer: PSA screening guidance',
    intro: 'There is no organised NHS screening programme for prostate cancer. This guide explains how our screening works and who it is for.',
    sections: [
      {
        heading: 'The PSA test',
        body: [
          'PSA (prostate-specific antigen) is measured with a simple blood test. A raised level can be a sign of a problem with the prostate, which is why it is used to decide who needs further checks. A raised PSA is not a diagnosis of cancer: only further tests, arranged through your GP, can tell.',
          'Early prostate cancer usually causes no symptoms, so screening looks for a raised PSA in men who feel well.',
        ],
      },
      {
        heading: 'Who should consider screening',
        body: [
          'Our screening is for men aged 40 to 80. We do not screen men under 40 unless they are at higher risk, or men over 80.',
          'Consider screening from 50, or from 40 if you are at higher risk, for example because of a family history of prostate cancer. Black men are at higher risk and should start by the age of 45.',
        ],
      },
      {
        heading: 'The levels we act on',
        body: [
          'What counts as raised depends on age. We start to act on these levels:',
          ['men in their 40s: a PSA of 1.00 ng/ml or more', 'men in their 50s: a PSA of 2.00 ng/ml or more'],
        ],
      },
      {
        heading: 'What your result means',
        body: [
          [
            'Green: normal. Retest in 1, 2 or 3 years, for high, intermediate or low risk.',
            'Amber: slightly raised. Repeat the test in 3 months.',
            'Red: significantly raised. See your GP.',
          ],
          'About 8% of screenings give an abnormal result. We follow up abnormal results, aiming to do so within 6 months.',
        ],
      },
    ],
  },
  {
    id: 'mens-health',
    anchor: 'mens-health',
    cardTitle: 'Men’s Health',
    picture: { src: '/images/about.svg', alt: 'Two men, and a heart: men’s health and the NHS check', width: 320, height: 200 },
    title: 'Men’s health',
    description: 'Men’s health and the NHS Health Check: why regular checks matter for men aged 40 and over, and how a PSA test fits alongside them.',
    heading: 'Men’s health and the NHS Health Check',
    sections: [
      {
        body: [
          'Men are often slower than women to see a doctor. Many health problems, prostate cancer among them, give no warning in their early stages, so regular checks matter.',
          'In England, adults aged 40 to 74 without certain existing conditions are invited for a free NHS Health Check every five years. It looks at heart health, diabetes and kidney disease risk. It does not include a PSA test: ask your GP about that separately, or book one of our screening events.',
        ],
      },
    ],
  },
  {
    id: 'health-workplace',
    anchor: 'health-in-workplace',
    cardTitle: 'Health in the Workplace',
    cardText: 'A screening programme for employers: PSA testing at your workplace.',
    picture: { src: '/images/talk.svg', alt: '', width: 640, height: 360 },
    title: 'Health in the workplace',
    description: 'A workplace health programme from CHAPS: on-site PSA screening sessions for employers, with a talk for staff.',
    heading: 'Health in the workplace',
    sections: [
      {
        body: [
          'Men of working age often put off health checks because of work. Bringing PSA screening to the workplace removes that barrier.',
          'We run corporate screening sessions for a minimum of 40 employees per session; smaller groups can be seen in London. A short talk can come first, so that staff understand what the test can and cannot tell them.',
          'Corporate sessions are booked by your staff through our booking system, and they are not subject to the usual booking cut-off.',
        ],
      },
    ],
  },
];

export function findArticle(id: string | undefined): Article | undefined {
  return articles.find((article) => article.id === id);
}
