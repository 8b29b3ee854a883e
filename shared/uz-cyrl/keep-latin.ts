/**
 * What stays Latin in the Cyrillic rendition although it is written in Latin letters:
 *   - KEEP_LATIN: Latin-script names and foreign words (brands, products, languages of programming,
 *     tests and degrees, key caps, units), compared case-insensitively as whole words, and a few more in
 *     capitals only (IT, where `it` is an Uzbek word). Callers add their own with keepLatin().
 *   - A word spelled with letters the Uzbek alphabet does not have: c other than in ch, and w (Coursera,
 *     CEFR, Windows), or as no Uzbek word is (Scholar, Sony); the transliterator leaves words with
 *     letters outside a-z as they are too.
 *   - A word shaped like a brand: two capitalised parts (CodeOrbit, LoRa) or small letters before a
 *     capital (iOS, eSIM). Uzbek writes a word and an abbreviation together (ToshDU), never two words.
 * A suffix after an apostrophe is still Uzbek (YouTubeʼdan → YouTubeʼдан), and so are suffixes written
 * on a kept name that has a capital inside (PDFlar → PDFлар).
 */
/** A set of lowercase names that knows its longest, so that a look-up by a word's beginnings stops there. */
class NameSet extends Set<string> {
  longest = 0;

  constructor(names: Iterable<string>) {
    // Added here rather than by Set's constructor, which would run before `longest` is set.
    super();
    for (const name of names) this.add(name);
  }

  override add(name: string): this {
    this.longest = Math.max(this.longest, name.length);
    return super.add(name);
  }
}

export const KEEP_LATIN = new NameSet(
  [
    // brands and services
    'Google',
    'YouTube',
    'Telegram',
    'Instagram',
    'Facebook',
    'WhatsApp',
    'LinkedIn',
    'TikTok',
    'Microsoft',
    'Apple',
    'Android',
    'iPhone',
    'Huawei',
    'Samsung',
    'Zoom',
    'Moodle',
    'Wi-Fi',
    'JavaScript',
    'Chromium',
    'axe-core',
    'vnu',
    'Nu',
    'Checker',
    'UNICODE',
    'Word',
    'Excel',
    'App',
    'Store',
    'Play',
    'e-mail',
    'Elsevier',
    'Springer',
    'LMS',
    'STEAM',
    // file formats, units and abbreviations read in Latin
    'PDF',
    'DOCX',
    'KB',
    'MB',
    'GB',
    'GPA',
    'ID',
    'VR',
    'URL',
    'HTML',
    'WCAG',
    'AA',
    'API',
    'SQL',
    'PHP',
    'IoT',
    'LoRa',
    'JSON',
    'XML',
    'CSS',
    'USB',
    'GPS',
    'IEEE',
    // languages of programming, software and services
    'Python',
    'Java',
    'Kotlin',
    'Node',
    'Django',
    'Linux',
    'Ubuntu',
    'Git',
    'GitHub',
    'GitLab',
    'Figma',
    'Jira',
    'Arduino',
    'Teams',
    'MS',
    'Gmail',
    'Outlook',
    'Skype',
    'Meet',
    'Turnitin',
    'Udemy',
    'Duolingo',
    'Erasmus',
    'Mundus',
    'DAAD',
    'Intel',
    'NVIDIA',
    'AMD',
    'IBM',
    'Xiaomi',
    'Lenovo',
    // tests, levels and degrees known by their Latin names
    'IELTS',
    'TOEFL',
    'SAT',
    'GRE',
    'GMAT',
    'PhD',
    'DSc',
    'BSc',
    'MSc',
    'MBA',
    'STEM',
    // key caps
    'Tab',
    'Shift',
    'Ctrl',
    'Alt',
    'Enter',
    'Escape',
    'Esc',
  ].map((name) => name.toLowerCase()),
);

/** Names kept only when written in capitals: in small letters they are Uzbek words (it, dog; matlab, aim). */
export const KEEP_LATIN_IN_CAPITALS = new Set(['IT', 'AI', 'UX', 'UI', 'MATLAB']);

const OUTSIDE_THE_ALPHABET = /c(?!h)|w/i;

/**
 * Spellings no Uzbek word has: sch at the start (Scholar, Schneider; ruscha is rus + cha), and y after a
 * consonant with no vowel after it (Sony, Lynn, Tyler), where Uzbek y is always a vowel's neighbour. Not
 * read in capitals: an abbreviation is letters, not a spelling.
 */
const FOREIGN_SPELLING = /^sch|[b-df-hj-np-tvxz]y(?![aeiouʻ])/i;

/**
 * Whether a word (ASCII letters and apostrophes, one case segment or whole) stays as written: a kept
 * name, or letters or spellings the Uzbek alphabet does not have.
 */
export function staysLatin(word: string): boolean {
  return (
    KEEP_LATIN.has(word.toLowerCase()) ||
    KEEP_LATIN_IN_CAPITALS.has(word) ||
    OUTSIDE_THE_ALPHABET.test(word) ||
    (word !== word.toUpperCase() && FOREIGN_SPELLING.test(word))
  );
}

/** Adds names that must stay Latin in every later transliteration. */
export function keepLatin(...names: string[]): void {
  for (const name of names) KEEP_LATIN.add(name.toLowerCase());
}
