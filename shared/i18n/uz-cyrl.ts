/**
 * PLACEHOLDER, replaced at merge by the `translit` helper's reviewed dictionary (issue 29): the
 * Latin dictionary run through the transliterator at module load.
 */
import { UNIVERSITY_NAMES } from '../site';
import { toCyrillic } from '../uz-cyrl/transliterate';
import { uz, type Dict } from './uz';

/** Text with its `{name}` placeholders kept as they are. */
function text(latin: string): string {
  return latin
    .split(/(\{\w+\})/)
    .map((part, i) => (i % 2 ? part : toCyrillic(part)))
    .join('');
}

function cyrillic<T>(value: T): T {
  if (typeof value === 'string') return text(value) as T;
  if (typeof value === 'function') return ((...args: unknown[]) => text(String((value as (...a: unknown[]) => unknown)(...args)))) as T;
  if (Array.isArray(value)) return value.map(cyrillic) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, cyrillic(item)])) as T;
  return value;
}

/** The SPEC's error title is English in every language; the university's name is shared/site.ts's. */
export const uzCyrl: Dict = {
  ...cyrillic(uz),
  site: { ...cyrillic(uz.site), ...UNIVERSITY_NAMES['uz-cyrl'] },
  errors: { ...cyrillic(uz.errors), title: uz.errors.title },
};
