/**
 * The apostrophe forms Uzbek Latin texts use for the letter mark of oʻ and gʻ and for the tutuq belgisi
 * (taʼlim): the same set the site's search accepts (server/search/normalise.ts), so a word the search
 * understands is a word the transliterator understands.
 */
import { TextBuilder } from './text-builder';

export const APOSTROPHE_CHARS = "'ʻʼ‘’`´ʹ′＇";

/** The letter mark of oʻ and gʻ in the output of toLatin and in the exception lists. */
export const LETTER_MARK = 'ʻ';

/** The tutuq belgisi in the output of toLatin and in the exception lists. */
export const TUTUQ = 'ʼ';

const HAS_APOSTROPHE = new RegExp(`[${APOSTROPHE_CHARS}]`);
const APOSTROPHES = new Set(APOSTROPHE_CHARS);

/**
 * One spelling for every apostrophe of a lowercase Latin word: ʻ after o and g, ʼ elsewhere. Exception
 * keys are written this way, so a word typed with ' or ’ finds them. Built a piece at a time
 * (text-builder.ts): a replacement by a global pattern keeps every match of a long word at once.
 */
export function canonicalApostrophes(word: string): string {
  if (!HAS_APOSTROPHE.test(word)) return word;
  const out = new TextBuilder();
  let copied = 0;
  for (let at = 0; at < word.length; at++) {
    if (!APOSTROPHES.has(word[at]!)) continue;
    const before = word[at - 1];
    out.add(word.slice(copied, at));
    out.add(before === 'o' || before === 'g' ? LETTER_MARK : TUTUQ);
    copied = at + 1;
  }
  out.add(word.slice(copied));
  return out.toString();
}
