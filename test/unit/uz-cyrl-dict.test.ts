import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { entries, latinSource } from '../../scripts/lib/uz-cyrl-dict';
import { uz } from '../../shared/i18n/uz';
import { uzCyrl } from '../../shared/i18n/uz-cyrl';

const REGENERATE = 'node scripts/generate-uz-cyrl-dict.mjs';
const RECORD = JSON.parse(readFileSync(new URL('../../shared/i18n/uz-cyrl.source.json', import.meta.url), 'utf8')) as Record<string, string>;

/** Each entry as `path: kind`, so that a missing, extra or retyped entry shows by name. */
function shape(words: unknown): string[] {
  return entries(words)
    .map(([path, leaf]) => `${path}: ${typeof leaf}`)
    .sort();
}

describe('the Cyrillic interface dictionary', () => {
  it('has exactly the keys of uz, recursively, with the same kinds of values', () => {
    expect(shape(uzCyrl)).toEqual(shape(uz));
  });

  it('was made from the current Latin text of every entry', () => {
    const stale = entries()
      .filter(([path, leaf]) => RECORD[path] !== latinSource(leaf))
      .map(([path]) => path);
    const gone = Object.keys(RECORD).filter((path) => !entries().some(([current]) => current === path));
    const message = `uz changed without the Cyrillic dictionary: ${[...stale, ...gone].join(', ')}; run \`${REGENERATE}\``;
    expect([...stale, ...gone], message).toEqual([]);
  });

  it('fills its templates like uz does', () => {
    expect(uzCyrl.search.pageOf(2, 5)).toBe('5 саҳифадан 2-саҳифа');
    expect(uzCyrl.codeOfConduct.size('120')).toBe('PDF, 120 KB');
  });
});
