/**
 * PLACEHOLDER, replaced at merge by the `translit` helper's transliterator (issue 29). A plain
 * letter map, so that the uz-cyrl rendition can be wired through the site before the real rules
 * (ц, ь, Russian loans, exception lists) arrive. Nothing but the exported contract belongs here.
 */

/** Words kept in Latin script in Cyrillic text (brand names and the like). */
export const KEEP_LATIN: readonly string[] = ['Wi-Fi', 'YouTube', 'Telegram', 'Instagram', 'Google', 'PDF', 'KB', 'ID', 'IT'];

const APOSTROPHES = "ʻʼ'‘’`";
const PAIRS: Record<string, string> = { oʻ: 'ў', gʻ: 'ғ', sh: 'ш', ch: 'ч', yo: 'ё', yu: 'ю', ya: 'я', ye: 'е' };
/** One Latin letter, one Cyrillic letter, position by position. */
const SINGLE: Record<string, string> = Object.fromEntries([...'abdefghijklmnopqrstuvxyzcw'].map((latin, i) => [latin, 'абдефгҳижклмнопқрстувхйзсв'[i]!]));
const VOWELS = new Set('aeiouаеиоуэўёюя'.split(''));
const keep = new Set(KEEP_LATIN);

function caseLike(source: string, target: string, wholeUpper: boolean): string {
  if (source[0] !== source[0]!.toUpperCase()) return target;
  return wholeUpper ? target.toUpperCase() : target[0]!.toUpperCase() + target.slice(1);
}

function wordToCyrillic(word: string): string {
  if (keep.has(word)) return word;
  const upper = word.length > 1 && word === word.toUpperCase();
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    const lower = ch.toLowerCase();
    const next = word[i + 1] ?? '';
    if ((lower === 'o' || lower === 'g') && APOSTROPHES.includes(next)) {
      out += caseLike(ch, PAIRS[`${lower}ʻ`]!, upper);
      i++;
      continue;
    }
    const afterPair = word[i + 2];
    const pair = afterPair !== undefined && APOSTROPHES.includes(afterPair) ? undefined : PAIRS[lower + next.toLowerCase()];
    if (pair) {
      out += caseLike(ch, pair, upper);
      i++;
      continue;
    }
    if (APOSTROPHES.includes(ch) && i > 0 && i < word.length - 1) {
      out += 'ъ';
      continue;
    }
    if (lower === 'e' && (i === 0 || VOWELS.has(out.at(-1)!.toLowerCase()))) {
      out += caseLike(ch, 'э', upper);
      continue;
    }
    const single = SINGLE[lower];
    out += single ? caseLike(ch, single, upper) : ch;
  }
  return out;
}

/** Uzbek Latin text in Cyrillic script; what is not a Latin letter stays as it is. */
export function toCyrillic(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z0-9ʻʼ'‘’`-]*/g, (token) => token.split('-').map(wordToCyrillic).join('-'));
}

/** Each Cyrillic letter of 'абвгғдеёжзийкқлмнопрстуўфхҳцчшщъыьэюя' and its Latin spelling, in that order. */
const BACK: Record<string, string> = Object.fromEntries(
  [...'абвгғдеёжзийкқлмнопрстуўфхҳцчшщъыьэюя'].map((cyrillic, i) => [
    cyrillic,
    'a b v g gʻ d e yo j z i y k q l m n o p r s t u oʻ f x h ts ch sh sh ʼ i _ e yu ya'.split(' ')[i]!.replace('_', ''),
  ]),
);

/** Uzbek Cyrillic text in Latin script; what is not a Cyrillic letter stays as it is. */
export function toLatin(text: string): string {
  return text.replace(/[\u0400-\u04ff]/g, (ch) => {
    const lower = ch.toLowerCase();
    const latin = BACK[lower] ?? ch;
    return ch === lower || !latin ? latin : latin[0]!.toUpperCase() + latin.slice(1);
  });
}
