/**
 * The words of a result's original text as a reader sees them, apostrophes included ("o'quv" is one
 * word), so they can be matched to the terms a query found and marked. `SOURCE_WORD` says what a word
 * is; `eachSourceWord` finds the same words without the regular expression: a search page walks
 * about a thousand words of its results, and the expression's iterator allocates a match object per
 * word, several times the cost of this scan (the search line of `npm run bench` times a query with its
 * marking). The unit tests hold the scan to the expression's answers.
 */

/** What a word is made of: letters, digits, combining marks and the apostrophe forms. */
const WORD_CLASS = "[\\p{L}\\p{N}\\p{M}'ʻ‘’ʼ`´]";

/** A word, dotted numbers (603.01) whole: the definition the scan below keeps to (and is tested against). */
export const SOURCE_WORD = new RegExp(`${WORD_CLASS}+(?:\\.\\p{N}+)*`, 'gu');

const WORD_CHAR = new RegExp(`^${WORD_CLASS}$`, 'u');
const DIGIT_CHAR = /^\p{N}$/u;

/** Per UTF-16 unit of the Basic Multilingual Plane, learnt on first sight: 0 not yet, 1 word, 2 not. */
const WORD_UNITS = new Uint8Array(0x10000);
const DIGIT_UNITS = new Uint8Array(0x10000);

function classify(table: Uint8Array, pattern: RegExp, code: number): boolean {
  let known = table[code]!;
  if (known === 0) {
    known = pattern.test(String.fromCharCode(code)) ? 1 : 2;
    table[code] = known;
  }
  return known === 1;
}

/** How many units of `text` at `i` make one character of `pattern`'s class: 0 when it is not one. */
function charLength(text: string, i: number, table: Uint8Array, pattern: RegExp): number {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    // A character beyond the BMP (a surrogate pair): rare enough to ask the expression each time.
    const pair = text.slice(i, i + 2);
    return pair.codePointAt(0)! > 0xffff && pattern.test(pair) ? 2 : 0;
  }
  return classify(table, pattern, code) ? 1 : 0;
}

/**
 * Calls `visit` with each word of `text` before `limit` (a word that starts before it is read whole)
 * and its index, in order, until `visit` answers true.
 */
export function eachSourceWord(text: string, limit: number, visit: (word: string, index: number) => boolean): void {
  const end = text.length;
  let i = 0;
  while (i < end && i < limit) {
    let step = charLength(text, i, WORD_UNITS, WORD_CHAR);
    if (step === 0) {
      i++;
      continue;
    }
    const start = i;
    do i += step;
    while (i < end && (step = charLength(text, i, WORD_UNITS, WORD_CHAR)) > 0);
    // Dotted numbers: a dot followed by digits carries on the word, as many times as they come.
    while (i + 1 < end && text.charCodeAt(i) === 0x2e && charLength(text, i + 1, DIGIT_UNITS, DIGIT_CHAR) > 0) {
      i++;
      while (i < end && (step = charLength(text, i, DIGIT_UNITS, DIGIT_CHAR)) > 0) i += step;
    }
    if (visit(text.slice(start, i), start)) return;
  }
}
