/**
 * The one way the server holds bounded data in memory (the backend data cache aside: node-cache's,
 * server/backend/cache.ts): lru-cache, least recently used out first. A bound is read one way
 * everywhere: `entries`, how many; or `size`, the sum of what `sizeOf` counts for each entry (bytes, or
 * characters for text), never more, however it is filled. An entry larger than the whole bound (or
 * than `largestEntry`) is never kept, and storing one drops the key's older value. A bound of 0 holds
 * nothing. In server/, so no code that runs in the browser can import it (eslint.config.js).
 */
import { LRUCache } from 'lru-cache';

export type Bound<K, V> =
  | { entries: number; size?: undefined }
  | {
      entries?: number;
      size: number;
      /** Rounded up, and at least 1: lru-cache wants a positive integer. */
      sizeOf: (value: V, key: K) => number;
      /** Entries larger than this are never kept (default: the whole `size`). */
      largestEntry?: number;
    };

export interface BoundedOptions<K, V> {
  /** Told of each entry dropped to stay within the bound; not of deletes, replacements or `clear`. */
  onEvict?: (value: V, key: K) => void;
}

/** Any value but null and undefined (lru-cache's own constraint: undefined is its "not here"). */
type Held = NonNullable<unknown>;

export type BoundedMap<K extends Held, V extends Held> = LRUCache<K, V>;

export function boundedMap<K extends Held, V extends Held>(bound: Bound<K, V>, { onEvict }: BoundedOptions<K, V> = {}): BoundedMap<K, V> {
  const dispose = onEvict && ((value: V, key: K, reason: LRUCache.DisposeReason) => reason === 'evict' && onEvict(value, key));
  if (bound.size === undefined) return bound.entries > 0 ? new LRUCache<K, V>({ max: bound.entries, dispose }) : holdsNothing();
  if (bound.size <= 0 || bound.entries === 0) return holdsNothing();
  const { sizeOf } = bound;
  return new LRUCache<K, V>({
    max: bound.entries ?? 0,
    maxSize: bound.size,
    maxEntrySize: bound.largestEntry ?? bound.size,
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
    dispose,
  });
}

/** lru-cache has no empty bound: every entry is made larger than the largest it keeps. */
function holdsNothing<K extends Held, V extends Held>(): BoundedMap<K, V> {
  return new LRUCache<K, V>({ max: 1, maxEntrySize: 1, sizeCalculation: () => 2 });
}

/**
 * A pure function of text to text, its answers remembered within `maxChars` characters (inputs and
 * answers), least recently asked forgotten first: for long texts (rich text), where a count of entries
 * says nothing of the memory held. A text larger than the bound is answered and never kept.
 */
export function rememberedWithin(maxChars: number, compute: (key: string) => string): (key: string) => string {
  const answers = boundedMap<string, string>({ size: maxChars, sizeOf: (value, key) => key.length + value.length });
  return (key) => {
    let value = answers.get(key);
    if (value === undefined) {
      value = compute(key);
      answers.set(key, value);
    }
    return value;
  };
}
