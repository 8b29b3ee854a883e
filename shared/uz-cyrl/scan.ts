/**
 * The words of a text and what stays as written around them, in one left-to-right pass whose work is
 * linear in the text's length whatever it holds. At each position the first of these that starts there
 * wins, as a regular expression's alternation would:
 *   - a URL (`https:`, `ftp:`, `file:`, `mailto:`, `www.`, and `tel:` in small letters, since `Tel:` is
 *     a label), to the last character that is not trailing punctuation; `mailto:` with nothing after it
 *     too, which no Uzbek text means as a word;
 *   - a character reference (`&amp;`, `&#171;`) and a tag written as text (`<b>`, `&lt;/p&gt;`): the
 *     tag's name stays, what a reader of HTML recognises;
 *   - an e-mail address (`info@ztu.uz`, any script's letters);
 *   - a domain name with a known top-level domain (`qabul.ztu.uz`), with a path after it, and a file
 *     name with a known extension (`rasm.JPG`, `Node.js`);
 *   - a site path (`/ru/about`), a `{placeholder}`, an `@handle`, and `.NET` and `F#`;
 *   - a code of Latin letters and digits (`AB12345`, `B2`, `MP3`), and capitals after digits (`3D`,
 *     `5G`; small letters after digits are Uzbek suffixes: `10ta`);
 *   - a Latin word: letters with apostrophes inside (taʼlim, moʻʼjiza), one at the end after o or g (togʻ), a
 *     tutuq belgisi written as ʼ at the end (mavqeʼ; ’ and ' there may close a quotation), and inner
 *     hyphens (ota-ona).
 * Everything else is copied. Nothing here retries a pattern at every position of a long run: each
 * pattern that reads ahead (the part of an e-mail address before its @, the labels of a domain name)
 * remembers what it read for the rest of that run, so every character is read a bounded number of times.
 */
import { APOSTROPHE_CHARS, TUTUQ } from './apostrophes';
import { TextBuilder } from './text-builder';

const APOSTROPHES = new Set(APOSTROPHE_CHARS);

