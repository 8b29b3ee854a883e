/**
 * The apostrophe forms Uzbek Latin texts use for the letter mark of oʻ and gʻ and for the tutuq belgisi
 * (taʼlim): the same set the site's search accepts (server/search/normalise.ts), so a word the search
 * understands is a word the transliterator understands.
 */
export const APOSTROPHE_CHARS = "'ʻʼ‘’`´ʹ′＇";

/** The letter mark of oʻ and gʻ in the output of toLatin and in the exception lists. */
export const LETTER_MARK = 'ʻ';

/** The tutuq belgisi in the output of toLatin and in the exception lists. */
export const TUTUQ = 'ʼ';

const ANY_APOSTROPHE = new RegExp(`[${APOSTROPHE_CHARS}]`, 'g');
const HAS_APOSTROPHE = new RegExp(`[${APOSTROPHE_CHARS}]`);

/**
 * One spelling for every apostrophe of a lowercase Latin word: ʻ after o and g, ʼ elsewhere. Exception
 * keys are written this way, so a word typed with ' or ’ finds them.
 */
export function canonicalApostrophes(word: string): string {
  if (!HAS_APOSTROPHE.test(word)) return word;
  return word.replace(ANY_APOSTROPHE, (_mark, index: number) => {
    const before = word[index - 1];
    return before === 'o' || before === 'g' ? LETTER_MARK : TUTUQ;
  });
}
