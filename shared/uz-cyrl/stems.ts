/**
 * Whole words and stems whose Cyrillic spelling the letter rules cannot know. A stem matches at the
 * start of a word followed by Uzbek suffixes only (suffixes.ts); the longest matching stem wins. A
 * look-up tries only the word's beginnings up to the longest stem's length and reads the suffixes once,
 * so a word of any length costs time in proportion to its length.
 */
import { canonicalApostrophes } from './apostrophes';
import { lettersToCyrillic } from './letters';
import { suffixChains } from './suffixes';

/** A Latin word or stem, lowercase, and its Cyrillic spelling. */
export type StemPair = readonly [latin: string, cyrillic: string];

/** The shortest stem a longer word is searched for. */
const PREFIX = 3;

export class StemTable {
  private readonly stems = new Map<string, string>();
  /** Every beginning of every entry (from PREFIX letters on): a search stops at the first the word leaves. */
  private readonly prefixes = new Set<string>();

  constructor(...lists: readonly (readonly StemPair[])[]) {
    for (const list of lists) for (const [latin, cyrillic] of list) this.add(latin, cyrillic);
  }

  /** Adds or replaces an entry; a later list overrides an earlier one. */
  add(latin: string, cyrillic: string): void {
    const key = canonicalApostrophes(latin.toLowerCase());
    this.stems.set(key, cyrillic.toLowerCase());
    for (let end = PREFIX; end <= key.length; end++) this.prefixes.add(key.slice(0, end));
  }

  /** The Cyrillic of a lowercase, canonical-apostrophe word, or undefined when no entry matches. */
  lookup(word: string): string | undefined {
    const whole = this.stems.get(word);
    if (whole !== undefined) return whole;
    const ends: number[] = [];
    for (let end = PREFIX; end < word.length; end++) {
      const prefix = word.slice(0, end);
      if (!this.prefixes.has(prefix)) break;
      if (this.stems.has(prefix)) ends.push(end);
    }
    let chains: ((from: number) => boolean) | undefined;
    for (const end of ends.reverse()) {
      chains ??= suffixChains(word);
      if (!chains(end)) continue;
      const stem = this.stems.get(word.slice(0, end))!;
      const rest = word.slice(end);
      // A final ь goes before a suffix, as in the public lists: oktabr → октябрь, oktabrda → октябрда.
      const base = stem.endsWith('ь') ? stem.slice(0, -1) : stem;
      return base + lettersToCyrillic(rest, false);
    }
    return undefined;
  }
}
