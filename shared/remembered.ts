/**
 * A pure function of one string, its answers remembered for values that come back render after
 * render (a formatted date, a word's search terms): at most `max` inputs, the least recently asked
 * forgotten first. `compute` never answers undefined. A Map in the order answers were last asked, not
 * server/bounded.ts: shared code imports nothing of the server's (eslint.config.js).
 */
export function remembered<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const answers = new Map<string, V>();
  return (key) => {
    if (answers.has(key)) {
      const value = answers.get(key) as V;
      // Moved to the end: the first key is always the least recently asked.
      answers.delete(key);
      answers.set(key, value);
      return value;
    }
    const value = compute(key);
    if (max <= 0) return value;
    if (answers.size >= max) answers.delete(answers.keys().next().value as string);
    answers.set(key, value);
    return value;
  };
}

/** `remembered` once per language, each with its own bound. */
export function rememberedPerLang<L extends string, V>(langs: readonly L[], max: number, compute: (key: string, lang: L) => V): Record<L, (key: string) => V> {
  return Object.fromEntries(langs.map((lang) => [lang, remembered(max, (key) => compute(key, lang))])) as Record<L, (key: string) => V>;
}
