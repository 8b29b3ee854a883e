/**
 * Uzbek Latin → Cyrillic for plain text of any length, in one linear pass (scan.ts): URLs, e-mail
 * addresses, domain names, site paths, {placeholders}, @handles, Cyrillic and words in KEEP_LATIN or
 * with letters outside the Uzbek alphabet come out as they went in; every other Latin word goes through
 * the proper names, the exception stems and the letter rules, and gets the case of its source. The work
 * on a word is linear in its length too: stems and kept names are looked for only up to the longest
 * one's length, and the suffixes after them are read once (suffixes.ts).
 */
import { APOSTROPHE_CHARS, canonicalApostrophes } from './apostrophes';
import { EXCEPTIONS } from './exceptions';
import { KEEP_LATIN, staysLatin } from './keep-latin';
import { lettersToCyrillic } from './letters';
import { NAMES } from './names';
import { caseSegments, inCase, type CaseSegment } from './letter-case';
import { isRomanNumeral } from './roman-numerals';
import { mapWords } from './scan';
import { StemTable } from './stems';
import { suffixChains } from './suffixes';

/**
 * The exception lists are common words; proper names override them, and the rule that a word with c or
 * w stays Latin (Rheinwald), in words written with a capital (Sent the name, sent the cent).
 */
const COMMON_STEMS = new StemTable(EXCEPTIONS);
const NAME_STEMS = new StemTable(NAMES);

const UZBEK_LATIN = new RegExp(`^[A-Za-z${APOSTROPHE_CHARS}-]+$`);

/** A capital of the words the letter rules read (ASCII letters and apostrophes only). */
const CAPITAL_AFTER_FIRST = /[A-Z]/g;
const APOSTROPHE_LIST = [...APOSTROPHE_CHARS];

/**
 * A segment of one case (letter-case.ts): an upper-case one that is a Roman numeral stays as written.
 * `commonWord` false says a capitalised segment is a name's, not a common word of the exception lists.
 */
function segmentToCyrillic({ text, case: letterCase }: CaseSegment, first: boolean, commonWord: boolean): string {
  const lower = canonicalApostrophes(text.toLowerCase());
  const name = letterCase === 'lower' ? undefined : NAME_STEMS.lookup(lower);
  if (name !== undefined) return inCase(name, letterCase);
  if (staysLatin(text) || (letterCase === 'upper' && isRomanNumeral(text))) return text;
  // Small letters after capitals are suffixes written on (AQSHda, ZTUning): no stem, no word-initial э.
  if (!first && letterCase === 'lower') return lettersToCyrillic(lower, false);
  const common = letterCase !== 'capitalised' || commonWord ? COMMON_STEMS.lookup(lower) : undefined;
  return inCase(common ?? lettersToCyrillic(lower, true, letterCase === 'lower'), letterCase);
}

/** A brand's prefix of small letters before a capital: iOS, eSIM, macOS, myID. */
const BRAND_PREFIX = 3;

/** Two capitalised parts (CodeOrbit) or a few small letters before a capital (iOS): a brand's name, kept. */
function shapedLikeABrand(segments: readonly CaseSegment[]): boolean {
  const [first] = segments;
  return (
    (segments.length > 1 && first!.case === 'lower' && first!.text.length <= BRAND_PREFIX && !elision(first!.text)) ||
    segments.filter((segment) => segment.case === 'capitalised').length > 1
  );
}

/**
 * A unit with a decimal prefix in small letters (kVt, mA, kGts, mkF): shaped like iOS, but Uzbek
 * Cyrillic writes it in Cyrillic (кВт, мА, кГц, мкФ).
 */
const PREFIXED_UNIT = /^(?:k|m|mk|n|p|d)(?:V|Vt|VA|A|Gts|Pa|N|J|Om|Vb|Tl|Gn|F|Kl|B)$/;

/**
 * A capitalised part that runs into a kept one in capitals (MySQL, PostgreSQL, AutoCAD): a Latin-script
 * name. Uzbek writes a word and its abbreviation together (ToshDU, OʻzMU), but never with one that is
 * kept in Latin. The index of the segment after the kept part, or -1.
 */
function keptNameEnd(segments: readonly CaseSegment[]): number {
  if (segments[0]!.case !== 'capitalised') return -1;
  let end = -1;
  for (let index = 1; index < segments.length; index++) {
    if (segments[index]!.case === 'upper' && staysLatin(segments[index]!.text)) end = index + 1;
  }
  return end;
}

/** Small letters and an apostrophe before a capital: a French elision (Kot-d’Ivuar), its apostrophe kept. */
function elision(text: string): boolean {
  return APOSTROPHE_LIST.includes(text.at(-1)!);
}

