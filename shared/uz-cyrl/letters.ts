/**
 * The letter rules of Uzbek Latin → Cyrillic, for a lowercase word whose apostrophes are canonical
 * (apostrophes.ts): the fixed correspondences of the 1995 alphabet, and what the Latin spelling of
 * Russian and other loans shows without a word list:
 *   - ts at a word's start, and ts before a vowel where what follows is no Uzbek suffix, is ц: no Uzbek
 *     word begins with ts, and inside one t and s meet only where a suffix begins (aytsa, ketsin,
 *     hayotsiz), so tsenzura → цензура, Shveytsariya → Швейцария, meditsina → медицина;
 *   - ts that ends a word in small letters, or its stem before suffixes beginning with a consonant, is
 *     ц: no Uzbek stem ends in ts and no suffix is a lone s (nemets → немец, kvartslar → кварцлар;
 *     Irkutsk, sportsmen keep тс, no suffixes follow their s); names keep тс, the English ones have it
 *     (Sent-Kits → Сент-Китс), and so do abbreviations, read letter by letter (ATS → АТС);
 *   - ye after a consonant is ье: Uzbek writes е after a consonant as e, so a y there is a sign's
 *     (Vyetnam → Вьетнам, premyera → премьера; the ъ of obyekt, subyekt is the exception lists');
 *   - s of -ksiya, -psiya, -ksion is ц: Russian -кция, -пция, -кцион (opsiya → опция, reaksion →
 *     реакцион), as in every such word of the exception lists;
 *   - yon after l or n after a vowel, unless an Uzbek suffix begins at the n, is ьон (pavilyon →
 *     павильон, kanyonda → каньонда; dunyoning stays дунёнинг);
 *   - the tutuq belgisi is ъ wherever it is written, between s and h too (Isʼhoq → Исъҳоқ);
 *   - e after a vowel is э (poeziya → поэзия), but after i it is е: the Russian loans that write ie in
 *     Latin have ие (klient → клиент, abiturient → абитуриент, Aliev → Алиев), no Uzbek word has иэ.
 * The rest of what the spelling hides (other ц, ь, ъ, э, ё/ю/я after a consonant) is the exception
 * lists' part.
 */
import { NOUN, NOUN_OR_VERB, suffixChains } from './suffixes';
import { TextBuilder } from './text-builder';

const SINGLE: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'ц',
  d: 'д',
  f: 'ф',
  g: 'г',
  h: 'ҳ',
  i: 'и',
  j: 'ж',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  q: 'қ',
  r: 'р',
  s: 'с',
  t: 'т',
  u: 'у',
  v: 'в',
  w: 'в',
  x: 'х',
  y: 'й',
  z: 'з',
  ʼ: 'ъ',
  ʻ: 'ъ',
};

const AFTER_Y: Record<string, string> = { o: 'ё', u: 'ю', a: 'я', e: 'е' };

const CONSONANTS = new Set([...'bcdfghjklmnpqrstvwxz']);

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

/** Latin vowels after which e is written э (poeziya → поэзия, aerobika → аэробика); not i (klient). */
const VOWELS_BEFORE_E = new Set(['a', 'e', 'o', 'u']);

function followsVowel(word: string, index: number): boolean {
  const before = word[index - 1];
  if (before === 'ʻ') return word[index - 2] === 'o';
  return before !== undefined && VOWELS_BEFORE_E.has(before);
}

/** Whether `at` is the word's end or a consonant other than the h of sh: where a stem ending in s ends. */
function endsStemBeforeConsonant(word: string, at: number): boolean {
  return at === word.length || (word[at] !== 'h' && CONSONANTS.has(word[at]!));
}

/**
 * `word` letter by letter; `atStart` says whether its first letter begins a word (e → э there), false
 * for the suffixes that follow an exception's stem; `smallLetters` whether it was written in small
 * letters, not as a name or an abbreviation (a stem's final ts is ц only then).
 */
export function lettersToCyrillic(word: string, atStart = true, smallLetters = true): string {
  const out = new TextBuilder();
  const length = word.length;
  // Where Uzbek suffixes could begin, worked out once for the word when a rule needs to know.
  let afterNounOrVerb: ((from: number) => boolean) | undefined;
  let afterNoun: ((from: number) => boolean) | undefined;
  for (let i = 0; i < length; i++) {
    const char = word[i]!;
    const next = word[i + 1];
    if ((char === 'o' || char === 'g') && next === 'ʻ') {
      out.add(char === 'o' ? 'ў' : 'ғ');
      i++;
    } else if (
      char === 't' &&
      next === 's' &&
      ((i === 0 && atStart) ||
        (i > 0 && VOWELS.has(word[i + 2]!) && !(afterNounOrVerb ??= suffixChains(word, NOUN_OR_VERB))(i + 1)) ||
        (smallLetters && endsStemBeforeConsonant(word, i + 2) && (afterNoun ??= suffixChains(word, NOUN))(i + 2)))
    ) {
      out.add('ц');
      i++;
    } else if (char === 's' && (word[i - 1] === 'k' || word[i - 1] === 'p') && next === 'i' && (word.startsWith('ya', i + 2) || word.startsWith('on', i + 2))) {
      // -ksiya, -psiya: the Russian -кция, -пция written with s (opsiya, reaksiya, konsepsiya).
      out.add('ц');
    } else if ((char === 's' || char === 'c') && next === 'h') {
      out.add(char === 's' ? 'ш' : 'ч');
      i++;
    } else if (char === 'y' && next === 'e' && i > 0 && CONSONANTS.has(word[i - 1]!)) {
      out.add('ье');
      i++;
    } else if (
      char === 'y' &&
      next === 'o' &&
      word[i + 2] === 'n' &&
      (word[i - 1] === 'l' || word[i - 1] === 'n') &&
      VOWELS.has(word[i - 2]!) &&
      !(afterNoun ??= suffixChains(word, NOUN))(i + 2)
    ) {
      out.add('ьо');
      i++;
    } else if (char === 'y' && next !== undefined && next in AFTER_Y && !(next === 'o' && word[i + 2] === 'ʻ')) {
      // yo, yu, ya, ye are one letter each; y before oʻ stays й (yoʻl → йўл).
      out.add(AFTER_Y[next]!);
      i++;
    } else if (char === 'e') {
      out.add((i === 0 && atStart) || followsVowel(word, i) ? 'э' : 'е');
    } else {
      out.add(SINGLE[char] ?? char);
    }
  }
  return out.toString();
}
