import { describe, expect, it } from 'vitest';
import { rememberedWithin } from '../../server/bounded';
import { remembered, rememberedPerLang } from '../../shared/remembered';

describe('remembered answers', () => {
  it('computes each input once, null answers included, and forgets the least recently asked past its bound', () => {
    const asked: string[] = [];
    const length = remembered(2, (key) => (asked.push(key), key ? key.length : null));
    expect([length('ab'), length('ab'), length(''), length('')]).toEqual([2, 2, null, null]);
    expect(asked).toEqual(['ab', '']);
    length('ab');
    length('xyz'); // the third input: '' was asked least recently, and goes
    length('ab');
    length('');
    expect(asked).toEqual(['ab', '', 'xyz', '']);
  });

  it('bounds text answers by characters: past the bound the least recently asked go, and a text larger than it is never kept', () => {
    const asked: string[] = [];
    const upper = rememberedWithin(10, (key) => (asked.push(key), key.toUpperCase()));
    expect([upper('ab'), upper('ab'), upper('cd')]).toEqual(['AB', 'AB', 'CD']);
    expect(asked).toEqual(['ab', 'cd']);
    upper('efg'); // 4 + 4 + 6 characters: over 10, so 'ab', asked least recently, is forgotten
    upper('cd');
    upper('ab');
    upper('abcdefghijk'); // 22 characters alone: answered, never kept
    upper('abcdefghijk');
    expect(asked).toEqual(['ab', 'cd', 'efg', 'ab', 'abcdefghijk', 'abcdefghijk']);
  });

  it('keeps each language apart', () => {
    const tagged = rememberedPerLang(['uz', 'ru'] as const, 10, (key, lang) => `${lang}:${key}`);
    expect([tagged.ru('a'), tagged.uz('a'), tagged.ru('a')]).toEqual(['ru:a', 'uz:a', 'ru:a']);
  });
});
