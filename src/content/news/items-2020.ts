/** News from September 2020 back to January 2020 (sample content). */
import { NEWS_IMAGES as img, type NewsItem } from './types';

export const newsFrom2020: NewsItem[] = [
  {
    id: 12, sample: true, date: '2020-09-28', image: img.about,
    title: 'Talking to your GP about a PSA test',
    description: 'While our events are paused, men can still discuss a PSA test with their GP.',
    body: ['There is no organised NHS screening programme for prostate cancer, but men can ask their GP about a PSA test and its benefits and drawbacks.'],
  },
  {
    id: 13, sample: true, date: '2020-09-14', image: img.talk,
    title: 'September awareness month goes online',
    description: 'This year our awareness month activity takes place online.',
    body: ['Follow our news and newsletter for online talks and for dates as events resume.'],
  },
  {
    id: 14, sample: true, date: '2020-08-24', image: img.about,
    title: 'Fundraisers keep going through a difficult year',
    description: 'Supporters found new ways to raise funds while events were cancelled.',
    body: ['Sponsored walks and online quizzes have kept funds coming in. Thank you to everyone who took part.'],
  },
  {
    id: 15, sample: true, date: '2020-08-03', image: img.screening,
    title: 'Results from before the pause',
    description: 'Every man tested before events were paused has received his result.',
    body: ['If you were tested at one of our events and have a question about your result, call our medical enquiries line.'],
  },
  {
    id: 16, sample: true, date: '2020-07-20', image: img.about,
    title: 'Our trustees meet online',
    description: 'The trustees met to plan how screening can restart when it is safe.',
    body: ['The plans cover timed arrivals, spacing and cleaning at every venue.'],
  },
  {
    id: 17, sample: true, date: '2020-07-06', image: img.talk,
    title: 'A thank you to NHS staff',
    description: 'Many of our volunteers and advisers work in the NHS. We thank them.',
    body: ['Our clinical advisers and volunteers from the NHS have carried a heavy load this year. Thank you.'],
  },
  {
    id: 18, sample: true, date: '2020-04-20', image: img.about,
    title: 'Our phone lines stay open',
    description: 'Our team is working from home and our phone lines remain open.',
    body: ['You can still reach us by phone or email with questions about screening or about a past result.'],
  },
  {
    id: 19, sample: true, date: '2020-04-06', image: img.screening,
    title: 'Screening events paused',
    description: 'Following government guidance, we have paused all screening events.',
    body: ['Men booked on a cancelled event will be contacted. We will restart as soon as it is safe.'],
  },
  {
    id: 20, sample: true, date: '2020-02-17', image: img.screening,
    title: 'Spring events announced',
    description: 'Dates for spring screening events are now open for booking.',
    body: ['Events are held in community halls, Masonic lodges and workplaces. Book a timed slot online.'],
  },
  {
    id: 21, sample: true, date: '2020-02-04', image: img.poster,
    title: 'World Cancer Day 2020',
    description: 'On World Cancer Day we shared our poster encouraging men aged 40 to 80 to ask about a PSA test.',
    body: ['Download and display our World Cancer Day poster in your workplace, club or lodge.'],
  },
  {
    id: 22, sample: true, date: '2020-01-20', image: img.talk,
    title: 'Speakers available for the new year',
    description: 'Our speakers are taking bookings from clubs and lodges for the year ahead.',
    body: ['Talks last around half an hour and leave time for questions.'],
  },
  {
    id: 23, sample: true, date: '2020-01-06', image: img.about,
    title: 'Twenty years of CHAPS',
    description: 'CHAPS was founded in 2000. This year we mark twenty years of bringing PSA testing to men.',
    body: ['Our founder, a retired urological surgeon, started CHAPS so that men could be tested before symptoms appear. Thank you to everyone who has supported us since.'],
  },
];
