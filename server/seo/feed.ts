/**
 * RSS 2.0 of the latest news in one rendition (/rss.xml, /uz-cyrl/rss.xml, /ru/rss.xml, /en/rss.xml):
 * title, an absolute link to that rendition's page (also the guid), pubDate in RFC 822 and a
 * plain-text description.
 */
import { FEED_ITEM_COUNT } from '../../shared/constants';
import { parseIsoDate, truncate } from '../../shared/format';
import { dict } from '../../shared/i18n';
import { LANG_TAG, type Lang } from '../../shared/lang';
import { absoluteUrl, LOGO_IMAGE, pageUrl } from '../../shared/seo';
import type { Catalogue } from '../search/catalogue';
import { xml } from './xml';

const DESCRIPTION_CHARS = 400;

/** Newest first by date; undated news after dated ones, in the backend's order. */
export function latestNews(catalogue: Catalogue, count = FEED_ITEM_COUNT) {
  const time = (raw: string | null) => parseIsoDate(raw)?.getTime() ?? -Infinity;
  return [...catalogue.news].sort((a, b) => time(b.createdAt) - time(a.createdAt)).slice(0, count);
}

export function feedXml(siteUrl: string, catalogue: Catalogue, lang: Lang): string {
  const t = dict(lang);
  const news = latestNews(catalogue);
  const title = `${t.site.name} — ${t.nav.news}`;
  const channelLink = pageUrl(siteUrl, lang, '/newsAll');
  const newest = parseIsoDate(news[0]?.createdAt);
  const items = news.map((n) => {
    const link = pageUrl(siteUrl, lang, `/news/${n.id}`);
    const date = parseIsoDate(n.createdAt);
    return [
      '<item>',
      `<title>${xml(n.title[lang] || t.common.defaultTitle)}</title>`,
      `<link>${xml(link)}</link>`,
      `<guid isPermaLink="true">${xml(link)}</guid>`,
      date ? `<pubDate>${date.toUTCString()}</pubDate>` : '',
      `<description>${xml(truncate(n.text[lang], DESCRIPTION_CHARS))}</description>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xml(title)}</title>`,
    `<link>${xml(channelLink)}</link>`,
    `<description>${xml(t.pages.newsAll.description)}</description>`,
    `<language>${LANG_TAG[lang]}</language>`,
    `<atom:link href="${xml(pageUrl(siteUrl, lang, '/rss.xml'))}" rel="self" type="application/rss+xml"/>`,
    newest ? `<lastBuildDate>${newest.toUTCString()}</lastBuildDate>` : '',
    `<image><url>${xml(absoluteUrl(siteUrl, LOGO_IMAGE.path))}</url><title>${xml(title)}</title><link>${xml(channelLink)}</link></image>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter(Boolean)
    .join('\n');
}
