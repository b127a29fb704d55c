import { describe, expect, it } from 'vitest';
import { createRng, hashString, mulberry32 } from './prng.ts';

describe('prng', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const seqA = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(seqA);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(seqA);
    for (const v of seqA) expect(v >= 0 && v < 1).toBe(true);
  });

  it('keeps ranges and picks within bounds', () => {
    const rng = createRng('test', 1);
    for (let i = 0; i < 200; i++) {
      const v = rng.int(3, 5);
      expect(v >= 3 && v <= 5).toBe(true);
      expect(['a', 'b']).toContain(rng.pick(['a', 'b']));
    }
    expect(() => rng.pick([])).toThrow('pick from an empty list');
  });

  it('hashes strings to unrelated unsigned values', () => {
    expect(hashString('red')).toBe(hashString('red'));
    expect(hashString('red')).not.toBe(hashString('red '));
    expect(hashString('anything')).toBeGreaterThanOrEqual(0);
  });
});
