/**
 * The door PIN's rules (src/domain/door-pin.ts, docs/rules.md#door-lock):
 * only a salted PBKDF2 hash is kept, a wrong PIN spends a try before it is
 * checked (so tries in parallel cannot get more than five between them),
 * the fifth wrong one answers 'wipe', and another staff member's PIN opens
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { choosePin, hasPin, MAX_WRONG_PINS, PIN_ITERATIONS, PIN_KEY, triesLeft, tryPin } from '../../src/domain/door-pin';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    raw: (key: string) => map.get(key),
  };
}

// Each PIN hashed takes PBKDF2's many rounds: a second or more on a busy machine.
describe('the door PIN', { timeout: 120_000 }, () => {
  it('keeps a salted PBKDF2 hash of many rounds, never the PIN', async () => {
    const storage = memoryStorage();
    await choosePin(storage, 'staff-1', '4829');
    const kept = storage.raw(PIN_KEY)!;
    expect(kept).not.toContain('4829');
    const parsed = JSON.parse(kept) as { iterations: number; salt: string; hash: string };
    expect(parsed.iterations).toBe(PIN_ITERATIONS);
    expect(parsed.iterations).toBeGreaterThanOrEqual(600_000);
    // The same PIN chosen again hashes differently: a new salt each time.
    await choosePin(storage, 'staff-1', '4829');
    expect((JSON.parse(storage.raw(PIN_KEY)!) as { salt: string; hash: string }).hash).not.toBe(parsed.hash);
    expect(hasPin(storage, 'staff-1')).toBe(true);
    expect(hasPin(storage, 'staff-2')).toBe(false);
  });

  it('takes only 4 to 6 digits', async () => {
    const storage = memoryStorage();
    for (const pin of ['123', '1234567', '12a4', '']) await expect(choosePin(storage, 'staff-1', pin)).rejects.toThrow();
    await choosePin(storage, 'staff-1', '123456');
    expect(await tryPin(storage, 'staff-1', '123456')).toEqual({ kind: 'right' });
  });

  it('counts wrong PINs, forgets them after a right one, and answers wipe at the fifth wrong one', async () => {
    const storage = memoryStorage();
    await choosePin(storage, 'staff-1', '2468');
    expect(await tryPin(storage, 'staff-1', '1111')).toEqual({ kind: 'wrong', left: 4 });
    expect(await tryPin(storage, 'staff-1', '2468')).toEqual({ kind: 'right' });
    for (const left of [4, 3, 2, 1]) expect(await tryPin(storage, 'staff-1', '1111')).toEqual({ kind: 'wrong', left });
    expect(triesLeft(storage, 'staff-1')).toBe(1);
    expect(await tryPin(storage, 'staff-1', '1111')).toEqual({ kind: 'wipe' });
    // Spent: not even the right PIN opens it now.
    expect(await tryPin(storage, 'staff-1', '2468')).toEqual({ kind: 'wipe' });
  });

  it('spends each try before checking it, so parallel tries get no more than five between them', async () => {
    const storage = memoryStorage();
    await choosePin(storage, 'staff-1', '2468');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => tryPin(storage, 'staff-1', String(1000 + i))));
    expect(answers.filter((a) => a.kind === 'wrong')).toHaveLength(MAX_WRONG_PINS - 1);
    expect(answers.filter((a) => a.kind === 'wipe')).toHaveLength(8 - (MAX_WRONG_PINS - 1));
    expect(await tryPin(storage, 'staff-1', '2468')).toEqual({ kind: 'wipe' });
  });

  it("opens nothing for another staff member: his PIN is not this one's", async () => {
    const storage = memoryStorage();
    await choosePin(storage, 'staff-1', '2468');
    expect(await tryPin(storage, 'staff-2', '2468')).toEqual({ kind: 'wipe' });
  });
});
