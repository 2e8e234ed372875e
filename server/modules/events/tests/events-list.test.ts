/**
 * GET /api/events: filters, date semantics at their boundaries (UK dates,
 * including across a clock change), sorting and what is never sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScreeningEvent } from '../../../../src/domain/event';
import { getJson, testApp } from '../../../../tests/fixtures/app';
import { createTestDatabase, ENGINES, replaceEvents, type TestDatabase } from '../../../../tests/fixtures/db';
import { makeEvent } from '../../../../tests/fixtures/events';

type List = { events: ScreeningEvent[] };
type Problem = { error: string; message: string; issues?: { path: string; message: string }[] };

// Wednesday 10 June 2026, 10:00 in London (BST).
const JUNE_NOW = new Date('2026-06-10T09:00:00Z');
// The same day at 07:00, before any of its events has begun.
const EARLY_JUNE_MORNING = new Date('2026-06-10T06:00:00Z');

const JUNE_EVENTS = [
  makeEvent({ event_name: 'Ended this morning', event_date: '2026-06-10', start_time: '08:00', end_time: '09:30', category: 'community', city: 'Ipswich', postcode: 'IP4 2BG', address_line_1: 'Ipswich Masonic Hall', address_line_2: 'Soane Street' }),
  makeEvent({ event_name: 'Today afternoon', event_date: '2026-06-10', start_time: '13:00', end_time: '16:00', category: 'freemasons', city: 'Colchester', postcode: 'CO2 7EE', address_line_1: "St Botolph's Church Hall", address_line_2: null }),
  makeEvent({ event_name: 'Today late morning', event_date: '2026-06-10', start_time: '11:00', end_time: '12:00', category: 'corporate', exclusive_for: 'CORPORATE', city: 'Leeds', postcode: 'LS1 4AP', address_line_1: '3 Wellington Place', address_line_2: null }),
  makeEvent({ event_name: 'Week boundary', event_date: '2026-06-17', category: 'community', city: 'York', postcode: 'YO1 7DY', address_line_1: 'Duncombe Place' }),
  makeEvent({ event_name: 'Just past a week', event_date: '2026-06-18', category: 'freemasons', city: 'Norwich', postcode: 'NR1 3AD', address_line_1: '47 Ber Street' }),
  makeEvent({ event_name: 'Month boundary', event_date: '2026-07-10', category: 'corporate', exclusive_for: 'CORPORATE', city: 'Manchester', postcode: 'M19 3QD', address_line_1: 'Cromwell Grove' }),
  makeEvent({ event_name: 'Just past a month', event_date: '2026-07-11', category: 'community', city: 'Exeter', postcode: 'EX4 1AL', address_line_1: 'Cowick Street' }),
  makeEvent({ event_name: 'Yesterday', event_date: '2026-06-09', category: 'community', city: 'Ipswich', postcode: 'IP1 1AA' }),
  makeEvent({ event_name: 'Private lodge evening', event_date: '2026-06-12', is_private: true, access_code_hash: 'scrypt$c2FsdA==$aGFzaA==', category: 'freemasons', city: 'London', postcode: 'WC2B 5AZ', address_line_1: "Freemasons' Hall" }),
];

const names = (body: List) => body.events.map((e) => e.event_name);

describe.each(ENGINES)('GET /api/events on %s', (engine) => {
  let test: TestDatabase;
  const list = (query = '', now: Date = JUNE_NOW) => getJson<List>(testApp({ db: test.db, now }), `/api/events${query}`);
  const problem = (query: string) => getJson<Problem>(testApp({ db: test.db, now: JUNE_NOW }), `/api/events${query}`);

  beforeAll(async () => {
    test = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await test?.dispose();
  });

  describe('in June (BST)', () => {
    beforeAll(async () => {
      await replaceEvents(test.db, JUNE_EVENTS);
    });

    it('lists every event from today on not yet ended, sorted by date then start', async () => {
      const { status, body, headers } = await list();
      expect(status).toBe(200);
      expect(headers.get('content-type')).toContain('application/json');
      expect(names(body)).toEqual([
        'Today late morning',
        'Today afternoon',
        'Private lodge evening',
        'Week boundary',
        'Just past a week',
        'Month boundary',
        'Just past a month',
      ]);
    });

    it('sends the ScreeningEvent shape and never the access code hash', async () => {
      const { body } = await list();
      const privateEvent = body.events.find((e) => e.is_private);
      expect(privateEvent).toBeDefined();
      for (const event of body.events) {
        expect(event).not.toHaveProperty('access_code_hash');
        // The listing adds places_left, the places that can really be booked (event-places.test.ts).
        expect(Object.keys(event).sort()).toEqual([...Object.keys(makeEvent()), 'places_left'].sort());
        expect(event.event_id).toMatch(/^[0-9a-f-]{36}$/);
        expect(event.start_time).toMatch(/^\d{2}:\d{2}$/);
        expect(typeof event.product_price).toBe('number');
        expect(typeof event.latitude).toBe('number');
      }
      expect(JSON.stringify(body)).not.toContain('scrypt$');
    });

    it.each([
      ['today', ['Today late morning', 'Today afternoon']],
      ['next-week', ['Today late morning', 'Today afternoon', 'Private lodge evening', 'Week boundary']],
      ['next-month', ['Today late morning', 'Today afternoon', 'Private lodge evening', 'Week boundary', 'Just past a week', 'Month boundary']],
      ['future-events', ['Today late morning', 'Today afternoon', 'Private lodge evening', 'Week boundary', 'Just past a week', 'Month boundary', 'Just past a month']],
    ])('date=%s covers its UK dates', async (date, expected) => {
      const { status, body } = await list(`?date=${date}`);
      expect(status).toBe(200);
      expect(names(body)).toEqual(expected);
    });

    it.each(['', '?date=today', '?date=next-week', '?date=next-month', '?date=future-events', '?for=community', '?location=ipswich'])(
      '%s never lists an event that ended earlier today, and lists it until its end',
      async (query) => {
        expect(names((await list(query)).body)).not.toContain('Ended this morning');
        const atEnd = new Date('2026-06-10T08:30:00Z'); // 09:30 BST, its end
        expect(names((await list(query, atEnd)).body)).toContain('Ended this morning');
      },
    );

    it('future-events keeps an event until its end and drops it after', async () => {
      const atEnd = new Date('2026-06-10T11:00:00Z'); // 12:00 BST, the late-morning event's end
      expect(names((await list('?date=future-events', atEnd)).body)).toContain('Today late morning');
      const after = new Date('2026-06-10T11:00:01Z');
      expect(names((await list('?date=future-events', after)).body)).not.toContain('Today late morning');
    });

    it.each([
      ['community', ['Week boundary', 'Just past a month']],
      ['freemasons,corporate', ['Today late morning', 'Today afternoon', 'Private lodge evening', 'Just past a week', 'Month boundary']],
      ['corporate', ['Today late morning', 'Month boundary']],
      ['Community,%20FREEMASONS', ['Today afternoon', 'Private lodge evening', 'Week boundary', 'Just past a week', 'Just past a month']],
      ['community,freemasons,corporate', ['Today late morning', 'Today afternoon', 'Private lodge evening', 'Week boundary', 'Just past a week', 'Month boundary', 'Just past a month']],
      ['', ['Today late morning', 'Today afternoon', 'Private lodge evening', 'Week boundary', 'Just past a week', 'Month boundary', 'Just past a month']],
    ])('for=%s matches the category', async (value, expected) => {
      const { status, body } = await list(`?for=${value}`);
      expect(status).toBe(200);
      expect(names(body)).toEqual(expected);
    });

    it('merges a repeated for parameter', async () => {
      const { body } = await list('?for=community&for=corporate');
      expect(names(body)).toEqual(['Today late morning', 'Week boundary', 'Month boundary', 'Just past a month']);
    });

    it.each([
      ['ipswich', ['Ended this morning']],
      ['IPSWICH', ['Ended this morning']],
      ['IP42BG', ['Ended this morning']],
      ['ip4 2bg', ['Ended this morning']],
      ['soane street', ['Ended this morning']],
      ['botolph', ['Today afternoon']],
      ['wellington', ['Today late morning']],
      ['yo1', ['Week boundary']],
      ['%', []],
      ['_', []],
      ['Nowhere-on-Sea', []],
    ])('location=%s matches city, postcode or address case-insensitively', async (value, expected) => {
      // At 07:00, before the Ipswich event has begun (it ends at 09:30).
      const { status, body } = await list(`?location=${encodeURIComponent(value)}`, EARLY_JUNE_MORNING);
      expect(status).toBe(200);
      expect(names(body)).toEqual(expected);
    });

    it('combines filters', async () => {
      const { body } = await list('?for=community&date=next-week&location=york');
      expect(names(body)).toEqual(['Week boundary']);
    });

    it.each([
      ['?for=masons', 'for'],
      ['?for=community,bogus', 'for'],
      ['?date=tomorrow', 'date'],
      ['?date=TODAY', 'date'],
      ['?date=today&date=next-week', 'date'],
      [`?location=${'x'.repeat(101)}`, 'location'],
      ['?location=a%00b', 'location'],
    ])('%s answers 422 naming %s', async (query, parameter) => {
      const { status, body } = await problem(query);
      expect(status).toBe(422);
      expect(body.error).toBe('invalid_query');
      expect(body.message).toContain(`"${parameter}"`);
      expect(body.issues?.[0]?.path).toBe(parameter);
    });

    it('accepts a location of exactly 100 characters and ignores unknown parameters', async () => {
      expect((await list(`?location=${'x'.repeat(100)}`)).status).toBe(200);
      expect(names((await list('?_=12345&utm_source=x')).body)).toHaveLength(7);
    });
  });

  describe('across the October clock change', () => {
    beforeAll(async () => {
      await replaceEvents(test.db, [
        makeEvent({ event_name: 'Saturday 24th', event_date: '2026-10-24', start_time: '10:00', end_time: '23:59' }),
        makeEvent({ event_name: 'Just after midnight', event_date: '2026-10-25', start_time: '00:00', end_time: '00:20' }),
        makeEvent({ event_name: 'Sunday 25th', event_date: '2026-10-25', start_time: '10:00', end_time: '23:45' }),
        makeEvent({ event_name: 'Sunday 1st', event_date: '2026-11-01', start_time: '10:00', end_time: '14:00' }),
        makeEvent({ event_name: 'Monday 2nd', event_date: '2026-11-02', start_time: '10:00', end_time: '14:00' }),
      ]);
    });

    it('uses the London date while UTC is still on the day before (BST)', async () => {
      const now = new Date('2026-10-24T23:30:00Z'); // 00:30 BST on Sunday 25th
      // 00:20 BST was 23:20 UTC: that event has ended, so no list names it.
      expect(names((await list('?date=today', now)).body)).toEqual(['Sunday 25th']);
      expect(names((await list('?date=next-week', now)).body)).toEqual(['Sunday 25th', 'Sunday 1st']);
      expect(names((await list('?date=future-events', now)).body)).toEqual(['Sunday 25th', 'Sunday 1st', 'Monday 2nd']);
    });

    it('still counts the day correctly after the clocks go back (GMT)', async () => {
      const now = new Date('2026-10-25T23:30:00Z'); // 23:30 GMT on Sunday 25th
      expect(names((await list('?date=today', now)).body)).toEqual(['Sunday 25th']);
      expect(names((await list('', now)).body)).toEqual(['Sunday 25th', 'Sunday 1st', 'Monday 2nd']);
    });

    it('treats the evening before in London as the day before', async () => {
      const now = new Date('2026-10-24T22:59:00Z'); // 23:59 BST on Saturday 24th
      expect(names((await list('?date=today', now)).body)).toEqual(['Saturday 24th']);
    });
  });
});
