/**
 * Uzbek Cyrillic → Latin, deterministic, by the 1995 rules: е is ye at a word's start and after a
 * vowel or a sign, ц is ts after a vowel and s elsewhere, ь is dropped, ъ is the tutuq belgisi (but ъе
 * and ье are ye: объект → obyekt), сҳ is sʼh. Digraphs take the case of their word (Ш → Sh, ШАҲАР → SHAHAR).
 */
import { LETTER_MARK, TUTUQ } from './apostrophes';
import { TextBuilder } from './text-builder';

/** One Latin letter each, in the same order: а → a, б → b … ҳ → h. */
const ONE_TO_ONE = ['абвгдежзийклмнопрстуфхцыэқҳ', 'abvgdejziyklmnoprstufxsieqh'] as const;

const LETTERS: Record<string, string> = {
  ...Object.fromEntries([...ONE_TO_ONE[0]].map((cyrillic, index) => [cyrillic, ONE_TO_ONE[1][index]!])),
  ё: 'yo',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: TUTUQ,
  ь: '',
  ю: 'yu',
  я: 'ya',
  ў: `o${LETTER_MARK}`,
  ғ: `g${LETTER_MARK}`,
};

const VOWELS = new Set([...'аеёиоуэюяў']);
const SIGNS = new Set(['ъ', 'ь']);

function isLetter(char: string | undefined): boolean {
  return char !== undefined && char.toLowerCase() !== char.toUpperCase();
}

function latinOf(lower: string, before: string | undefined, after: string | undefined): string {
  if (lower === 'е') return !isLetter(before) || VOWELS.has(before!) || SIGNS.has(before!) ? 'ye' : 'e';
  if (lower === 'ц') return before !== undefined && VOWELS.has(before) ? 'ts' : 's';
  // ъ before е: the е already says ye (объект → obyekt); after ў it is part of the letter (мўъжиза → moʻjiza).
  if (lower === 'ъ' && (after === 'е' || before === 'ў')) return '';
  if (lower === 'ҳ' && before === 'с') return `${TUTUQ}h`;
  return LETTERS[lower] ?? lower;
}

/** Cyrillic letters and whatever else the Cyrillic block holds: the rest of a text is copied as it is. */
const CYRILLIC_RUN = /[\u0400-\u04ff]+/g;

/**
 * One run of the Cyrillic block at `offset` of `text`. Its lower case is made once (in this block it
 * has the run's length), and each letter reads only its neighbours, so a run costs its length.
 */
function latinRun(text: string, run: string, offset: number): string {
  const lowerRun = run.toLowerCase();
  const lowerAt = (index: number): string | undefined => {
    const inRun = index - offset;
    return inRun >= 0 && inRun < run.length ? lowerRun[inRun] : text[index]?.toLowerCase();
  };
  const isUpperAt = (index: number): boolean => {
    const char = text[index];
    return char !== undefined && char !== lowerAt(index);
  };
  const out = new TextBuilder();
  for (let inRun = 0; inRun < run.length; inRun++) {
    const lower = lowerRun[inRun]!;
    const char = run[inRun]!;
    if (LETTERS[lower] === undefined) {
      out.add(char);
      continue;
    }
    const at = offset + inRun;
    const latin = latinOf(lower, lowerAt(at - 1), lowerAt(at + 1));
    if (char === lower || latin === '') out.add(latin);
    else if (latin.length === 1 || isUpperAt(at + 1) || (!isLetter(text[at + 1]) && isUpperAt(at - 1))) out.add(latin.toUpperCase());
    else out.add(latin.charAt(0).toUpperCase() + latin.slice(1));
  }
  return out.toString();
}

export function toLatin(text: string): string {
  return text.replace(CYRILLIC_RUN, (run: string, offset: number) => latinRun(text, run, offset));
}
