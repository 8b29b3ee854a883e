/**
 * One comparable form for search text in Uzbek (Latin and Cyrillic), Russian and English, applied
 * alike to what is indexed and to what is asked, so that 'ўқув', "o'quv", "oʻquv" and "O‘QUV" are one
 * word. The form is lowercase Latin without diacritics, with two letters of its own: 'ŏ' for ў/oʻ and
 * 'ğ' for ғ/gʻ (the apostrophe forms ' ʻ ‘ ’ ʼ ` ´ are one letter mark after o and g; elsewhere, as the
 * tutuq belgisi of ma'lumot/маълумот, they are dropped on both sides).
 *
 * Cyrillic goes to Latin by the 1995 Uzbek rules, letter by letter, looking only at the letter before
 * (е is 'ye' at a word's start and after a vowel, ц is 'ts' after a vowel): a prefix of a word then
 * normalises to a prefix of the word's form, which is what prefix search ('учеб' → 'учебный') needs.
 * Russian goes through the same table (щ → sh, ы → i), which keeps it self-consistent.
 */
import type { Lang } from '../../shared/lang';

/** Apostrophe and letter-mark look-alikes people type for oʻ, gʻ and the tutuq belgisi. */
const APOSTROPHES = /['ʻ‘’ʼ`´ʹ′＇]/g;

/** Letters of the 1993 Latin alphabet and their present spelling (ŏ was oʻ, ğ was gʻ, ş was sh…). */
const OLD_LATIN: Record<string, string> = { ŏ: "o'", ğ: "g'", ş: 'sh', ç: 'ch', ñ: 'ng' };

const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: "'",
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: "o'",
  қ: 'q',
  ғ: "g'",
  ҳ: 'h',
  // Neighbouring alphabets' letters that turn up in names.
  ө: "o'",
  ү: 'u',
  ң: 'ng',
  һ: 'h',
  і: 'i',
  ә: 'a',
  ҷ: 'j',
  ӣ: 'i',
  ӯ: "o'",
  ҝ: 'g',
};

/** Vowels (both scripts) and the signs after which Cyrillic е is pronounced and written 'ye'. */
const YE_AFTER = new Set([...'аеёиоуэюяўөүәыaeiouъь']);
const TS_AFTER = new Set([...'аеёиоуэюяўөүәыaeiou']);

function isLetter(char: string | undefined): boolean {
  return char !== undefined && /\p{L}/u.test(char);
}

/** Cyrillic to Latin, one letter at a time, looking only at the letter before. */
function transliterate(text: string): string {
  let out = '';
  let previous: string | undefined;
  for (const char of text) {
    let latin = CYRILLIC[char];
    if (char === 'е') latin = !isLetter(previous) || YE_AFTER.has(previous!) ? 'ye' : 'e';
    else if (char === 'ц') latin = previous !== undefined && TS_AFTER.has(previous) ? 'ts' : 's';
    out += latin ?? char;
    previous = char;
  }
  return out;
}

/**
 * The comparable form of any text (a whole document or a query) in the language of its index. Russian
 * prints ё as е as often as not, so in Russian they are one letter (приём = прием); in Uzbek Cyrillic ё
 * is its own sound (ёз = yoz) and stays.
 */
export function normalise(text: string, lang?: Lang): string {
  let s = text.replace(APOSTROPHES, "'").normalize('NFKC').toLowerCase().replace(APOSTROPHES, "'");
  if (lang === 'ru') s = s.replace(/ё/g, 'е');
  s = s.replace(/[ŏğşçñ]/g, (char) => OLD_LATIN[char]!);
  s = transliterate(s);
  // Case and diacritics do not matter: é → e, ö → o, i̇ → i.
  s = s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
  // The letter mark after o and g makes one letter; any other apostrophe is dropped.
  return s.replace(/o'/g, 'ŏ').replace(/g'/g, 'ğ').replace(/'/g, '');
}

/** A word of the comparable form: letters and digits; dotted numbers (programme code 603.01) stay whole. */
const TOKEN = /[\p{L}\p{N}]+(?:\.\p{N}+)*/gu;

/** The search terms of a text, in the comparable form. */
export function tokens(text: string, lang?: Lang): string[] {
  return normalise(text, lang).match(TOKEN) ?? [];
}

/**
 * The terms a query searches for. Every term must match (AND), so a stray one-letter word ("o'quv yili
 * o") would empty the results: single letters count only when the query has nothing longer.
 */
export function queryTerms(query: string, lang: Lang): string[] {
  const all = tokens(query, lang);
  const words = all.filter((term) => [...term].length > 1);
  return words.length ? words : all;
}
