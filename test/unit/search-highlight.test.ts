import { describe, expect, it } from 'vitest';
import { excerpt, markWords } from '../../server/search/highlight';
import { tokens } from '../../server/search/normalise';

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
