/**
 * What a uz-cyrl page shows for a text its uz page shows: the Cyrillic dictionary's entry when the text
 * is a whole entry of the Latin dictionary (the dictionary may override the transliterator's spelling),
 * else the site's own transliteration (backend data and the site's content modules).
 */
import { cyrillicText } from '../../shared/cyrillic';
import { dict } from '../../shared/i18n';

function pathOf(value: unknown, text: string, path: string[] = []): string[] | null {
  if (value === text) return path;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = pathOf(item, text, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export function cyrillicNeedle(uzText: string): string {
  const path = pathOf(dict('uz'), uzText);
  if (!path) return cyrillicText(uzText);
  return path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], dict('uz-cyrl')) as string;
}