/** A word without hyphens, each of its segments of one case in that case. */
function part(word: string, commonWord = true): string {
  const segments = caseSegments(word);
  if (!segments || (shapedLikeABrand(segments) && !PREFIXED_UNIT.test(word))) return word;
  const kept = keptNameEnd(segments);
  if (kept !== -1) {
    const name = segments.slice(0, kept).map((segment) => segment.text);
    return (
      name.join('') +
      segments
        .slice(kept)
        .map((segment) => segmentToCyrillic(segment, false, commonWord))
        .join('')
    );
  }
  return segments
    .map((segment, index) => {
      if (segment.case !== 'lower' || segments[index + 1]?.case !== 'capitalised' || !elision(segment.text)) {
        return segmentToCyrillic(segment, index === 0, commonWord);
      }
      const letters = { text: segment.text.slice(0, -1), case: segment.case };
      return segmentToCyrillic(letters, index === 0, commonWord) + segment.text.at(-1)!;
    })
    .join('');
}

const CAPITAL = /^[A-Z]/;

/**
 * A Roman numeral of one letter before a hyphen and a word in small letters (I-kurs, V-bob); I standing
 * alone without the dot of an initial too (I–IV kurs, I bosqich; I. Karimov is an initial), but not V,
 * which after a number is the volt (220 V).
 */
const ONE_LETTER_NUMERAL = new Set(['I', 'V', 'X']);
const ONE = 'I';
const SMALL_LETTER = /^[a-z]/;

/**
 * A hyphenated word: each piece on its own. Pieces that all begin with a capital are a name's
 * (Sent-Kits, San-Tome), not common words.
 */
function hyphenated(token: string): string {
  const pieces = token.split('-');
  const name = pieces.every((piece) => CAPITAL.test(piece));
  return pieces.map((piece, index) => (ONE_LETTER_NUMERAL.has(piece) && SMALL_LETTER.test(pieces[index + 1] ?? '') ? piece : part(piece, !name))).join('-');
}

/**
 * A kept name, an apostrophe and an Uzbek suffix (YouTubeʼdan): the name and the apostrophe stay, the
 * suffix goes to Cyrillic. The apostrophe is the word's last one, with letters only after it.
 */
function keptBeforeApostrophe(token: string): string | null {
  const mark = Math.max(...APOSTROPHE_LIST.map((apostrophe) => token.lastIndexOf(apostrophe)));
  if (mark < 1 || mark === token.length - 1 || token.includes('-', mark)) return null;
  const name = token.slice(0, mark);
  return staysLatin(name) ? name + token[mark]! + part(token.slice(mark + 1)) : null;
}

/** The shortest kept name that a capitalised word without a capital inside is read as (Zoomda, not Nu + …). */
const SHORTEST_NAME_WITH_SUFFIXES = 3;

/**
 * A name kept in Latin with Uzbek suffixes written on (JavaScriptsiz, PDFlar, Telegramda): the name
 * stays, the suffixes go to Cyrillic. The suffixes must be a chain the grammar allows, and the name one
 * with a capital inside it or, in a word written with a capital, of three letters or more, so that an
 * Uzbek word beginning like a kept word (tabiiy, not Tab + iiy; Greklar, not Gre + klar) is never cut.
 */
function keptWithSuffixes(token: string): string | null {
  CAPITAL_AFTER_FIRST.lastIndex = 1;
  const capital = CAPITAL_AFTER_FIRST.exec(token)?.index;
  let shortest: number;
  if (capital !== undefined) shortest = capital + 1;
  else if (CAPITAL.test(token)) shortest = SHORTEST_NAME_WITH_SUFFIXES;
  else return null;
  const lower = token.toLowerCase();
  let chains: ((from: number) => boolean) | undefined;
  for (let end = Math.min(token.length - 1, KEEP_LATIN.longest); end >= shortest; end--) {
    if (!KEEP_LATIN.has(lower.slice(0, end))) continue;
    chains ??= suffixChains(canonicalApostrophes(lower));
    if (chains(end)) return token.slice(0, end) + part(token.slice(end));
  }
  return null;
}

function word(token: string): string {
  if (!UZBEK_LATIN.test(token) || KEEP_LATIN.has(token.toLowerCase())) return token;
  const kept = keptBeforeApostrophe(token) ?? keptWithSuffixes(token);
  if (kept) return kept;
  return token.includes('-') ? hyphenated(token) : part(token);
}

/** A text's words repeat: each distinct short word is worked out once per text, up to this many. */
const REMEMBERED_WORDS = 10_000;
const REMEMBERED_LENGTH = 40;

export function toCyrillic(text: string): string {
  const seen = new Map<string, string>();
  return mapWords(text, (token, after) => {
    if (token === ONE && after !== '.') return token;
    if (token.length > REMEMBERED_LENGTH) return word(token);
    let cyrillic = seen.get(token);
    if (cyrillic === undefined) {
      cyrillic = word(token);
      if (seen.size < REMEMBERED_WORDS) seen.set(token, cyrillic);
    }
    return cyrillic;
  });
}
