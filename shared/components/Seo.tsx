/**
 * The one place that writes what a page says about itself to browsers, crawlers and link previews:
 * <title>, description, canonical link, hreflang alternates, the language's news feed, Open Graph and
 * Twitter tags, and JSON-LD (the university on the home page, NewsArticle/Article on items, a
 * breadcrumb trail on inner pages). Pages say what they are; React hoists the tags into <head> as the
 * server renders. The JSON-LD stays where the page renders it, escaped (shared/script-safe-json.ts) so
 * no backend string can close its <script>.
 */
import { useLocation, useMatches } from 'react-router';
import type { Picture } from '../api';
import { useApp, useLang, useT } from '../app-context';
import { scriptSafeJson } from '../script-safe-json';
import { DEFAULT_LANG, LANG_TAG, LANGS, OG_LOCALE, stripLang, type Lang } from '../lang';
import { articleLd, breadcrumbLd, DETAIL_ROUTES, pageUrl, shareImage, universityLd } from '../seo';
import type { Loaded } from '../data';

interface SeoProps {
  title: string;
  description?: string;
  /** Pages that must not be indexed (mocks, error pages, search results). */
  noindex?: boolean;
  /** The page's own picture for link previews (news): its share crop, if it has one, else the default share image. */
  image?: Picture | null;
  /** News and article pages: og:type article, article:published_time / modified_time and their JSON-LD. */
  article?: ArticleMeta;
}

export interface ArticleMeta {
  schema: 'NewsArticle' | 'Article';
  publishedTime: string | null;
  modifiedTime: string | null;
  /** The backend's author, or null: the university wrote it. */
  author: string | null;
}

/** What a news or article page's main data says of the piece, as its view carries it. */
export interface ArticleFacts {
  isoDate: string | null;
  modifiedIso: string | null;
  author: string | null;
}

/**
 * The `article` prop of a news or article page from its main data as it stands: given unless the item
 * failed (so server and client agree even when the item streams late), its facts once they are in.
 */
export function articleMeta(schema: ArticleMeta['schema'], settled: Loaded<ArticleFacts> | null): ArticleMeta | undefined {
  if (settled && !settled.ok) return undefined;
  const facts = settled?.value;
  return { schema, publishedTime: facts?.isoDate ?? null, modifiedTime: facts?.modifiedIso ?? null, author: facts?.author ?? null };
}

/**
 * The site path of the matched route in the route table's spelling ('/ABOUT' → '/about'); else the
 * URL's. A list's later page (`?page=2`) is a page of its own, with its own items: it keeps its number.
 */
function useCanonicalPath(): { path: string; pattern: string | null } {
  const { pathname, search } = useLocation();
  const leaf = useMatches().at(-1);
  const handle = leaf?.handle as { path?: string; paged?: boolean } | undefined;
  const pattern = handle?.path;
  if (!leaf || pattern === undefined) return { path: stripLang(pathname), pattern: null };
  const page = handle?.paged ? new URLSearchParams(search).get('page') : null;
  const paged = page && /^[1-9]\d*$/.test(page) && page !== '1' ? `?page=${page}` : '';
  const filled = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(leaf.params[name] ?? ''));
  return { path: `/${filled}${paged}`, pattern };
}

export function Seo({ title, description, noindex, image, article }: SeoProps) {
  const { siteUrl } = useApp();
  const lang = useLang();
  const t = useT();
  const { path, pattern } = useCanonicalPath();
  const href = (l: Lang) => pageUrl(siteUrl, l, path);
  const canonical = href(lang);
  const text = description || t.site.description;
  const preview = shareImage(siteUrl, image?.share);
  // A shared link to the home page names the university, not "Home".
  const shareTitle = pattern === '' ? t.site.name : title;
  const imageAlt = preview.own ? title : t.site.name;

  const structured: Array<Record<string, unknown>> = [];
  if (pattern === '') structured.push(universityLd(t, lang, siteUrl));
  if (article) {
    structured.push(articleLd({ ...article, headline: title, url: canonical, image: preview.url, lang, t, siteUrl }));
  }
  if (pattern && !noindex) {
    const parent = DETAIL_ROUTES[pattern]?.parent;
    structured.push(
      breadcrumbLd([
        { name: t.nav.home, url: pageUrl(siteUrl, lang, '/') },
        ...(parent ? [{ name: t.pages[parent.page].title, url: pageUrl(siteUrl, lang, parent.path) }] : []),
        { name: title, url: canonical },
      ]),
    );
  }

  return (
    <>
      <title>{`${title} — ${t.site.name}`}</title>
      <meta name="description" content={text} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={canonical} />
      {LANGS.map((l) => (
        <link key={l} rel="alternate" hrefLang={LANG_TAG[l]} href={href(l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LANG)} />
      <link rel="alternate" type="application/rss+xml" title={`${t.site.name} — ${t.nav.news}`} href={pageUrl(siteUrl, lang, '/rss.xml')} />
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:title" content={shareTitle} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={canonical} />
      <meta property="og:site_name" content={t.site.name} />
      <meta property="og:image" content={preview.url} />
      <meta property="og:image:width" content={String(preview.width)} />
      <meta property="og:image:height" content={String(preview.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta property="og:locale" content={OG_LOCALE[lang]} />
      {/* Both Uzbek renditions declare uz_UZ (shared/lang.ts): each other locale once, never the page's own. */}
      {[...new Set(LANGS.map((l) => OG_LOCALE[l]))]
        .filter((locale) => locale !== OG_LOCALE[lang])
        .map((locale) => (
          <meta key={locale} property="og:locale:alternate" content={locale} />
        ))}
      {article?.publishedTime ? <meta property="article:published_time" content={article.publishedTime} /> : null}
      {article?.modifiedTime ? <meta property="article:modified_time" content={article.modifiedTime} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={shareTitle} />
      <meta name="twitter:description" content={text} />
      <meta name="twitter:image" content={preview.url} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {/* Which scripts exist never depends on late data (see the pages' `article`), so hydration matches;
          their text may still differ from a shell streamed before the data, which only people get. */}
      {structured.map((data) => (
        <script key={String(data['@type'])} type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />
      ))}
    </>
  );
}
