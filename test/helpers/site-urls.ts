/**
 * Every screen of the route table as a URL a visitor could open, in every language: dynamic segments
 * get ids the embedded content has, plus the 404 page and a search with results.
 */
import { LANGS, localePath, type Lang } from '../../shared/lang';
import { PAGE_TABLE as PAGES } from '../../shared/page-table';

/** Ids of the embedded content (content/api) for each dynamic segment. */
const SAMPLE_IDS: Record<string, string> = { id: '1' };

export function screenPaths(): string[] {
  const paths = PAGES.map((page) => '/' + page.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_IDS[name] ?? '1'));
  return [...paths, '/search?q=talaba', '/nowhere'];
}

export function screenUrls(): string[] {
  return screens().map((screen) => screen.url);
}

/** Every screen in every language, with its path below the language prefix. */
export function screens(): Array<{ lang: Lang; path: string; url: string }> {
  return LANGS.flatMap((lang) => screenPaths().map((path) => ({ lang, path, url: localePath(lang, path) })));
}
