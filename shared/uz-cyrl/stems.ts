/**
 * Whole words and stems whose Cyrillic spelling the letter rules cannot know. A stem matches at the
 * start of a word followed by Uzbek suffixes only (suffixes.ts); the longest matching stem wins.
 */
import { canonicalApostrophes } from './apostrophes';
import { lettersToCyrillic } from './letters';
import { isSuffixChain } from './suffixes';

/** A Latin word or stem, lowercase, and its Cyrillic spelling. */
export type StemPair = readonly [latin: string, cyrillic: string];

/** Stems are looked up only for words that share their first letters: most words skip the search. */
const PREFIX = 3;

export class StemTable {
  private readonly stems = new Map<string, string>();
  private readonly prefixes = new Set<string>();

  constructor(...lists: readonly (readonly StemPair[])[]) {
    for (const list of lists) for (const [latin, cyrillic] of list) this.add(latin, cyrillic);
  }

  /** Adds or replaces an entry; a later list overrides an earlier one. */
  add(latin: string, cyrillic: string): void {
    const key = canonicalApostrophes(latin.toLowerCase());
    this.stems.set(key, cyrillic.toLowerCase());
    this.prefixes.add(key.slice(0, PREFIX));
  }

  /** The Cyrillic of a lowercase, canonical-apostrophe word, or undefined when no entry matches. */
  lookup(word: string): string | undefined {
    const whole = this.stems.get(word);
    if (whole !== undefined) return whole;
    if (word.length <= PREFIX || !this.prefixes.has(word.slice(0, PREFIX))) return undefined;
    for (let end = word.length - 1; end >= PREFIX; end--) {
      const stem = this.stems.get(word.slice(0, end));
      if (stem === undefined) continue;
      const rest = word.slice(end);
      if (!isSuffixChain(rest)) continue;
      // A final ь goes before a suffix, as in the public lists: oktabr → октябрь, oktabrda → октябрда.
      const base = stem.endsWith('ь') ? stem.slice(0, -1) : stem;
      return base + lettersToCyrillic(rest, false);
    }
    return undefined;
  }
}
