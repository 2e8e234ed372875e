import { describe, expect, it } from 'vitest';
import { dateRange, eventsQuery, type DateFilter, type EventFilters } from '../../src/domain/event-filters';

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
