/**
 * The demo events: real English towns, plausible venues, and one event for
 * each state the listing must show (docs/rules.md#event-card). Times come from
 * demo-schedule.ts, relative to the moment the database is seeded.
 */
import type { EventInsert } from '../modules/events';
import {
  endedAnHourAgo,
  nextMondayBeyond24h,
  onDay,
  ongoingToday,
  startingWithin,
  type Timing,
} from './demo-schedule';

/** The state each demo event is there to show. */
export type DemoRole =
  | 'today'
  | 'ended'
  | 'closing-within-24h'
  | 'corporate-within-24h'
  | 'monday'
  | 'fully-booked'
  | 'private'
  | 'esneft'
  | 'upcoming';

export interface DemoEvent {
  role: DemoRole;
  /** booked_spaces: how many demo appointments the seed books, each in its own slot from the first. */
  event: Omit<EventInsert, 'access_code_hash' | 'booked_spaces'> & { booked_spaces: number };
}

type Venue = Pick<
  EventInsert,
  'address_line_1' | 'address_line_2' | 'city' | 'state' | 'postcode' | 'latitude' | 'longitude'
>;

const V = (
  line1: string,
  line2: string | null,
  city: string,
  state: string,
  postcode: string,
  latitude: number,
  longitude: number,
): Venue => ({ address_line_1: line1, address_line_2: line2, city, state, postcode, latitude, longitude });

const VENUES = {
  ipswichMasonic: V('Ipswich Masonic Hall', 'Soane Street', 'Ipswich', 'Suffolk', 'IP4 2BG', 52.0587, 1.1565),
  colchesterChurch: V("St Botolph's Church Hall", 'Magdalen Street', 'Colchester', 'Essex', 'CO2 7EE', 51.8866, 0.9034),
  norwichMasonic: V('Norwich Masonic Hall', '47 Ber Street', 'Norwich', 'Norfolk', 'NR1 3AD', 52.6249, 1.2985),
  norwichNorman: V('The Norman Centre', 'Bignold Road', 'Norwich', 'Norfolk', 'NR3 2QZ', 52.6475, 1.2858),
  cambridgeMasonic: V('Cambridge Masonic Hall', 'Bateman Street', 'Cambridge', 'Cambridgeshire', 'CB2 1LZ', 52.1962, 0.1262),
  cambridgeArbury: V('Arbury Community Centre', 'Campkin Road', 'Cambridge', 'Cambridgeshire', 'CB4 2LD', 52.2236, 0.1337),
  leedsOffice: V('3 Wellington Place', null, 'Leeds', 'West Yorkshire', 'LS1 4AP', 53.7966, -1.5566),
  leedsMeanwood: V('Meanwood Community Centre', 'Green Road', 'Leeds', 'West Yorkshire', 'LS6 4LE', 53.8238, -1.5742),
  manchesterLevenshulme: V('Levenshulme Community Centre', 'Cromwell Grove', 'Manchester', 'Greater Manchester', 'M19 3QD', 53.4437, -2.1948),
  bristolStWerburghs: V("St Werburgh's Community Centre", 'Horley Road', 'Bristol', 'City of Bristol', 'BS2 9TJ', 51.4706, -2.5726),
  bristolMasonic: V("Bristol Freemasons' Hall", '31 Park Street', 'Bristol', 'City of Bristol', 'BS1 5NH', 51.4545, -2.6025),
  birminghamOffice: V('Colmore Plaza', '20 Colmore Circus Queensway', 'Birmingham', 'West Midlands', 'B4 6AT', 52.483, -1.896),
  londonFreemasons: V("Freemasons' Hall", '60 Great Queen Street', 'London', 'Greater London', 'WC2B 5AZ', 51.5153, -0.1216),
  londonIslington: V("St Mary's Church Hall", 'Upper Street', 'London', 'Greater London', 'N1 2TX', 51.538, -0.103),
  yorkMasonic: V('York Masonic Hall', 'Duncombe Place', 'York', 'North Yorkshire', 'YO1 7DY', 53.9617, -1.085),
  exeterChurch: V('St Thomas Methodist Church Hall', 'Cowick Street', 'Exeter', 'Devon', 'EX4 1AL', 50.719, -3.542),
  exeterMasonic: V('Exeter Masonic Hall', 'Gandy Street', 'Exeter', 'Devon', 'EX4 3LS', 50.7245, -3.533),
  newcastleMasonic: V('Jesmond Masonic Hall', 'Eslington Road', 'Newcastle upon Tyne', 'Tyne and Wear', 'NE2 4RN', 54.987, -1.603),
} satisfies Record<string, Venue>;

export const DEMO_CONTACT_EMAIL = 'events@chaps-charity.org.uk';
export const DEMO_PRODUCT = { product_id: 'psa-blood-test', product_name: 'PSA Blood Test', product_price: 2500 };
const PAID_PRICE_PENCE = 2500;

interface Plan {
  role?: DemoRole;
  name: string;
  category: EventInsert['category'];
  venue: Venue;
  when: Timing;
  paid: boolean;
  spaces?: number;
  booked?: number;
  session?: number;
  extra?: Partial<EventInsert>;
}

