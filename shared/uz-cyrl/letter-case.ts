/**
 * The case of a Latin word, read by the letters of the alphabet: sh, ch, oʻ, gʻ and yo, yu, ya, ye are
 * one letter each (one Cyrillic letter), and a letter is a capital when its first character is. A word
 * is read as segments of one case each, so that an abbreviation keeps its capitals when Uzbek suffixes
 * are written on (AQSHda → АҚШда, OTMlarga → ОТМларга) and a name made of parts keeps each part's
 * (OʻzMU → ЎзМУ, ToshDU → ТошДУ):
 *   - two capitals or more in a row are an upper-case segment (AQSH, AQSh, MU);
 *   - one capital and the small letters after it are a capitalised segment (Toʻshkent, Oʻz);
 *   - small letters after an upper-case segment, or at the start, are a lower-case one (da, larga).
 * Only ASCII letters and apostrophes come here (to-cyrillic.ts leaves other words as written).
 */
import { APOSTROPHE_CHARS } from './apostrophes';

export type LetterCase = 'lower' | 'capitalised' | 'upper';

export interface CaseSegment {
  readonly text: string;
  readonly case: LetterCase;
}

const TWO_CHARACTER_LETTERS = new Set(['sh', 'ch', 'yo', 'yu', 'ya', 'ye']);
const APOSTROPHES = new Set(APOSTROPHE_CHARS);

/** 1 for a capital, 0 for a small letter, -1 for an apostrophe, which has no case. */
type UnitCase = 1 | 0 | -1;

interface Unit {
  readonly start: number;
  readonly case: UnitCase;
}

function units(word: string): Unit[] {
  const out: Unit[] = [];
  for (let at = 0; at < word.length;) {
    const code = word.charCodeAt(at);
    const unitCase: UnitCase = code >= 0x41 && code <= 0x5a ? 1 : code >= 0x61 && code <= 0x7a ? 0 : -1;
    out.push({ start: at, case: unitCase });
    const pair = word.slice(at, at + 2).toLowerCase();
    const two = unitCase !== -1 && (TWO_CHARACTER_LETTERS.has(pair) || ((pair[0] === 'o' || pair[0] === 'g') && APOSTROPHES.has(word[at + 1]!)));
    at += two ? 2 : 1;
  }
  return out;
}

/** The word's segments of one case each, in order; their texts joined are the word. */
export function caseSegments(word: string): CaseSegment[] {
  const all = units(word);
  const segments: CaseSegment[] = [];
  const end = (index: number) => (index < all.length ? all[index]!.start : word.length);
  let at = 0;
  while (at < all.length) {
    let next = at;
    let segmentCase: LetterCase;
    if (all[at]!.case === 1) {
      let capitals = 0;
      while (next < all.length && all[next]!.case !== 0) capitals += all[next++]!.case === 1 ? 1 : 0;
      if (capitals === 1 && next < all.length) {
        while (next < all.length && all[next]!.case !== 1) next++;
        segmentCase = 'capitalised';
      } else {
        segmentCase = 'upper';
      }
    } else {
      while (next < all.length && all[next]!.case !== 1) next++;
      segmentCase = 'lower';
    }
    segments.push({ text: word.slice(end(at), end(next)), case: segmentCase });
    at = next;
  }
  return segments;
}

/** Lower-case Cyrillic in the given case. */
export function inCase(cyrillic: string, letterCase: LetterCase): string {
  if (letterCase === 'upper') return cyrillic.toUpperCase();
  if (letterCase === 'capitalised') return cyrillic.charAt(0).toUpperCase() + cyrillic.slice(1);
  return cyrillic;
}
