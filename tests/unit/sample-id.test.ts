import { describe, expect, it } from 'vitest';
import { formatSampleId, isValidSampleId, newSampleId, normaliseSampleId, sampleIdCheckChar } from '../../src/domain/sample-id';

const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*';

describe('sample ids (ISO/IEC 7064 MOD 37-2)', () => {
  it('computes the standard check character', () => {
    // ISO/IEC 7064 MOD 37-2 worked example: G123489654321 has check character Y.
    expect(sampleIdCheckChar('G123489654321')).toBe('Y');
  });

  it('makes ids of seven body characters and a check character, never I, O or * anywhere', () => {
    for (let i = 0; i < 2000; i += 1) {
      const id = newSampleId();
      expect(id).toMatch(/^[0-9A-HJ-NP-Z]{8}$/);
      expect(isValidSampleId(id)).toBe(true);
    }
  });

  it('refuses every single-character change and every adjacent transposition of a sample id', () => {
    let tried = 0;
    for (let n = 0; n < 300; n += 1) {
      const id = newSampleId();
      for (let i = 0; i < id.length; i += 1) {
        for (const char of CHARS) {
          if (char === id[i]) continue;
          tried += 1;
          expect(isValidSampleId(id.slice(0, i) + char + id.slice(i + 1)), `${id} with ${char} at ${i}`).toBe(false);
        }
        if (i + 1 < id.length && id[i] !== id[i + 1]) {
          tried += 1;
          const swapped = id.slice(0, i) + id[i + 1] + id[i] + id.slice(i + 2);
          expect(isValidSampleId(swapped), `${id} swapped at ${i}`).toBe(false);
        }
      }
    }
    expect(tried).toBeGreaterThan(80_000);
  });

  it('shows staff an example that is itself a valid id', () => {
    // The messages, docs/rules.md and README.md give 7KQ2-M9PT as the shape of an id.
    expect(isValidSampleId(normaliseSampleId('7KQ2-M9PT'))).toBe(true);
  });

  it('reads an id as a scanner or a person gives it, and shows it in two groups', () => {
    const id = newSampleId();
    expect(normaliseSampleId(` ${formatSampleId(id).toLowerCase()} `)).toBe(id);
    expect(isValidSampleId(id.slice(0, 7))).toBe(false);
    expect(isValidSampleId(`${id}0`)).toBe(false);
  });
});
