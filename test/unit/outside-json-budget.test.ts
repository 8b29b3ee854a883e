/**
 * The count of JSON values a backend answer holds, made before it is parsed (server/backend/json-budget.ts):
 * what is inside strings never counts, however the strings escape their quotes, and an answer of many
 * small values is refused however few bytes it takes.
 */
import { describe, expect, it } from 'vitest';
import { jsonValuesWithin, MAX_JSON_VALUES } from '../../server/backend/json-budget';

const within = (text: string, max: number) => jsonValuesWithin(Buffer.from(text), max);

describe('counting the values of a backend answer before it is parsed', () => {
  it('counts containers and the values after their first, nothing inside strings', () => {
    expect(within('[{"a":1,"b":[2,3]},{}]', 7)).toBe(true);
    expect(within('[{"a":1,"b":[2,3]},{}]', 6)).toBe(false);
    expect(within('["{[,,,]}", "a,b", "[[[["]', 3)).toBe(true);
  });

  it('ends a string only at a quote after an even run of backslashes', () => {
    // Strings holding \" and \\: the commas and brackets inside them never count.
    expect(within(String.raw`["a\",[,{","b\\",1]`, 3)).toBe(true);
    expect(within(String.raw`["a\\\",[,{,",2]`, 2)).toBe(true);
    expect(within(String.raw`["a\\",[1,2],3]`, 3)).toBe(false);
    expect(within(JSON.stringify(['\\'.repeat(1001), '"'.repeat(500) + ',[{', 'x']), 3)).toBe(true);
  });

  it('refuses 8 MB of empty records, of nested arrays and of numbers, and takes an ordinary answer', () => {
    expect(jsonValuesWithin(Buffer.from(`[${Array(2_700_000).fill('{}').join(',')}]`))).toBe(false);
    expect(jsonValuesWithin(Buffer.from('['.repeat(4_000_000) + ']'.repeat(4_000_000)))).toBe(false);
    expect(
      jsonValuesWithin(
        Buffer.from(
          `[${Array(MAX_JSON_VALUES + 1)
            .fill(0)
            .join(',')}]`,
        ),
      ),
    ).toBe(false);
    expect(
      jsonValuesWithin(
        Buffer.from(
          `[${Array(MAX_JSON_VALUES - 1)
            .fill(0)
            .join(',')}]`,
        ),
      ),
    ).toBe(true);
    // One field as large as an answer may be: one value, however long.
    expect(jsonValuesWithin(Buffer.from(JSON.stringify({ title_uz: 'a,['.repeat(2_000_000) })))).toBe(true);
  });

  it('reads a view of a larger buffer as its own bytes only', () => {
    const bytes = Buffer.from('[1,2,3]xxxx,,,,,,,,');
    expect(jsonValuesWithin(bytes.subarray(0, 7), 3)).toBe(true);
  });
});
