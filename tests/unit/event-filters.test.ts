import { describe, expect, it } from 'vitest';
import { dateRange, eventsQuery, listingOfEvents, parseEventIds, type DateFilter, type EventFilters } from '../../src/domain/event-filters';

describe('dateRange (UK calendar dates)', () => {
  it.each<[DateFilter, string, { from: string; to: string | null }]>([
    ['today', '2026-11-21T12:00:00Z', { from: '2026-11-21', to: '2026-11-21' }],
    ['next-week', '2026-11-21T12:00:00Z', { from: '2026-11-21', to: '2026-11-28' }],
    ['next-month', '2026-11-21T12:00:00Z', { from: '2026-11-21', to: '2026-12-21' }],
    ['next-month', '2027-01-31T12:00:00Z', { from: '2027-01-31', to: '2027-02-28' }],
    ['future-events', '2026-11-21T12:00:00Z', { from: '2026-11-21', to: null }],
    // 23:30 UTC on 30 June is already 1 July in London
    ['today', '2026-06-30T23:30:00Z', { from: '2026-07-01', to: '2026-07-01' }],
    ['next-week', '2026-06-30T23:30:00Z', { from: '2026-07-01', to: '2026-07-08' }],
  ])('%s at %s', (filter, now, range) => {
    expect(dateRange(filter, new Date(now))).toEqual(range);
  });
});

describe('eventsQuery', () => {
  it.each<[string, EventFilters, Record<string, string>]>([
    ['nothing chosen', {}, {}],
    ['one type', { categories: ['freemasons'] }, { for: 'freemasons' }],
    ['two types, in a fixed order', { categories: ['corporate', 'community'] }, { for: 'community,corporate' }],
    ['all types means no filter', { categories: ['community', 'freemasons', 'corporate'] }, {}],
    ['no types means no filter', { categories: [] }, {}],
    ['location trimmed', { location: '  Ipswich ' }, { location: 'Ipswich' }],
    ['blank location dropped', { location: '   ' }, {}],
    ['date', { date: 'next-week' }, { date: 'next-week' }],
    [
      'everything',
      { categories: ['community'], location: 'IP1', date: 'today' },
      { for: 'community', location: 'IP1', date: 'today' },
    ],
  ])('%s', (_label, filters, query) => {
    expect(eventsQuery(filters)).toEqual(query);
  });
});

describe('a list of events by id (a recall invitation\'s link)', () => {
  const a = '0b7c3f0e-2d4a-4c1e-9f3a-1a2b3c4d5e6f';
  const b = '1c8d4a1f-3e5b-4d2f-8a4b-2b3c4d5e6f70';

  it('reads ids lower-cased and once each; refuses anything else or too many', () => {
    expect(parseEventIds(`${a}, ${b.toUpperCase()},${a}`)).toEqual([a, b]);
    expect(parseEventIds('')).toEqual([]);
    expect(parseEventIds(`${a},not-an-id`)).toBeNull();
    expect(parseEventIds(Array.from({ length: 11 }, (_, i) => a.slice(0, -2) + String(i).padStart(2, '0')).join(','))).toBeNull();
  });

  it('stands alone in the query and the page URL: no other filter narrows it', () => {
    expect(eventsQuery({ events: [a, b], date: 'today', location: 'Ipswich' })).toEqual({ events: `${a},${b}` });
    expect(listingOfEvents([a, b])).toBe(`/book-event-main?events=${a},${b}`);
  });
});
