/**
 * The pure parts of the field use (docs/decisions/0011-field-app.md): which
 * browsers get the iOS Add to Home Screen steps, and how the Offline data panel
 * names what is saved.
 */
import { describe, expect, it } from 'vitest';
import { isIosSafari } from '../../src/domain/install-offer';
import { summariseSavedCopy } from '../../src/domain/saved-copy';

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
  iphoneInAppView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipadOsSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
};

describe('isIosSafari', () => {
  it.each([
    ['Safari on iPhone', UA.iphoneSafari, 5, true],
    ['Chrome on iPhone', UA.iphoneChrome, 5, false],
    ['Firefox on iPhone', UA.iphoneFirefox, 5, false],
    ['an app’s web view on iPhone (no Safari token)', UA.iphoneInAppView, 5, false],
    ['Safari on iPadOS (reports a Mac, has touch)', UA.ipadOsSafari, 5, true],
    ['Safari on a Mac (no touch)', UA.ipadOsSafari, 0, false],
    ['Chrome on Android', UA.androidChrome, 5, false],
  ])('%s', (_name, userAgent, touchPoints, expected) => {
    expect(isIosSafari(userAgent, touchPoints)).toBe(expected);
  });
});

describe('summariseSavedCopy', () => {
  const snapshot = (queryKeys: unknown[][], timestamp = 1_795_000_000_000) =>
    JSON.stringify({ timestamp, buster: 'v1', clientState: { mutations: [], queries: queryKeys.map((queryKey) => ({ queryKey, state: {} })) } });

  it('names each kind of saved data and counts it', () => {
    const raw = snapshot([
      ['events', 'list', { category: 'all' }],
      ['events', 'detail', 'a'],
      ['events', 'detail', 'b'],
      ['member', 'u1', 'profile'],
      ['member', 'u1', 'appointments'],
      ['member', 'u1', 'appointment', 'x'],
      ['member', 'u1', 'results', 1023],
      ['member', 'u1', 'record-access'],
    ]);
    expect(summariseSavedCopy(raw)).toEqual({
      saved: [
        { label: 'Events lists', count: 1 },
        { label: 'Event details', count: 2 },
        { label: 'Your profile', count: 1 },
        { label: 'Your bookings', count: 2 },
        { label: 'Your results', count: 1 },
        { label: 'Who has looked at your record', count: 1 },
      ],
      savedAt: 1_795_000_000_000,
    });
  });

  it.each([
    ['nothing saved', undefined],
    ['an empty snapshot (written after a removal)', snapshot([])],
    ['text that is not JSON', '{not json'],
  ])('%s: nothing kept and no date', (_name, raw) => {
    expect(summariseSavedCopy(raw)).toEqual({ saved: [], savedAt: null });
  });
});
