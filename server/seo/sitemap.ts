/**
 * sitemap.xml: every indexable route of the page table in the four renditions, plus every news item,
 * article and faculty page in the catalogue, each <url> with its hreflang alternates (and x-default)
 * and, where the data has a date, <lastmod>: an item's own date, a list's newest item's. URLs are
 * absolute, from SITE_URL.
 */
import type { NewsItem } from '../../shared/api';
import { parseIsoDate } from '../../shared/format';
import { DEFAULT_LANG, LANG_TAG, LANGS } from '../../shared/lang';
import { newsCategory, type NewsCategory } from '../../shared/news';
import { PAGE_TABLE, type PageEntry } from '../../shared/page-table';
import { DETAIL_ROUTES, pageUrl } from '../../shared/seo';
import type { Catalogue } from '../search/catalogue';
import { xml } from './xml';

interface SitemapEntry {
  path: string;
  date: string | null;
}

/** Ids of a detail route's items, from the catalogue; a route with no DETAIL_ROUTES row has no known ids. */
function detailIds(catalogue: Catalogue, pattern: string): Array<{ id: number; date: string | null }> {
  const detail = DETAIL_ROUTES[pattern];
  if (!detail) return [];
  return catalogue[detail.items].map((item) => ({ id: item.id, date: 'createdAt' in item ? item.createdAt : null }));
}

const newsDates = (news: NewsItem[], category?: NewsCategory) =>
  news.filter((item) => !category || newsCategory(item) === category).map((item) => item.createdAt);

/** The dates of the items each list page shows (the news tabs filter as their loaders do, shared/news.ts). */
const LIST_DATES: Record<string, (catalogue: Catalogue) => Array<string | null>> = {
  newsAll: (catalogue) => newsDates(catalogue.news),
  publicNews: (catalogue) => newsDates(catalogue.news, 'public'),
  newsUnversity: (catalogue) => newsDates(catalogue.news, 'university'),
  xalqaroNews: (catalogue) => newsDates(catalogue.news, 'international'),
  qqk: (catalogue) => catalogue.articles.map((article) => article.createdAt),
};

/** The latest of `dates` (ISO strings; unparseable ones are left out), or null. */
function newest(dates: Array<string | null>): string | null {
  let best: { date: string; time: number } | null = null;
  for (const date of dates) {
    const time = parseIsoDate(date)?.getTime();
    if (time !== undefined && (!best || time > best.time)) best = { date: date!, time };
  }
  return best?.date ?? null;
}

export function sitemapEntries(catalogue: Catalogue): SitemapEntry[] {
  return PAGE_TABLE.filter((page: PageEntry) => !page.noindex).flatMap((page): SitemapEntry[] => {
    if (!page.path.includes(':')) return [{ path: `/${page.path}`, date: newest(LIST_DATES[page.path]?.(catalogue) ?? []) }];
    return detailIds(catalogue, page.path).map(({ id, date }) => ({ path: `/${page.path.replace(/:\w+/, String(id))}`, date }));
  });
}

export function sitemapXml(siteUrl: string, catalogue: Catalogue): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const { path, date } of sitemapEntries(catalogue)) {
    const lastmod = parseIsoDate(date)?.toISOString();
    const alternates = [...LANGS.map((l) => [LANG_TAG[l], l] as const), ['x-default', DEFAULT_LANG] as const]
      .map(([hreflang, l]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${xml(pageUrl(siteUrl, l, path))}"/>`)
      .join('');
    for (const lang of LANGS) {
      out.push(`<url><loc>${xml(pageUrl(siteUrl, lang, path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${alternates}</url>`);
    }
  }
  out.push('</urlset>', '');
  return out.join('\n');
}
