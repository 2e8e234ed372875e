/** /about-us (docs/rules.md#about-us): who we are, the team, supporters and ways to help. */
import type { Picture, SampleContent } from '../types';

export const aboutPage = {
  title: 'About us',
  description:
    'CHAPS was founded in 2000 by a retired urological surgeon to bring PSA screening to men aged 40 to 80. Meet the team, our supporters and ways to get involved.',
  heading: 'About CHAPS',
};

export const ABOUT_CARD_LIMIT = 300;
export const GET_INVOLVED_LIMIT = 250;

export interface ExpandableCard {
  title: string;
  paragraphs: string[];
}

export const aboutCards: ExpandableCard[] = [
  {
    title: 'Who We Are',
    paragraphs: [
      'CHAPS is a UK men’s health charity founded in 2000 by a retired urological surgeon. He had seen too many men whose prostate cancer was found only once it had spread, when it could no longer be cured.',
      'Today a small staff team, a board of trustees, clinical advisers and many volunteers carry on that work, with the support of employers, community groups and Masonic lodges across the country.',
    ],
  },
  {
    title: 'What We Do',
    paragraphs: [
      'We run PSA screening events for men aged 40 to 80 in community venues, Masonic halls and workplaces. Men book a timed place, give a small blood sample, and receive their result with a clear explanation of what it means.',
      'Every result is graded green, amber or red. Men whose result is raised are followed up, and we aim to complete that follow-up within six months. We also give talks to groups who want to know more about prostate health.',
    ],
  },
  {
    title: 'Why We Do It',
    paragraphs: [
      'We say 70,000 men in the UK die prematurely each year, and there is no organised NHS screening programme for prostate cancer. Many men never think to ask for a PSA test, and many do not know they are entitled to discuss one with their GP.',
      'Early prostate cancer usually causes no symptoms. A simple blood test, offered close to home or work, gives men the chance to find out early and to make informed choices with their doctors.',
    ],
  },
];

export interface TeamMember extends SampleContent {
  name: string;
  role: string;
  photo?: Picture;
}

const portrait = (n: number): Picture => ({ src: `/images/team/member-${n}.svg`, alt: '', width: 160, height: 160 });

/** Sample people for the demo: the charity replaces them with its own team. */
export const executiveTeam: TeamMember[] = [
  { sample: true, name: 'Richard Hale', role: 'Chief Executive', photo: portrait(1) },
  { sample: true, name: 'Susan Okafor', role: 'Head of Operations', photo: portrait(2) },
  { sample: true, name: 'Martin Price', role: 'Events Manager', photo: portrait(3) },
  { sample: true, name: 'Aisha Rahman', role: 'Clinical Lead Nurse', photo: portrait(4) },
];

export const trusteesAndAdvisers: TeamMember[] = [
  { sample: true, name: 'Graham Whitley', role: 'Chair of Trustees' },
  { sample: true, name: 'Helen Carter', role: 'Treasurer' },
  { sample: true, name: 'David Osei', role: 'Trustee' },
  { sample: true, name: 'Peter Lambert', role: 'Trustee' },
  { sample: true, name: 'Margaret Flynn', role: 'Trustee' },
  { sample: true, name: 'Ian Robertson', role: 'Trustee' },
  { sample: true, name: 'Samuel Adeyemi', role: 'Clinical Advisory Board, urology' },
  { sample: true, name: 'Claire Morgan', role: 'Clinical Advisory Board, general practice' },
  { sample: true, name: 'Andrew Bell', role: 'Clinical Advisory Board, oncology' },
  { sample: true, name: 'Rajesh Patel', role: 'Clinical Advisory Board, laboratory medicine' },
  { sample: true, name: 'Fiona Grant', role: 'Clinical Advisory Board, specialist nursing' },
  { sample: true, name: 'Thomas Reid', role: 'Clinical Advisory Board, public health' },
];

export interface Supporter extends SampleContent {
  name: string;
  logo: Picture;
}

const logo = (n: number, name: string): Picture => ({
  src: `/images/supporters/supporter-${n}.svg`,
  alt: name,
  width: 200,
  height: 100,
});

export const supporters: Supporter[] = [
  { sample: true, name: 'Riverside Golf Club', logo: logo(1, 'Riverside Golf Club') },
  { sample: true, name: 'Eastgate Lodge', logo: logo(2, 'Eastgate Lodge') },
  { sample: true, name: 'Meridian Engineering', logo: logo(3, 'Meridian Engineering') },
  { sample: true, name: 'Harbour Community Trust', logo: logo(4, 'Harbour Community Trust') },
];

export const getInvolvedCards: ExpandableCard[] = [
  {
    title: 'Ideas for Fundraising Events',
    paragraphs: [
      'A quiz night, a sponsored walk, a golf day or a coffee morning at work: every event helps us bring free checks to more men. Tell us what you are planning and we can send information leaflets and help you make the most of the day. Please let us know before you start, so that we can thank you properly.',
    ],
  },
  {
    title: 'Donate Today',
    paragraphs: [
      'Your donation pays for screening events in places where men would otherwise not be tested, for the laboratory work behind each result, and for following up men whose results are raised. You can give once or every month through our fundraising page, and Gift Aid adds to your gift at no cost to you if you are a UK taxpayer.',
    ],
  },
  {
    title: 'Get Involved Today!',
    paragraphs: [
      'Host a screening event at your workplace, club or lodge, volunteer on the day to welcome men and help them through booking, or invite us to give a talk. Whatever time you can give, you will help men aged 40 to 80 find out more about their prostate health. Use the form below to tell us how you would like to help.',
    ],
  },
];
