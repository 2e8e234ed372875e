/** The home page's sections below the hero (docs/rules.md#home). */
import type { SampleContent } from '../types';

export const screeningBlock = {
  heading: 'PSA screening events',
  body: [
    'A PSA test is a simple blood test. We hold screening events in community halls, Masonic lodges and workplaces, so that men aged 40 to 80 can have the test near home or work, without waiting for symptoms.',
    'Book a timed place online, arrive at your slot, and we send your result once the laboratory has tested your sample.',
  ],
};

export const aboutBlock = {
  heading: 'About CHAPS',
  body: [
    'CHAPS was founded in 2000 by a retired urological surgeon. There is still no organised NHS screening programme for prostate cancer, so we bring PSA testing to men where they live and work, and we campaign for screening to be accessible to every man who could benefit.',
  ],
};

export interface Testimonial extends SampleContent {
  quote: string;
  source: string;
}

export const TESTIMONIAL_LIMIT = 300;

/** Sample testimonials, written to show the layout: replace them with real ones given with permission. */
export const testimonials: Testimonial[] = [
  {
    sample: true,
    source: 'Wellbeing lead, a county police force',
    quote:
      'Our officers and staff work shifts, and many of them had never found the time to ask their GP about a PSA test. Holding a screening session at headquarters meant that many colleagues were tested over two days. The team were organised, kind and clear, every appointment ran to time, and the results arrived when we were told they would. Several colleagues have since said it was the push they needed to look after their own health.',
  },
  {
    sample: true,
    source: 'Provincial almoner, a Masonic province',
    quote:
      'Prostate cancer has touched many families in our lodges. Working with CHAPS, we have now hosted screening evenings in several of our halls, open to brethren, their families and friends, and to men from the wider community. The booking system made it easy for members to choose a time, and the talk at the start answered the questions people are often too embarrassed to ask.',
  },
  {
    sample: true,
    source: 'Club secretary, a golf club',
    quote:
      'We booked a screening morning alongside our seniors’ competition and filled every slot within a week. Members appreciated being able to have a blood test at the club rather than taking time away from work or family, and the CHAPS team explained clearly what the result would mean and what would happen next. We have already asked them to come back next year.',
  },
];
