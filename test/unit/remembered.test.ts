import { describe, expect, it } from 'vitest';
import { remembered, rememberedPerLang } from '../../shared/remembered';

describe('remembered answers', () => {
  it('computes each input once, null answers included, and forgets all past its bound', () => {
    const asked: string[] = [];
    const length = remembered(2, (key) => (asked.push(key), key ? key.length : null));
    expect([length('ab'), length('ab'), length(''), length('')]).toEqual([2, 2, null, null]);
    expect(asked).toEqual(['ab', '']);
    length('xyz'); // the third input: the two before are forgotten
    length('ab');
    expect(asked).toEqual(['ab', '', 'xyz', 'ab']);
  });

  it('keeps each language apart', () => {
    const tagged = rememberedPerLang(['uz', 'ru'] as const, 10, (key, lang) => `${lang}:${key}`);
    expect([tagged.ru('a'), tagged.uz('a'), tagged.ru('a')]).toEqual(['ru:a', 'uz:a', 'ru:a']);
  });
});
