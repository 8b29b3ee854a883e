/**
 * The letter rules of Uzbek Latin → Cyrillic, for a lowercase word whose apostrophes are canonical
 * (apostrophes.ts): the fixed correspondences of the 1995 alphabet, nothing a word list must decide.
 * What the Latin spelling does not show (ц, ь, ъ, ё/ю/я after a consonant in Russian loans) is the
 * exception lists' part.
 */
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

/** Latin vowels after which e is written э (poeziya → поэзия, aerobika → аэробика). */
const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function followsVowel(word: string, index: number): boolean {
  const before = word[index - 1];
  if (before === 'ʻ') return word[index - 2] === 'o';
  return before !== undefined && VOWELS.has(before);
}

function isLetterMark(char: string | undefined): boolean {
  return char === 'ʻ' || char === 'ʼ';
}

/**
 * `word` letter by letter; `atStart` says whether its first letter begins a word (e → э there), false
 * for the suffixes that follow an exception's stem.
 */
export function lettersToCyrillic(word: string, atStart = true): string {
  let out = '';
  const length = word.length;
  for (let i = 0; i < length; i++) {
    const char = word[i]!;
    const next = word[i + 1];
    if ((char === 'o' || char === 'g') && next === 'ʻ') {
      out += char === 'o' ? 'ў' : 'ғ';
      i++;
    } else if (char === 's' && isLetterMark(next) && word[i + 2] === 'h') {
      // Isʼhoq, Asʼhob: s and h that are two letters, not the digraph sh.
      out += 'сҳ';
      i += 2;
    } else if (char === 't' && next === 's' && word[i + 2] === 'i' && (word.startsWith('ya', i + 3) || word.startsWith('on', i + 3))) {
      // -tsiya, -tsion are Russian -ция, -цион in every word that has them (revolyutsiya, aviatsion).
      out += 'ц';
      i++;
    } else if ((char === 's' || char === 'c') && next === 'h') {
      out += char === 's' ? 'ш' : 'ч';
      i++;
    } else if (char === 'y' && next !== undefined && next in AFTER_Y && !(next === 'o' && word[i + 2] === 'ʻ')) {
      // yo, yu, ya, ye are one letter each; y before oʻ stays й (yoʻl → йўл).
      out += AFTER_Y[next];
      i++;
    } else if (char === 'e') {
      out += (i === 0 && atStart) || followsVowel(word, i) ? 'э' : 'е';
    } else {
      out += SINGLE[char] ?? char;
    }
  }
  return out;
}
