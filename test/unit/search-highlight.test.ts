import { describe, expect, it } from 'vitest';
import { excerpt, markWords } from '../../server/search/highlight';
import { tokens } from '../../server/search/normalise';
import { eachSourceWord, SOURCE_WORD } from '../../server/search/source-words';

const marked = (runs: { text: string; mark?: boolean }[]) => runs.filter((run) => run.mark).map((run) => run.text);

describe('marking the words of a result', () => {
  it('marks a word by its comparable form in the language of the index, each language apart', () => {
    // Russian reads ё as е; Uzbek Cyrillic keeps ё as its own letter. The same word, asked in
    // both languages one after the other, must not take the other language's answer.
    const terms = new Set(tokens('прием', 'ru'));
    expect(marked(markWords('Приём документов', terms, 'ru'))).toEqual(['Приём']);
    expect(marked(markWords('Приём документов', terms, 'uz'))).toEqual([]);
    expect(marked(markWords('Приём документов', terms, 'ru'))).toEqual(['Приём']);
  });

  it('marks Latin words from Cyrillic terms and cuts the excerpt around the first match', () => {
    const terms = new Set(tokens('ўқув', 'uz'));
    const text = `${'Boshqa soʻzlar. '.repeat(20)}Yangi oʻquv yili sentyabrda boshlanadi.`;
    const runs = excerpt(text, terms, 80, 'uz');
    expect(marked(runs)).toEqual(['oʻquv']);
    expect(runs[0]).toEqual({ text: '… ' });
  });
});

describe('the words of a text', () => {
  /** What SOURCE_WORD finds: the definition the scanner must agree with. */
  const byExpression = (text: string) => [...text.matchAll(SOURCE_WORD)].map((m) => [m[0], m.index] as const);
  const byScanner = (text: string, limit = text.length) => {
    const found: (readonly [string, number])[] = [];
    eachSourceWord(text, limit, (word, index) => {
      found.push([word, index]);
      return false;
    });
    return found;
  };

  it('finds the words the expression finds, in awkward text', () => {
    const samples = [
      "Oʻzbekiston va g‘alaba, ma'lumot, o`quv, TAʼLIM",
      'Yoʻnalish kodi 60310300 va 603.01, v1.2.3, 3.x, 4., .5, 1..2',
      'Приём документов — «учебный» год; ёлка, Ўқув режа, ғалаба',
      'café naïve e\u0301 i\u0307 \u0301alone',
      'emoji 🎓 between, 𝐀𝐁 math letters, 𝟏𝟐.𝟑 math digits, lone \ud800 and \udc00 halves, end \ud83c',
      '',
      '   ',
      'a',
    ];
    for (const text of samples) expect(byScanner(text), text).toEqual(byExpression(text));
  });

  it('agrees with the expression on random text of letters, marks, digits, dots and apostrophes', () => {
    const alphabet = [..."ab ʻ'’`´.0 9,-ўё\u0301 \n🎓𝐀𝟏", '\ud800', '\udc00'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 2000; n++) {
      const text = Array.from({ length: 1 + Math.floor(next() * 24) }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
      expect(byScanner(text), JSON.stringify(text)).toEqual(byExpression(text));
    }
  });

  it('stops at the limit, reading a word that starts before it whole, and when told to', () => {
    expect(byScanner('alpha beta gamma', 7)).toEqual([
      ['alpha', 0],
      ['beta', 6],
    ]);
    const seen: string[] = [];
    eachSourceWord('one two three', 99, (word) => {
      seen.push(word);
      return word === 'two';
    });
    expect(seen).toEqual(['one', 'two']);
  });
});
