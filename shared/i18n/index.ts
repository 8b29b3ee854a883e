/**
 * The dictionaries, one module per rendition. Only the server reads them: islands get their words as
 * props (shared/islands/island.tsx), so no dictionary is sent to the browser.
 */
import type { Lang } from '../lang';
import { en } from './en';
import { ru } from './ru';
import { uz, type Dict } from './uz';
import { uzCyrl } from './uz-cyrl';

export type { Dict };

const DICTS: Record<Lang, Dict> = { uz, 'uz-cyrl': uzCyrl, ru, en };

export function dict(lang: Lang): Dict {
  return DICTS[lang];
}

/**
 * What the language menu shows of each rendition in that rendition's own words, whatever the page's
 * language: its name, the short form of the menu's button, and the wait while switching.
 */
export const LANG_LABELS: Record<Lang, { name: string; short: string; changing: string }> = {
  uz: { name: 'Oʻzbekcha', short: 'UZ', changing: 'Til oʻzgartirilmoqda…' },
  'uz-cyrl': { name: 'Ўзбекча', short: 'ЎЗ', changing: 'Тил ўзгартирилмоқда…' },
  ru: { name: 'Русский', short: 'RU', changing: 'Меняем язык…' },
  en: { name: 'English', short: 'EN', changing: 'Changing language…' },
};
