/**
 * A pure function of one string, its answers remembered for values that come back render after
 * render (a formatted date, a word's search terms), in a bounded map (shared/bounded.ts): at most
 * `max` inputs, the least recently asked forgotten first. `compute` never answers undefined.
 */
import { boundedMap } from './bounded';

export function remembered<V>(max: number, compute: (key: string) => V): (key: string) => V {
  // Boxed: a map entry cannot be null, and an answer can (a text that is not a date).
  const answers = boundedMap<string, { value: V }>({ entries: max });
  return (key) => {
    const known = answers.get(key);
    if (known) return known.value;
    const value = compute(key);
    answers.set(key, { value });
    return value;
  };
}

/** `remembered` once per language, each with its own bound. */
export function rememberedPerLang<L extends string, V>(langs: readonly L[], max: number, compute: (key: string, lang: L) => V): Record<L, (key: string) => V> {
  return Object.fromEntries(langs.map((lang) => [lang, remembered(max, (key) => compute(key, lang))])) as Record<L, (key: string) => V>;
}

/**
 * `remembered` for a function of text to text, bounded in characters (inputs and answers) instead of
 * entries: for long texts (rich text), where a count says nothing of the memory held. A text larger
 * than the bound is answered and never kept.
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