/** Sticky patterns read one run from a given index: a single class, so they never backtrack. */
const LATIN_RUN = /\p{Script=Latin}{1,65536}/uy;
const EMAIL_LOCAL_RUN = /[\p{L}\p{N}._%+-]{1,65536}/uy;
const EMAIL_LABEL_RUN = /[\p{L}\p{N}-]{1,65536}/uy;
const DOMAIN_LABEL_RUN = /[A-Za-z0-9_-]{1,65536}/y;
const DOMAIN_LABEL_CHAR = /[A-Za-z0-9_-]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const PATH_RUN = /[A-Za-z0-9._~%/-]{1,65536}/y;
const URL_RUN = /[^\s<>"«»]{1,65536}/y;
const HANDLE_RUN = /\w{1,65536}/y;
const PLACEHOLDER_RUN = /[A-Za-z]{1,65536}/y;
/**
 * What nothing can start at: outside an e-mail address's local part, anything but letters, digits and
 * the characters a kept span begins or is made of; inside one whose run has no @ after it, its letters
 * that are neither Latin nor a domain's, digits other than ASCII, % and +.
 */
const INERT_OUTSIDE_LOCAL = /[^\p{L}\p{N}._%+\-/{@&<]{1,65536}/uy;
// One class made by subtraction (the v flag), not a lookahead repeated per character.
const INERT_INSIDE_LOCAL = new RegExp(String.raw`[[\p{L}\p{N}%+]--[\p{Script=Latin}0-9]]{1,65536}`, 'vy');

/** What ends a URL or a domain's path but is read as the sentence's punctuation when it comes last. */
const TRAILING_PUNCTUATION = new Set('.,;:!?)]');
const URL_SCHEMES = ['https:', 'http:', 'ftp:', 'file:', 'mailto:', 'www.'];
const TEL = 'tel:';
/** A tag written as text, its name included: `<b`, `</p`, `&lt;b`, `&lt;/p`. */
const TAG_AS_TEXT = /(?:<|&lt;)\/?[A-Za-z][A-Za-z0-9-]{0,63}/y;
const CHARACTER_REFERENCE = /&(?:#\d{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/y;
/** The endings of a chain of labels that make it a domain or a file name: top-level domains and file extensions. */
const KNOWN_ENDINGS = new Set([
  ...['uz', 'com', 'org', 'net', 'ru', 'edu', 'gov', 'int', 'io', 'info', 'me', 'de', 'uk', 'app', 'dev'],
  ...['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'],
  ...['jpg', 'jpeg', 'png', 'gif', 'svg', 'webp', 'bmp', 'tif', 'tiff', 'heic', 'mp3', 'mp4', 'avi', 'mov', 'mkv', 'webm', 'wav', 'ogg'],
  ...['zip', 'rar', 'tar', 'gz', 'exe', 'apk', 'js', 'ts', 'py', 'java', 'html', 'htm', 'css', 'json', 'xml', 'php', 'sql', 'md'],
]);
const LONGEST_KNOWN_ENDING = 4;
/** Names with punctuation in them that stay as written. */
const PUNCTUATED_NAMES = ['.NET', 'F#'];
const CODE_RUN = /[A-Za-z0-9]{1,65536}/y;
const DIGIT = /[0-9]/;
const CAPITAL = /[A-Z]/;

/**
 * The most a run pattern reads at once. A quantified class that holds characters beyond the BMP (\p{L}
 * does) keeps an entry per character on the regular expression engine's stack, which overflows on a run
 * of some millions: runs are read in pieces of this many and joined.
 */
const RUN_PIECE = 65536;

/** The index just past the run `pattern` (a class, {1,RUN_PIECE}) reads at `at`, or `at` when none starts there. */
function runEnd(pattern: RegExp, text: string, at: number): number {
  let end = at;
  for (;;) {
    pattern.lastIndex = end;
    if (!pattern.test(text)) return end;
    const piece = pattern.lastIndex - end;
    end = pattern.lastIndex;
    // A piece shorter than the most the pattern reads ended the run (a pair of surrogates counts two).
    if (piece < RUN_PIECE) return end;
  }
}

/** The index just past what `pattern` matches at `at`, or `at`. */
function matchEnd(pattern: RegExp, text: string, at: number): number {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : at;
}

/** The code point before `at` as a string ('' at the start), a surrogate pair whole. */
function charBefore(text: string, at: number): string {
  if (at === 0) return '';
  const code = text.charCodeAt(at - 1);
  return code >= 0xdc00 && code <= 0xdfff && at > 1 ? text.slice(at - 2, at) : text.charAt(at - 1);
}

function isAsciiLetter(code: number): boolean {
  return (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
}

function isAsciiLetterOrDigit(code: number): boolean {
  return isAsciiLetter(code) || (code >= 0x30 && code <= 0x39);
}

function isLetterOrDigitAt(text: string, at: number): boolean {
  return at < text.length && LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(at)!));
}

/** The end of `from`'s run of what URL_RUN reads, drawn back over trailing punctuation; -1 when nothing is left. */
function withoutTrailingPunctuation(text: string, from: number): number {
  let end = runEnd(URL_RUN, text, from);
  while (end > from && TRAILING_PUNCTUATION.has(text[end - 1]!)) end--;
  return end > from ? end : -1;
}

/**
 * One scan of one text. The memos hold what a read-ahead found for a run: the run's end and the
 * answer, valid for every later index inside that run.
 */
class Scan {
  /** The end of the last run read as an e-mail address's local part, and the address's end (-1: none). */
  private localEnd = -1;
  private emailEnd = -1;
  /** The end of the last chain of domain labels read, and where its domain name ends (-1: none). */
  private chainEnd = -1;
  private lastDomainDot = -1;
  private domainEnd = -1;

  constructor(private readonly text: string) {}

  /** The end of the characters from `at` on where nothing starts, `at` itself when something may. */
  inertEnd(at: number): number {
    return runEnd(at < this.localEnd ? INERT_INSIDE_LOCAL : INERT_OUTSIDE_LOCAL, this.text, at);
  }

  /** The end of the span kept as written that starts at `at`, or -1. */
  keptAt(at: number): number {
    const text = this.text;
    const char = text[at]!;
    const url = this.urlAt(at);
    if (url !== -1) return url;
    const email = this.emailAt(at);
    if (email !== -1) return email;
    const domain = this.domainAt(at);
    if (domain !== -1) return domain;
    const code = this.codeAt(at);
    if (code !== -1) return code;
    const markup = this.markupAt(at);
    if (markup !== -1) return markup;
    const punctuated = this.punctuatedNameAt(at);
    if (punctuated !== -1) return punctuated;
    if (char === '/') return this.pathAt(at);
    if (char === '{') {
      const end = runEnd(PLACEHOLDER_RUN, text, at + 1);
      return end > at + 1 && text[end] === '}' ? end + 1 : -1;
    }
    if (char === '@') {
      const end = runEnd(HANDLE_RUN, text, at + 1);
      return end > at + 1 ? end : -1;
    }
    return -1;
  }

  /**
   * Where the word from `start` to `end` runs into a web address written on without a space
   * (Batafsilhttps://…, Saytwww.ztu.uz): the address's start, or -1.
   */
  addressInside(start: number, end: number): number {
    const next = this.text[end];
    // The last letters of www, http and https.
    const last = this.text.charCodeAt(end - 1) | 0x20;
    if ((next !== '.' && next !== ':') || (last !== 0x77 && last !== 0x70 && last !== 0x73)) return -1;
    const tail = this.text.slice(Math.max(start, end - 5), end).toLowerCase();
    const scheme = ['https', 'http', 'www'].find((name) => tail.endsWith(name));
    if (!scheme || end - scheme.length === start || !this.text.startsWith(scheme === 'www' ? '.' : '://', end)) return -1;
    return this.urlAt(end - scheme.length) === -1 ? -1 : end - scheme.length;
  }

  /** A run of Latin letters and digits with a digit in it, or capitals right after a digit (3D). */
  private codeAt(at: number): number {
    const text = this.text;
    if (!isAsciiLetter(text.charCodeAt(at))) return -1;
    const end = runEnd(CODE_RUN, text, at);
    const run = text.slice(at, end);
    return DIGIT.test(run) || (DIGIT.test(text.charAt(at - 1)) && CAPITAL.test(run)) ? end : -1;
  }

  private punctuatedNameAt(at: number): number {
    const text = this.text;
    if (text[at] !== '.' && text[at] !== 'F') return -1;
    const name = PUNCTUATED_NAMES.find((candidate) => text.startsWith(candidate, at));
    if (!name || isLetterOrDigitAt(text, at + name.length) || (at > 0 && LETTER_OR_DIGIT.test(charBefore(text, at)))) return -1;
    return at + name.length;
  }

  private urlAt(at: number): number {
    const text = this.text;
    if (text.startsWith(TEL, at)) return withoutTrailingPunctuation(text, at + TEL.length);
    const first = text.charCodeAt(at) | 0x20;
    // h, f, m, w: the first letters of the schemes, so that most positions cost one comparison.
    if (first !== 0x68 && first !== 0x66 && first !== 0x6d && first !== 0x77) return -1;
    const head = text.slice(at, at + 7).toLowerCase();
    const scheme = URL_SCHEMES.find((prefix) => head.startsWith(prefix));
    if (!scheme) return -1;
    const end = withoutTrailingPunctuation(text, at + scheme.length);
    return end === -1 && scheme === 'mailto:' ? at + scheme.length : end;
  }

  /** A tag written as text or a character reference at `at`, or -1. */
  private markupAt(at: number): number {
    const char = this.text[at];
    if (char !== '<' && char !== '&') return -1;
    const tag = matchEnd(TAG_AS_TEXT, this.text, at);
    if (tag !== at) return tag;
    const reference = matchEnd(CHARACTER_REFERENCE, this.text, at);
    return reference !== at ? reference : -1;
  }

  /** `[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`, its local part read once per run. */
  private emailAt(at: number): number {
    if (at < this.localEnd) return this.emailEnd;
    const text = this.text;
    const local = runEnd(EMAIL_LOCAL_RUN, text, at);
    if (local === at) return -1;
    this.localEnd = local;
    this.emailEnd = -1;
    if (text[local] !== '@') return -1;
    let end = runEnd(EMAIL_LABEL_RUN, text, local + 1);
    if (end === local + 1) return -1;
    let labels = 0;
    for (let next: number; text[end] === '.' && (next = runEnd(EMAIL_LABEL_RUN, text, end + 1)) > end + 1; labels++) end = next;
    if (labels > 0) this.emailEnd = end;
    return this.emailEnd;
  }

  /**
   * `(?<![\p{L}\p{N}@.])(?:[A-Za-z0-9_-]+\.)+(?:uz|com|…)(?![\p{L}\p{N}])` and a path: the domain ends
   * at the last top-level domain of its chain of labels. A chain is read once; an index inside it has
   * the same last top-level domain ahead of it.
   */
  private domainAt(at: number): number {
    const text = this.text;
    if (!DOMAIN_LABEL_CHAR.test(text.charAt(at))) return -1;
    const before = charBefore(text, at);
    if (before === '@' || before === '.' || (before !== '' && LETTER_OR_DIGIT.test(before))) return -1;
    if (at >= this.chainEnd) this.readChain(at);
    if (this.lastDomainDot <= at) return -1;
    const end = this.domainEnd;
    if (text[end] !== '/') return end;
    const path = withoutTrailingPunctuation(text, end + 1);
    return path === -1 ? end : path;
  }

  private readChain(from: number): void {
    const text = this.text;
    this.lastDomainDot = -1;
    let at = from;
    for (;;) {
      const label = runEnd(DOMAIN_LABEL_RUN, text, at);
      if (label === at || text[label] !== '.') {
        this.chainEnd = label;
        return;
      }
      const tld = this.topLevelDomainEnd(label + 1);
      if (tld !== -1) {
        this.lastDomainDot = label;
        this.domainEnd = tld;
      }
      at = label + 1;
    }
  }

  /** The end of a known ending (top-level domain, file extension) at `at` that no letter or digit follows, or -1. */
  private topLevelDomainEnd(at: number): number {
    const text = this.text;
    let end = at;
    while (end - at <= LONGEST_KNOWN_ENDING && isAsciiLetterOrDigit(text.charCodeAt(end))) end++;
    if (end - at < 2 || end - at > LONGEST_KNOWN_ENDING || isLetterOrDigitAt(text, end)) return -1;
    return KNOWN_ENDINGS.has(text.slice(at, end).toLowerCase()) ? end : -1;
  }

  /** `(?<![\p{L}\p{N}])/[A-Za-z0-9._~%/-]*[A-Za-z0-9_~%/-]`. */
  private pathAt(at: number): number {
    const before = charBefore(this.text, at);
    if (before !== '' && LETTER_OR_DIGIT.test(before)) return -1;
    let end = runEnd(PATH_RUN, this.text, at + 1);
    while (end > at + 1 && this.text[end - 1] === '.') end--;
    return end > at + 1 ? end : -1;
  }
}

/** The end of the Latin word at `at` (see the module's comment), or -1. */
function wordAt(text: string, at: number): number {
  let end = runEnd(LATIN_RUN, text, at);
  if (end === at) return -1;
  for (;;) {
    for (let next: number; APOSTROPHES.has(text[end]!) && (next = runEnd(LATIN_RUN, text, end + 1)) > end + 1;) end = next;
    if ((APOSTROPHES.has(text[end]!) && 'oOgG'.includes(text[end - 1]!)) || text[end] === TUTUQ) {
      end++;
      // A tutuq belgisi right after the letter mark (moʻʼjiza): the word goes on when letters follow.
      if (APOSTROPHES.has(text[end]!)) continue;
    }
    const next = text[end] === '-' ? runEnd(LATIN_RUN, text, end + 1) : end;
    if (next <= end + 1) return end;
    end = next;
  }
}

/**
 * `text` with each Latin word replaced by `convert(word, after)`, `after` the character that follows
 * the word ('' at the end); spans kept as written (the module's list) and everything else unchanged.
 */
export function mapWords(text: string, convert: (word: string, after: string) => string): string {
  const scan = new Scan(text);
  const parts = new TextBuilder();
  let copied = 0;
  let at = 0;
  while (at < text.length) {
    const kept = scan.keptAt(at);
    if (kept !== -1) {
      at = kept;
      continue;
    }
    const end = wordAt(text, at);
    if (end === -1) {
      at = scan.inertEnd(at + (text.codePointAt(at)! > 0xffff ? 2 : 1));
      continue;
    }
    const address = scan.addressInside(at, end);
    // The letters before such an address are a text of their own, as if a space stood between.
    const words = address !== -1 ? mapWords(text.slice(at, address), convert) : convert(text.slice(at, end), text.charAt(end));
    parts.add(text.slice(copied, at));
    parts.add(words);
    copied = at = address !== -1 ? address : end;
  }
  parts.add(text.slice(copied));
  return parts.toString();
}
