import { describe, expect, it } from 'vitest';
import { ForgetfulMap, remembered, rememberedPerLang, rememberedWithin } from '../../shared/remembered';

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

  it('bounds text answers by characters: past the bound all are forgotten, and a text larger than it is never kept', () => {
    const asked: string[] = [];
    const upper = rememberedWithin(10, (key) => (asked.push(key), key.toUpperCase()));
    expect([upper('ab'), upper('ab'), upper('cd')]).toEqual(['AB', 'AB', 'CD']);
    expect(asked).toEqual(['ab', 'cd']);
    upper('efg'); // 4 + 4 + 6 characters: over 10, so 'ab' and 'cd' are forgotten
    upper('ab');
    upper('abcdefghijk'); // 22 characters alone: answered, never kept
    upper('abcdefghijk');
    expect(asked).toEqual(['ab', 'cd', 'efg', 'ab', 'abcdefghijk', 'abcdefghijk']);
  });

  it('keeps each language apart', () => {
    const tagged = rememberedPerLang(['uz', 'ru'] as const, 10, (key, lang) => `${lang}:${key}`);
    expect([tagged.ru('a'), tagged.uz('a'), tagged.ru('a')]).toEqual(['ru:a', 'uz:a', 'ru:a']);
  });

  it('holds at most its bound in a ForgetfulMap, a new key past it forgetting the rest; none with a bound of 0', () => {
    const map = new ForgetfulMap<number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('b', 3); // a key it holds is replaced, nothing forgotten
    expect([map.get('a'), map.get('b')]).toEqual([1, 3]);
    map.set('c', 4);
    expect([map.get('a'), map.get('b'), map.get('c')]).toEqual([undefined, undefined, 4]);
    const none = new ForgetfulMap<number>(0);
    none.set('a', 1);
    expect(none.get('a')).toBeUndefined();
  });
});
