import { describe, expect, it } from 'vitest';
import { demoNhsNumber } from '../../server/seed/demo-bookings';
import { isValidNhsNumber } from '../../src/domain/nhs-number';

describe('demo attendees’ NHS numbers', () => {
  it('are valid, all different, and from the 999 range the NHS never issues', () => {
    const numbers = Array.from({ length: 500 }, (_, i) => demoNhsNumber(i + 1));
    expect(numbers.every(isValidNhsNumber)).toBe(true);
    expect(numbers.every((n) => n.startsWith('999'))).toBe(true);
    expect(new Set(numbers).size).toBe(numbers.length);
  });
});
