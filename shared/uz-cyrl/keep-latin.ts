/**
 * Latin-script names and foreign words that stay Latin in the Cyrillic rendition (brands, products,
 * key caps, units), compared case-insensitively as whole words; a suffix after an apostrophe is still
 * Uzbek (YouTubeʼdan → YouTubeʼдан). Callers add their own with keepLatin().
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

/** Adds names that must stay Latin in every later transliteration. */
export function keepLatin(...names: string[]): void {
  for (const name of names) KEEP_LATIN.add(name.toLowerCase());
}
