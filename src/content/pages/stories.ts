/**
 * Patient Journey stories (docs/rules.md#news). Illustrative: written to show
 * the kinds of journeys men take after screening, not accounts of real
 * people, and each page says so. Slugs are the patient's first-last name.
 */
import type { Picture } from '../types';

export interface PatientStory {
  id: string;
  illustrative: true;
  name: string;
  title: string;
  summary: string;
  picture: Picture;
  body: string[];
}

export const ILLUSTRATIVE_NOTE =
  'This story is illustrative: it describes a typical journey after screening, not a real person.';

const picture = (n: number): Picture => ({ src: `/images/team/member-${n}.svg`, alt: '', width: 160, height: 160 });

export const patientStories: PatientStory[] = [
  {
    id: 'john-mercer',
    illustrative: true,
    name: 'John Mercer',
    title: 'John’s story: a screening evening at his lodge',
    summary: 'John, 58, booked a test at a screening evening his Masonic lodge hosted. His result was amber.',
    picture: picture(1),
    body: [
      'John is a Freemason in his late fifties. When his lodge offered its hall for a CHAPS screening evening, the lodge almoner encouraged every member over 40 to book, and John took a slot after the lodge meeting.',
      'His result came back amber: slightly raised. The letter explained that this is not a diagnosis, and that the next step was a repeat test in three months.',
      'John’s repeat test was lower, and his result went to green. He now has a reminder to be tested again, and he has become his lodge’s contact for the next screening evening.',
      'Masonic lodges have hosted many of our events. If your lodge would like to host one, contact our events team.',
    ],
  },
  {
    id: 'michael-adeyemi',
    illustrative: true,
    name: 'Michael Adeyemi',
    title: 'Michael’s story: testing from 45',
    summary: 'Michael learnt that Black men are at higher risk and booked a community screening event at 45.',
    picture: picture(2),
    body: [
      'Michael heard one of our speakers at his community centre explain that Black men are at higher risk of prostate cancer, and that we start screening Black men by the age of 45.',
      'He booked a place at a community screening event a few weeks later. The test took a few minutes, and his result was green, with a recommended retest interval based on his risk.',
      'Michael has since encouraged his brothers and friends to book. “It was quick, and I know where I stand,” is how he puts it.',
    ],
  },
  {
    id: 'stephen-clarke',
    illustrative: true,
    name: 'Stephen Clarke',
    title: 'Stephen’s story: a red result at work',
    summary: 'Stephen was tested at a workplace session. His result was red, and he was referred to his GP.',
    picture: picture(3),
    body: [
      'Stephen’s employer hosted a corporate screening session at his office. He had no symptoms and booked mainly because colleagues were going.',
      'His result was red: significantly raised. The letter asked him to see his GP, and our team called him to explain what that meant and what would happen next.',
      'His GP arranged further tests. Stephen says the most important thing was knowing early, so that he and his doctors had time to decide on the right course together.',
      'A raised PSA does not always mean cancer, and only further tests can tell. We follow up men with abnormal results, aiming to do so within six months.',
    ],
  },
];

export const FREEMASON_STORY_ID = 'john-mercer';

export const patientJourneyPage = {
  title: 'Patient Journey',
  description: 'Illustrative stories of men who were screened at CHAPS PSA events, and what happened after a green, amber or red result.',
  heading: 'Patient Journey',
  intro:
    'What happens after a PSA test at one of our events? These illustrative stories follow three men through screening and what came next.',
};

export function findStory(id: string | undefined): PatientStory | undefined {
  return patientStories.find((story) => story.id === id);
}
