/**
 * A pure function of one string, its answers remembered for values that come back render after
 * render (a formatted date, a word's search terms). Bounded: past `max` inputs everything is forgotten
 * at once, which costs one recomputation each and no bookkeeping per hit, as an LRU order would.
 * `compute` never answers undefined (the map's "not here").
 */
export function remembered<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const answers = new ForgetfulMap<V>(max);
  return (key) => {
    let value = answers.get(key);
    if (value === undefined) {
      value = compute(key);
      answers.set(key, value);
    }
    return value;
  };
}

/** At most `max` entries (none when `max` is 0); a new key past the bound forgets every other at once. */
export class ForgetfulMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    if (this.max <= 0) return;
    if (this.entries.size >= this.max && !this.entries.has(key)) this.entries.clear();
    this.entries.set(key, value);
  }
}

/** `remembered` once per language, each with its own bound. */
export function rememberedPerLang<L extends string, V>(langs: readonly L[], max: number, compute: (key: string, lang: L) => V): Record<L, (key: string) => V> {
  return Object.fromEntries(langs.map((lang) => [lang, remembered(max, (key) => compute(key, lang))])) as Record<L, (key: string) => V>;
}

/**
 * `remembered` for a function of text to text, bounded in characters (inputs and answers) instead of
 * entries: for long texts (rich text), where a count says nothing of the memory held.
 */
export function rememberedWithin(maxChars: number, compute: (key: string) => string): (key: string) => string {
  const answers = new Map<string, string>();
  let held = 0;
  return (key) => {
    const known = answers.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    const chars = key.length + value.length;
    if (chars > maxChars) return value;
    if (held + chars > maxChars) {
      answers.clear();
      held = 0;
    }
    answers.set(key, value);
    held += chars;
    return value;
  };
}
