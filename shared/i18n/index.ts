/**
 * The dictionaries, one module per rendition. The server registers all four at start; the browser
 * loads only the page's language before hydrating and another one when the visitor switches (the
 * language root route's loader waits for it), so a page never carries the words of the others.
 */
import type { Lang } from '../lang';
import type { Dict } from './uz';

export type { Dict };

const loaded: Partial<Record<Lang, Dict>> = {};

const importers: Record<Lang, () => Promise<Dict>> = {
  uz: async () => (await import('./uz')).uz,
  'uz-cyrl': async () => (await import('./uz-cyrl')).uzCyrl,
  ru: async () => (await import('./ru')).ru,
  en: async () => (await import('./en')).en,
};

export function registerDict(lang: Lang, words: Dict): void {
  loaded[lang] = words;
}

export async function loadDict(lang: Lang): Promise<Dict> {
  return (loaded[lang] ??= await importers[lang]());
}

export function dict(lang: Lang): Dict {
  const words = loaded[lang];
  if (!words) throw new Error(`dictionary '${lang}' used before it was loaded`);
  return words;
}

/**
 * What the language menu shows in every language before that language's dictionary is loaded: the
 * rendition's own name, the short form of the menu's button, and the wait while switching.
 */
export const LANG_LABELS: Record<Lang, { name: string; short: string; changing: string }> = {
  uz: { name: 'Oʻzbekcha', short: 'UZ', changing: 'Til oʻzgartirilmoqda…' },
  'uz-cyrl': { name: 'Ўзбекча', short: 'ЎЗ', changing: 'Тил ўзгартирилмоқда…' },
  ru: { name: 'Русский', short: 'RU', changing: 'Меняем язык…' },
  en: { name: 'English', short: 'EN', changing: 'Changing language…' },
};
