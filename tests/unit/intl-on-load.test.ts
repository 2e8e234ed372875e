/**
 * Loading the modules every first visit evaluates makes no Intl formatter
 * or collator: the first one loads locale and time-zone data, some 60 ms of a
 * slow phone's main thread, paid by a page that is only read (ADR 0023). The
 * formatters are made on first use (src/domain/once.ts) and kept.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { once } from '../../src/domain/once';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

function spyOnIntl() {
  return [
    vi.spyOn(Intl, 'DateTimeFormat'),
    vi.spyOn(Intl, 'NumberFormat'),
    vi.spyOn(Intl, 'Collator'),
    vi.spyOn(String.prototype, 'localeCompare'),
    vi.spyOn(Date.prototype, 'toLocaleDateString'),
  ];
}

describe('Intl on load', () => {
  it.each([
    ['../../src/domain/london-time'],
    ['../../src/domain/format'],
    ['../../src/content/news/index'],
    ['../../src/domain/recall'],
  ])('importing %s makes no formatter', async (path) => {
    vi.resetModules();
    const spies = spyOnIntl();
    await import(path);
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  });
});

describe('once', () => {
  it('makes the value at the first call only, even when it is undefined', () => {
    const make = vi.fn(() => undefined);
    const value = once(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBeUndefined();
    expect(value()).toBeUndefined();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
