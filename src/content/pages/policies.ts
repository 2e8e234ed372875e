/** /refund-policy and /privacy-policy (docs/rules.md#policies). */
import type { PageCopy } from '../types';

export const refundPolicy: PageCopy = {
  title: 'Refund policy',
  description: 'CHAPS refund and cancellation policy for screening bookings: notice periods, refunds within 14 business days, and self-test kits.',
  heading: 'Refund policy',
  sections: [
    {
      heading: 'Cancelling or changing a booking',
      body: [
        [
          'More than 48 hours’ notice: no fee.',
          'A change or cancellation on the day of the event: the full amount is charged.',
        ],
      ],
    },
    {
      heading: 'Refunds',
      body: [
        [
          'More than 2 business days’ notice: a 100% refund, less the payment processor’s charges.',
          'Within 2 business days of the event: no refund.',
          'Refunds are issued within 14 business days.',
          'Self-test kits are not refundable.',
        ],
        'To cancel, change a booking or ask about a refund, call our booking helpline or email us, giving the name and date of the event.',
      ],
    },
  ],
};

export const privacyPolicy: PageCopy = {
  title: 'Privacy policy',
  description: 'How CHAPS collects, uses and protects your personal information when you book a screening event, contact us or subscribe to our newsletter.',
  heading: 'Privacy policy',
  intro: 'Last updated May 2018.',
  sections: [
    {
      heading: 'Who we are',
      body: ['CHAPS is a registered charity. We are responsible for the personal information you give us through this website.'],
    },
    {
      heading: 'What we collect',
      body: [
        [
          'When you register and book: your name, contact details, date of birth, gender, ethnicity, address and, if you give it, your NHS number.',
          'For screening: the answers on your consent form and your test result.',
          'When you contact us or subscribe to our newsletter: your name, email address and what you tell us.',
        ],
      ],
    },
    {
      heading: 'How we use it',
      body: [
        'We use your information to manage your booking, to carry out and report your test, to follow up an abnormal result, and to answer your enquiries. With your consent we share your result with your GP. We send newsletters only to people who subscribe, and you can unsubscribe at any time.',
        'Our yearly figures are reported without names, so that no one can be identified from them.',
      ],
    },
    {
      heading: 'Keeping it safe',
      body: ['We keep your information secure, only for as long as we need it, and never sell it.'],
    },
    {
      heading: 'Your rights',
      body: [
        'You can ask to see the information we hold about you, to correct it, or to have it deleted where the law allows. Contact us by email or post to make a request. If you are unhappy with how we handle your information, you can complain to the Information Commissioner’s Office.',
      ],
    },
  ],
};
