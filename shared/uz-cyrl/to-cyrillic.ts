/**
 * Uzbek Latin → Cyrillic for plain text of any length, in one pass of one regular expression: URLs,
 * e-mail addresses, site paths, {placeholders}, Cyrillic and words in KEEP_LATIN or with letters
 * outside the Uzbek alphabet come out as they went in; every other Latin word goes through the proper
 * names, the exception stems and the letter rules, and gets the case of its source.
 */
import { APOSTROPHE_CHARS, canonicalApostrophes } from './apostrophes';
import { EXCEPTIONS } from './exceptions';
import { KEEP_LATIN } from './keep-latin';
import { lettersToCyrillic } from './letters';
import { NAMES } from './names';
import { StemTable } from './stems';
import { isSuffixChain } from './suffixes';

/** Proper names override the exception lists. */
export const STEMS = new StemTable(EXCEPTIONS, NAMES);

const A = `[${APOSTROPHE_CHARS}]`;
const URL = String.raw`(?:https?|ftp|file|mailto):[^\s<>"«»]*[^\s<>"«».,;:!?)\]]|www\.[^\s<>"«»]*[^\s<>"«».,;:!?)\]]`;
const EMAIL = String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`;
const DOMAIN = String.raw`(?<![\p{L}\p{N}@.])(?:[A-Za-z0-9-]+\.)+(?:uz|com|org|net|ru|edu|gov|int|io|info|me|de|uk|app|dev)(?![\p{L}\p{N}])(?:/[^\s<>"«»]*[^\s<>"«».,;:!?)\]])?`;
const PATH = String.raw`(?<![\p{L}\p{N}])/[A-Za-z0-9._~%/-]*[A-Za-z0-9_~%/-]`;
const PLACEHOLDER = String.raw`\{[A-Za-z]+\}`;
/** Latin letters with apostrophes inside; one at the end only after o or g (togʻ). */
const WORD = String.raw`\p{Script=Latin}+(?:${A}\p{Script=Latin}+)*(?:(?<=[oOgG])${A})?(?:-\p{Script=Latin}+(?:${A}\p{Script=Latin}+)*(?:(?<=[oOgG])${A})?)*`;

const TOKEN = new RegExp(`(${URL}|${EMAIL}|${DOMAIN}|${PATH}|${PLACEHOLDER})|${WORD}`, 'giu');

const UZBEK_LATIN = new RegExp(`^[A-Za-z${APOSTROPHE_CHARS}-]+$`);
const KEPT_WITH_SUFFIX = new RegExp(`^(.+?)(${A})(\\p{Script=Latin}+)$`, 'u');

function applyCase(source: string, cyrillic: string): string {
  const upper = source.toUpperCase();
  if (source.length > 1 && source === upper && source !== source.toLowerCase()) {
    return cyrillic.toUpperCase();
  }
  const first = source[0]!;
  if (first !== first.toLowerCase()) return cyrillic.charAt(0).toUpperCase() + cyrillic.slice(1);
  return cyrillic;
}

function part(word: string): string {
  const lower = canonicalApostrophes(word.toLowerCase());
  return applyCase(word, STEMS.lookup(lower) ?? lettersToCyrillic(lower));
}

/**
 * A name kept in Latin with Uzbek suffixes written on (JavaScriptsiz, PDFlar): the name stays, the
 * suffixes go to Cyrillic. Only a name with a capital inside it, so that an Uzbek word beginning like a
 * kept word (tabiiy, not Tab + iiy) is never cut.
 */
function keptWithSuffixes(token: string): string | null {
  const lower = token.toLowerCase();
  for (let end = token.length - 1; end > 1; end--) {
    const name = token.slice(0, end);
    if (/\p{Lu}/u.test(name.slice(1)) && KEEP_LATIN.has(lower.slice(0, end)) && isSuffixChain(canonicalApostrophes(lower.slice(end)))) {
      return name + part(token.slice(end));
    }
  }
  return null;
}

function word(token: string): string {
  if (!UZBEK_LATIN.test(token) || KEEP_LATIN.has(token.toLowerCase())) return token;
  const kept = KEPT_WITH_SUFFIX.exec(token);
  if (kept && KEEP_LATIN.has(kept[1]!.toLowerCase())) return kept[1]! + kept[2]! + part(kept[3]!);
  const suffixed = keptWithSuffixes(token);
  if (suffixed) return suffixed;
  if (!token.includes('-')) return part(token);
  return token
    .split('-')
    .map((piece) => (KEEP_LATIN.has(piece.toLowerCase()) ? piece : part(piece)))
    .join('-');
}

export function toCyrillic(text: string): string {
  return text.replace(TOKEN, (token: string, kept: string | undefined) => (kept === undefined ? word(token) : token));
}
