import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { ru } from '../../shared/i18n/ru';
import { uz } from '../../shared/i18n/uz';

/**
 * Every dictionary has exactly uz's keys, at every depth, and the same kind of value under each
 * (text, a function that makes text, a nested group). `npm run typecheck` refuses a missing or extra
 * key too (ru and en are typed as `Dict`, uz's shape); this test says which key, at run time.
 */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  }
  return [[path, value]];
}

/** Each leaf as `path: kind` (arrays by index, so a list with an item missing differs too). */
function shape(words: unknown): string[] {
  return leaves(words)
    .map(([path, value]) => `${path}: ${typeof value}`)
    .sort();
}

describe('dictionaries', () => {
  const uzShape = shape(uz);

  it.each([
    ['ru', ru],
    ['en', en],
  ])('%s has exactly the keys of uz, recursively, with the same kinds of values', (_lang, words) => {
    expect(shape(words)).toEqual(uzShape);
  });
});
