/**
 * Roman numerals, which Uzbek Cyrillic writes in Latin letters as Uzbek Latin does (XXI asr, IV bob).
 * Only those that cannot be an abbreviation of Uzbek words or an initial: two letters or more (I. Karimov
 * is an initial, F.I.Sh. an abbreviation), made of I, V, X and L, or four letters long and more (MCMXC).
 */
const ROMAN = /^(?=[MDCLXVI])M{0,3}(?:C[MD]|D?C{0,3})(?:X[CL]|L?X{0,3})(?:I[XV]|V?I{0,3})$/;
const SMALL_NUMERALS = /^[IVXL]+$/;

export function isRomanNumeral(word: string): boolean {
  return word.length >= 2 && ROMAN.test(word) && (SMALL_NUMERALS.test(word) || word.length >= 4);
}