const DESCRIPTIONS: Record<EventInsert['category'], string> = {
  community:
    'A drop-in PSA blood test for men aged 40 to 80. Book a slot, bring photo ID and your NHS number; the test takes about ten minutes and results come by email.',
  freemasons:
    'A screening session hosted by the local Lodge, open to brethren, family and friends aged 40 to 80. A nurse takes a small blood sample for a PSA test.',
  corporate:
    'A workplace screening session for employees aged 40 to 80, arranged with the employer. Appointments are ten to fifteen minutes.',
};

function build(plan: Plan): DemoEvent {
  return {
    role: plan.role ?? 'upcoming',
    event: {
      event_name: plan.name,
      event_description: DESCRIPTIONS[plan.category],
      category: plan.category,
      ...DEMO_PRODUCT,
      price: plan.paid ? PAID_PRICE_PENCE : 0,
      ...plan.when,
      session_duration: plan.session ?? 15,
      email_template: 'psa-screening-confirmation',
      lab_name: null,
      is_private: false,
      total_spaces: plan.spaces ?? 40,
      booked_spaces: plan.booked ?? 0,
      places_per_slot: 1,
      payment_required: plan.paid,
      exclusive_for: plan.category === 'corporate' ? 'CORPORATE' : null,
      contact_email: DEMO_CONTACT_EMAIL,
      country: 'United Kingdom',
      ...plan.venue,
      ...plan.extra,
    },
  };
}

/** Every demo event, timed relative to `now`. */
export function demoEvents(now: Date): DemoEvent[] {
  const plans: Plan[] = [
    { role: 'today', name: 'PSA Screening – Norwich Masonic Hall', category: 'freemasons', venue: VENUES.norwichMasonic, when: ongoingToday(now), paid: true, booked: 6 },
    { role: 'ended', name: "PSA Screening – St Werburgh's Community Centre", category: 'community', venue: VENUES.bristolStWerburghs, when: endedAnHourAgo(now), paid: false, booked: 5, session: 10 },
    { role: 'closing-within-24h', name: 'PSA Screening – Cambridge Masonic Hall', category: 'freemasons', venue: VENUES.cambridgeMasonic, when: startingWithin(now, 2, 23), paid: true, booked: 9 },
    { role: 'corporate-within-24h', name: 'Staff PSA Screening – Wellington Place, Leeds', category: 'corporate', venue: VENUES.leedsOffice, when: startingWithin(now, 2, 23), paid: true, booked: 14, session: 10, extra: { price: null } },
    { role: 'monday', name: 'PSA Screening – Levenshulme Community Centre', category: 'community', venue: VENUES.manchesterLevenshulme, when: nextMondayBeyond24h(now), paid: false, booked: 5 },
    { role: 'fully-booked', name: 'PSA Screening – York Masonic Hall', category: 'freemasons', venue: VENUES.yorkMasonic, when: onDay(now, 9), paid: true, spaces: 20, booked: 20 },
    { role: 'private', name: "Lodge Members' PSA Screening – Freemasons' Hall, London", category: 'freemasons', venue: VENUES.londonFreemasons, when: onDay(now, 11, '17:30', '20:30'), paid: false, spaces: 24, booked: 3, extra: { is_private: true } },
    { role: 'esneft', name: 'PSA Screening – Ipswich Masonic Hall', category: 'freemasons', venue: VENUES.ipswichMasonic, when: onDay(now, 5, '09:30', '13:30'), paid: false, booked: 12, extra: { lab_name: 'ESNEFT' } },
    { name: "PSA Screening – St Botolph's Church Hall, Colchester", category: 'community', venue: VENUES.colchesterChurch, when: onDay(now, 3), paid: false, booked: 8 },
    { name: 'PSA Screening – St Thomas Methodist Church Hall, Exeter', category: 'community', venue: VENUES.exeterChurch, when: onDay(now, 4, '11:00', '16:00'), paid: true, session: 12, booked: 6 },
    { name: 'PSA Screening – Jesmond Masonic Hall, Newcastle', category: 'freemasons', venue: VENUES.newcastleMasonic, when: onDay(now, 6, '10:00', '14:00'), paid: true, booked: 2 },
    { name: 'Staff PSA Screening – Colmore Plaza, Birmingham', category: 'corporate', venue: VENUES.birminghamOffice, when: onDay(now, 12, '09:00', '12:00'), paid: true, session: 10, extra: { price: null } },
    { name: "PSA Screening – St Mary's Church Hall, Islington", category: 'community', venue: VENUES.londonIslington, when: onDay(now, 16), paid: false, booked: 11 },
    { name: 'PSA Screening – Meanwood Community Centre, Leeds', category: 'community', venue: VENUES.leedsMeanwood, when: onDay(now, 20, '13:00', '17:00'), paid: false },
    { name: "PSA Screening – Bristol Freemasons' Hall", category: 'freemasons', venue: VENUES.bristolMasonic, when: onDay(now, 24), paid: true, booked: 4 },
    { name: 'PSA Screening – The Norman Centre, Norwich', category: 'community', venue: VENUES.norwichNorman, when: onDay(now, 27, '10:00', '13:00'), paid: false, session: 10 },
    { name: 'PSA Screening – Arbury Community Centre, Cambridge', category: 'community', venue: VENUES.cambridgeArbury, when: onDay(now, 45), paid: false },
    { name: 'PSA Screening – Exeter Masonic Hall', category: 'freemasons', venue: VENUES.exeterMasonic, when: onDay(now, 60, '10:00', '14:00'), paid: true, session: 15 },
  ];
  return plans.map(build);
}
