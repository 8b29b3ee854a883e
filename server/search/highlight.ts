/**
 * Result text with the matched words marked. The index answers with the terms (in the comparable
 * form) each result matched; a word of the original text is marked when one of its terms is among
 * them, so 'ўқув' marks "o‘quv" in Latin text and "учеб" marks the whole word "учебный".
 */
import type { TextRun } from '../../shared/api';
import { LANGS, type Lang } from '../../shared/lang';
import { rememberedPerLang } from '../../shared/remembered';
import { tokens } from './normalise';
import { eachSourceWord } from './source-words';

/** How far into a long text the first match is looked for; beyond it the excerpt is the text's start. */
const SCAN_CHARS = 6000;
/** Context kept before the first matched word. */
const LEAD_CHARS = 50;
/**
 * Longer words are never marked: no word of a language is this long, and a run of letters in hostile
 * data would otherwise be normalised whole, and remembered, for every result that shows it.
 */
const MARKED_WORD_MAX_CHARS = 64;

/**
 * The terms of one word of a result, remembered: results are made of the same few thousand words, and
 * a word's comparable form (NFKC, transliteration, NFD) is dear enough that making it anew for every
 * word of every result dominates a search page's CPU (`BENCH_PROFILE=1 npm run bench` shows it).
 */
const termsOfWord = rememberedPerLang(LANGS, 20_000, tokens);

function wordMatches(word: string, terms: ReadonlySet<string>, lang: Lang): boolean {
  if (word.length > MARKED_WORD_MAX_CHARS) return false;
  for (const term of termsOfWord[lang](word)) if (terms.has(term)) return true;
  return false;
}

/** `text` as runs, the words matching `terms` marked. */
export function markWords(text: string, terms: ReadonlySet<string>, lang: Lang): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  eachSourceWord(text, text.length, (word, index) => {
    if (!wordMatches(word, terms, lang)) return false;
    if (index > last) runs.push({ text: text.slice(last, index) });
    runs.push({ text: word, mark: true });
    last = index + word.length;
    return false;
  });
  if (last < text.length) runs.push({ text: text.slice(last) });
  return runs;
}

/** Index of the first word of `text` that matches, or -1. */
function firstMatch(text: string, terms: ReadonlySet<string>, lang: Lang): number {
  let found = -1;
  eachSourceWord(text, SCAN_CHARS, (word, index) => {
    if (!wordMatches(word, terms, lang)) return false;
    found = index;
    return true;
  });
  return found;
}

/** About `max` characters of `text` around its first matched word, cut at spaces, with ellipses. */
export function excerpt(text: string, terms: ReadonlySet<string>, max: number, lang: Lang): TextRun[] {
  if (!text) return [];
  const hit = firstMatch(text, terms, lang);
  let start = hit > LEAD_CHARS ? text.lastIndexOf(' ', hit - LEAD_CHARS) + 1 : 0;
  if (start < 0 || hit - start > max / 2) start = Math.max(0, hit - LEAD_CHARS);
  let end = Math.min(text.length, start + max);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > (hit > start ? hit : start)) end = space;
  }
  const runs = markWords(text.slice(start, end).trim(), terms, lang);
  if (start > 0) runs.unshift({ text: '… ' });
  if (end < text.length) runs.push({ text: ' …' });
  return runs;
}
