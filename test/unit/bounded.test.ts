import { describe, expect, it } from 'vitest';
import { boundedMap } from '../../server/bounded';

describe('bounded maps (server/bounded.ts)', () => {
  it('hold at most their entries, the least recently used out first', () => {
    const evicted: string[] = [];
    const map = boundedMap<string, number>({ entries: 2 }, { onEvict: (_value, key) => evicted.push(key) });
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([1, undefined, 3]);
    expect(evicted).toEqual(['b']);
  });

  it('replace a key they hold at the bound without dropping another (where node-cache refuses a set: the resync crash of issue 27, defect 1)', () => {
    const evicted: string[] = [];
    const map = boundedMap<string, number>({ entries: 2 }, { onEvict: (_value, key) => evicted.push(key) });
    map.set('a', 1);
    map.set('b', 2);
    expect(() => map.set('b', 3)).not.toThrow();
    expect([map.get('a'), map.get('b'), map.size]).toEqual([1, 3, 2]);
    expect(evicted).toEqual([]);
  });

  it('hold within a size bound, count an entry larger than the whole bound out, and drop the older value of its key', () => {
    const map = boundedMap<string, string>({ size: 10, sizeOf: (value) => value.length });
    map.set('a', '12345');
    map.set('b', '12345');
    expect(map.calculatedSize).toBe(10);
    map.set('c', '1');
    expect([map.has('a'), map.has('b'), map.has('c'), map.calculatedSize]).toEqual([false, true, true, 6]);
    map.set('b', '12345678901');
    expect([map.has('b'), map.has('c'), map.calculatedSize]).toEqual([false, true, 1]);
  });

  it('keep no entry larger than `largestEntry`, and no more entries than `entries` within a size', () => {
    const map = boundedMap<string, string>({ size: 100, entries: 2, largestEntry: 4, sizeOf: (value) => value.length });
    map.set('a', '12345');
    expect(map.has('a')).toBe(false);
    map.set('a', '1');
    map.set('b', '1');
    map.set('c', '1');
    expect([map.has('a'), map.size]).toEqual([false, 2]);
  });

  it('count an empty value as size 1 (lru-cache wants a positive size)', () => {
    const map = boundedMap<string, string>({ size: 2, sizeOf: (value) => value.length });
    map.set('a', '');
    map.set('b', '');
    map.set('c', '');
    expect([map.size, map.calculatedSize]).toEqual([2, 2]);
  });

  it('hold nothing with a bound of 0', () => {
    for (const map of [boundedMap<string, number>({ entries: 0 }), boundedMap<string, number>({ size: 0, sizeOf: () => 1 })]) {
      map.set('a', 1);
      expect([map.get('a'), map.size]).toEqual([undefined, 0]);
    }
  });

  it('tell of evictions only, not of deletes, replacements or clear', () => {
    const evicted: string[] = [];
    const map = boundedMap<string, number>({ entries: 3 }, { onEvict: (_value, key) => evicted.push(key) });
    map.set('a', 1);
    map.set('a', 2);
    map.set('b', 1);
    map.delete('b');
    map.clear();
    expect(evicted).toEqual([]);
  });
});
