/**
 * Uzbek Cyrillic → Latin, deterministic, by the 1995 rules: е is ye at a word's start and after a
 * vowel or a sign, ц is ts after a vowel and s elsewhere, ь is dropped, ъ is the tutuq belgisi (but ъе
 * and ье are ye: объект → obyekt), сҳ is sʼh. Digraphs take the case of their word (Ш → Sh, ШАҲАР → SHAHAR).
 */
import { LETTER_MARK, TUTUQ } from './apostrophes';

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

function isUpper(char: string | undefined): boolean {
  return char !== undefined && char !== char.toLowerCase();
}

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

export function toLatin(text: string): string {
  let out = '';
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const char = text[i]!;
    const lower = char.toLowerCase();
    if (!(lower in LETTERS)) {
      out += char;
      continue;
    }
    const latin = latinOf(lower, text[i - 1]?.toLowerCase(), text[i + 1]?.toLowerCase());
    if (!isUpper(char) || latin === '') out += latin;
    else if (latin.length === 1 || isUpper(text[i + 1]) || (!isLetter(text[i + 1]) && isUpper(text[i - 1]))) out += latin.toUpperCase();
    else out += latin.charAt(0).toUpperCase() + latin.slice(1);
  }
  return out;
}
