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

const APOSTROPHES = new Set(APOSTROPHE_CHARS);

const CAPITAL = /[A-Z]/g;

/** 1 for a capital, 0 for a small letter, -1 for an apostrophe, which has no case. */
type UnitCase = 1 | 0 | -1;

function unitCase(word: string, at: number): UnitCase {
  const code = word.charCodeAt(at);
  return code >= 0x41 && code <= 0x5a ? 1 : code >= 0x61 && code <= 0x7a ? 0 : -1;
}

/** The length of the letter at `at`: 2 for sh, ch, yo, yu, ya, ye, oʻ and gʻ. */
function unitLength(word: string, at: number): number {
  const first = word.charCodeAt(at) | 0x20;
  const second = word.charCodeAt(at + 1) | 0x20;
  if (first === 0x6f || first === 0x67) return APOSTROPHES.has(word.charAt(at + 1)) ? 2 : 1; // o, g
  if (first === 0x73 || first === 0x63) return second === 0x68 ? 2 : 1; // s, c before h
  if (first === 0x79) return second === 0x6f || second === 0x75 || second === 0x61 || second === 0x65 ? 2 : 1; // y before o, u, a, e
  return 1;
}

/** The index past the letters from `at` on whose case is not `stop`, and how many capitals they hold. */
function runUntil(word: string, at: number, stop: UnitCase): { end: number; capitals: number } {
  let end = at;
  let capitals = 0;
  for (let letterCase: UnitCase; end < word.length && (letterCase = unitCase(word, end)) !== stop; end += unitLength(word, end)) {
    if (letterCase === 1) capitals++;
  }
  return { end, capitals };
}

/**
 * More segments than an abbreviation with suffixes or a name of parts has (SamDChTIga): a word that
 * changes case more often is no Uzbek word, and reading it stops there.
 */
const MOST_SEGMENTS = 8;

/**
 * The word's segments of one case each, in order; their texts joined are the word. Null for a word of
 * more than MOST_SEGMENTS, so that the work and the memory stay small whatever the word. One pass, no
 * more than a few comparisons a letter.
 */
export function caseSegments(word: string): CaseSegment[] | null {
  // Most words are in one case: found without reading them letter by letter.
  CAPITAL.lastIndex = 1;
  if (!CAPITAL.test(word)) return [{ text: word, case: unitCase(word, 0) !== 1 ? 'lower' : word.length > 1 ? 'capitalised' : 'upper' }];
  const segments: CaseSegment[] = [];
  for (let at = 0; at < word.length;) {
    if (segments.length === MOST_SEGMENTS) return null;
    let end: number;
    let segmentCase: LetterCase;
    if (unitCase(word, at) === 1) {
      const capitals = runUntil(word, at, 0);
      if (capitals.capitals === 1 && capitals.end < word.length) {
        end = runUntil(word, capitals.end, 1).end;
        segmentCase = 'capitalised';
      } else {
        end = capitals.end;
        segmentCase = 'upper';
      }
    } else {
      end = runUntil(word, at, 1).end;
      segmentCase = 'lower';
    }
    segments.push({ text: word.slice(at, end), case: segmentCase });
    at = end;
  }
  return segments;
}

/** Lower-case Cyrillic in the given case. */
export function inCase(cyrillic: string, letterCase: LetterCase): string {
  if (letterCase === 'upper') return cyrillic.toUpperCase();
  if (letterCase === 'capitalised') return cyrillic.charAt(0).toUpperCase() + cyrillic.slice(1);
  return cyrillic;
}
