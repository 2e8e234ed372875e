/** /events, its three detail pages and /chaps-screening-event (docs/rules.md#routes). */
import type { PageCopy, Picture } from '../types';

export type EventsLink = 'communityScreening' | 'freemasonStory' | 'corporateScreening' | 'seminarTalks';

export interface EventsSection {
  id: 'community' | 'freemason' | 'corporate' | 'speaker';
  heading: string;
  body: string[];
  learnMore: EventsLink;
  /** Speaker requests have no BOOK AN EVENT but a contact email instead. */
  bookable: boolean;
}

export const eventsOverview = {
  title: 'Screening events',
  description: 'CHAPS PSA screening events for communities, Freemasons and employers, and talks for groups: how each works and how to book.',
  heading: 'Screening events',
  intro: 'We bring PSA screening to men aged 40 to 80 where they live, meet and work.',
  sections: [
    {
      id: 'community',
      heading: 'Community',
      body: ['Screening events in village halls, community centres and clubs, open to every man aged 40 to 80. Book a timed slot online.'],
      learnMore: 'communityScreening',
      bookable: true,
    },
    {
      id: 'freemason',
      heading: 'Freemasons',
      body: [
        'Masonic lodges have long supported our work and host many of our events in their halls, open to brethren, their families and friends, and the wider community.',
        'Our Masonic liaison works with provinces and lodges to plan events.',
      ],
      learnMore: 'freemasonStory',
      bookable: true,
    },
    {
      id: 'corporate',
      heading: 'Corporate',
      body: ['Screening at your workplace, for a minimum of 40 employees per session; smaller groups can be seen in London.'],
      learnMore: 'corporateScreening',
      bookable: true,
    },
    {
      id: 'speaker',
      heading: 'Speaker requests',
      body: ['Our speakers give talks on prostate health and the PSA test to clubs, lodges, workplaces and community groups.'],
      learnMore: 'seminarTalks',
      bookable: false,
    },
  ] satisfies EventsSection[],
};

/**
 * Masonic liaison, shown within the Freemasons section of /events: how a
 * lodge hosts a screening (docs/rules.md#event-categories; private events and
 * their access codes, docs/rules.md#access-codes).
 */
export const masonicLiaison = {
  id: 'masonic-liaison',
  heading: 'Masonic liaison',
  body: [
    'A lodge can host a screening event in its hall. The event can be public, open to anyone who books, or private to the lodge: a private event is marked as such, and those booking enter its access code.',
    'To arrange a lodge screening, call our event enquiries line or email us with your lodge, your province and a few possible dates.',
  ],
};

export const corporateScreening: PageCopy = {
  title: 'Corporate screening',
  description: 'PSA screening at your workplace: CHAPS corporate sessions for a minimum of 40 employees, with smaller groups seen in London.',
  heading: 'Corporate screening',
  intro: 'Help your staff look after their health without taking time away from work.',
  sections: [
    {
      heading: 'How it works',
      body: [
        [
          'A minimum of 40 employees per session; smaller groups can be seen in London.',
          'We agree a date and a room with you, and your staff book timed slots through our booking system.',
          'Each man gives a small blood sample and receives his own result.',
          'Corporate sessions are exempt from the usual booking cut-off.',
        ],
      ],
    },
    {
      heading: 'Arrange a session',
      body: ['Call our event enquiries line or email us with the number of staff and where you are based, and we will suggest dates.'],
    },
  ],
};

export const communityScreening: PageCopy = {
  title: 'Community screening',
  description: 'CHAPS community PSA screening events in halls, centres and clubs, open to men aged 40 to 80. How to book, and how to host one.',
  heading: 'Community screening',
  intro: 'Screening close to home, for every man aged 40 to 80.',
  sections: [
    {
      heading: 'At an event',
      body: [
        [
          'Book a timed slot online and arrive at your time.',
          'Register with your full name as on your ID.',
          'A small blood sample is taken; it takes a few minutes.',
          'Your result comes to you with an explanation: green, amber or red.',
        ],
      ],
    },
    {
      heading: 'Host an event',
      body: ['Community groups, clubs and parish councils can host an event. Contact our events team to talk about a venue and a date.'],
    },
  ],
};

export const seminarTalks: PageCopy = {
  title: 'Seminar talks',
  description: 'Request a CHAPS speaker: talks on prostate health and PSA screening for clubs, lodges, workplaces and community groups.',
  heading: 'Seminar talks',
  intro: 'Our speakers explain prostate health and PSA screening in plain words, and answer questions.',
  sections: [
    {
      heading: 'What a talk covers',
      body: [
        [
          'what the prostate does and what can go wrong',
          'what the PSA test is, and what it can and cannot tell you',
          'who should consider screening, and from what age',
          'what green, amber and red results mean and what happens next',
        ],
      ],
    },
    {
      heading: 'Request a speaker',
      body: ['Email us with your group, the likely audience and a few possible dates.'],
    },
  ],
};

/** The seminar talk video on /events/seminar-talks; its file is a setting (VITE_SEMINAR_VIDEO_URL). */
export const seminarVideo = {
  heading: 'Watch a talk',
  poster: { src: '/images/seminar-poster.svg', alt: '', width: 640, height: 360 } satisfies Picture,
  caption: 'A recorded CHAPS seminar talk on prostate health and the PSA test: what the test is, who should consider it and what the results mean.',
  noSupport: 'Your browser cannot play this video.',
  download: 'Download the video',
  offline: 'The video needs a connection. Reconnect to watch the talk; the rest of this page works offline.',
};

export const screeningResults = [
  { colour: 'green', label: 'Green', meaning: 'Normal.', next: 'Retest in 1, 2 or 3 years, for high, intermediate or low risk.' },
  { colour: 'amber', label: 'Amber', meaning: 'Slightly raised.', next: 'Repeat the test in 3 months.' },
  { colour: 'red', label: 'Red', meaning: 'Significantly raised.', next: 'See your GP.' },
] as const;

export const chapsScreeningEvent: PageCopy = {
  title: 'Our screening events',
  description: 'What happens at a CHAPS PSA screening event: who can book, when booking closes, the test itself and what your green, amber or red result means.',
  heading: 'Our screening events',
  intro: 'A PSA screening event takes a few minutes of your time and could make all the difference.',
  sections: [
    {
      heading: 'Who can book',
      body: ['Men aged 40 to 80. Register on this site, then book a timed slot at an event near you.'],
    },
    {
      heading: 'Booking',
      body: [
        [
          'Booking closes 24 hours before the event starts, or 48 hours before when it starts on a Monday.',
          'Registering alone does not book a place: add a booking and complete it. No confirmation email means the booking is not complete.',
          'Use your full first name as on your ID, and check your name and date of birth.',
        ],
      ],
    },
    {
      heading: 'On the day',
      body: ['Arrive at your slot. After a short consent form, a small blood sample is taken and sent to the laboratory.'],
    },
  ],
};
