/** News from August 2023 back to March 2021 (sample content). */
import { NEWS_IMAGES as img, type NewsItem } from './types';

export const newsFrom2023To2021: NewsItem[] = [
  {
    id: 0, sample: true, date: '2023-08-24', image: img.about,
    title: 'Prostate cancer: read the NHS guide',
    description: 'The NHS website explains the symptoms of prostate cancer, the PSA test and what happens next if a result is raised.',
    body: ['The NHS guide to prostate cancer is on the NHS website.'],
    externalUrl: 'https://www.nhs.uk/conditions/prostate-cancer/',
  },
  {
    id: 1, sample: true, date: '2023-08-10', image: img.screening,
    title: 'Summer screening evenings in Masonic halls',
    description: 'Lodges opened their halls to men from the wider community for evening screening sessions this summer.',
    body: [
      'Several lodges hosted evening sessions this summer, open to brethren, their families and friends, and men from the local community.',
      'Evening sessions suit men who cannot leave work during the day. If your lodge would like to host one, see the Freemasons section of our events page.',
    ],
  },
  {
    id: 2, sample: true, date: '2023-06-19', image: img.screening,
    title: 'Father’s Day: a reminder to book a PSA test',
    description: 'This Father’s Day we asked families to encourage the men in their lives, aged 40 to 80, to book a test.',
    body: [
      'Early prostate cancer usually causes no symptoms, so waiting for a sign that something is wrong is not enough.',
      'Our events are for men aged 40 to 80. Black men and men with a family history of prostate cancer are at higher risk and should consider testing from 40; we start Black men by 45 at the latest.',
    ],
  },
  {
    id: 3, sample: true, date: '2023-06-02', image: img.talk,
    title: 'New talks programme for workplaces',
    description: 'Our speakers now offer short lunchtime talks to employers alongside on-site screening.',
    body: [
      'A short talk before a screening session helps men understand what the PSA test can and cannot tell them, and what happens after a raised result.',
      'To request a speaker, see Seminar talks on our events page.',
    ],
  },
  {
    id: 4, sample: true, date: '2023-06-12', image: img.about,
    title: 'Thank you to our volunteers',
    description: 'We thank the volunteers who welcomed men at our events.',
    body: [
      'Every event depends on volunteers who greet men, help with booking and keep each session running to time.',
      'If you would like to volunteer, use the contact form on our About page.',
    ],
  },
  {
    id: 5, sample: true, date: '2021-09-27', image: img.screening,
    title: 'Booking opens for autumn events',
    description: 'Our autumn screening events are open for booking.',
    body: [
      'Booking closes 24 hours before an event starts, or 48 hours before when the event starts on a Monday, so please book in good time.',
    ],
  },
  {
    id: 6, sample: true, date: '2021-09-20', image: img.screening,
    title: 'Community screening returns to village halls',
    description: 'Community events are back in village halls and community centres.',
    body: [
      'Community screening brings the test to men who live far from a hospital. Halls are set out so that men attend at their booked time and wait as little as possible.',
    ],
  },
  {
    id: 7, sample: true, date: '2021-09-06', image: img.talk,
    title: 'Prostate Cancer Awareness Month talks',
    description: 'Our speakers gave talks to clubs and workplaces during September.',
    body: ['Our talks explain the PSA test, who should consider it, and what the green, amber and red results mean.'],
  },
  {
    id: 8, sample: true, date: '2021-05-24', image: img.screening,
    title: 'Screening events restart with new safety measures',
    description: 'Events restarted with timed arrivals, spaced seating and extra cleaning.',
    body: [
      'Timed slots mean fewer people in the room at once. Please arrive at your booked time and stay at home if you feel unwell.',
    ],
  },
  {
    id: 9, sample: true, date: '2021-05-10', image: img.about,
    title: 'Our new booking system',
    description: 'Men can now choose a timed slot online and receive a confirmation by email.',
    body: ['Choose an event, pick a time, complete the consent form and you will receive a confirmation email. No confirmation email means the booking is not complete.'],
  },
  {
    id: 10, sample: true, date: '2021-03-22', image: img.about,
    title: 'Planning for a safe return to screening',
    description: 'We are working with venues to plan how screening can restart safely.',
    body: ['We will announce new events here and by newsletter as soon as venues can host them safely.'],
  },
  {
    id: 11, sample: true, date: '2021-03-08', image: img.talk,
    title: 'Online talks for lodges and clubs',
    description: 'While events are paused, our speakers are giving talks online.',
    body: ['Online talks cover the PSA test, who should consider it and how to raise it with a GP.'],
  },
];
