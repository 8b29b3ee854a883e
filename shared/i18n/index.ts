import type { Lang } from '../lang';
import { en } from './en';
import { ru } from './ru';
import { uz, type Dict } from './uz';

export type { Dict };

export const DICTS: Record<Lang, Dict> = { uz, ru, en };

export function dict(lang: Lang): Dict {
  return DICTS[lang];
}
