/**
 * The one place that writes what a page says about itself to browsers, crawlers and link previews:
 * <title>, description, canonical link, hreflang alternates, the language's news feed, Open Graph and
 * Twitter tags, and JSON-LD (the university on the home page, NewsArticle/Article on items, a
 * breadcrumb trail on inner pages). Pages say what they are; React hoists the tags into <head> on the
 * server and keeps them current on client navigation. The JSON-LD stays where the page renders it,
 * escaped like the boot data so no backend string can close its <script>.
 */
import { useLocation, useMatches } from 'react-router';
import { useApp, useLang, useT } from '../app-context';
import { scriptSafeJson } from '../boot';
import { DEFAULT_LANG, LANGS, OG_LOCALE, stripLang, type Lang } from '../lang';
import { articleLd, breadcrumbLd, DETAIL_ROUTES, pageUrl, shareImage, universityLd } from '../seo';

interface SeoProps {
  title: string;
  description?: string;
  /** Pages that must not be indexed (mocks, error pages, search results). */
  noindex?: boolean;
  /** The page's own picture for link previews (news, articles); none or SVG → the default share image. */
  image?: string | null;
  /** News and article pages: og:type article, article:published_time and their JSON-LD. */
  article?: { schema: 'NewsArticle' | 'Article'; publishedTime: string | null };
}

/** The site path of the matched route in the route table's spelling ('/ABOUT' → '/about'); else the URL's. */
function useCanonicalPath(): { path: string; pattern: string | null } {
  const { pathname } = useLocation();
  const leaf = useMatches().at(-1);
  const pattern = (leaf?.handle as { path?: string } | undefined)?.path;
  if (!leaf || pattern === undefined) return { path: stripLang(pathname), pattern: null };
  const filled = pattern.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(leaf.params[name] ?? ''));
  return { path: `/${filled}`, pattern };
}

export function Seo({ title, description, noindex, image, article }: SeoProps) {
  const { siteUrl } = useApp();
  const lang = useLang();
  const t = useT();
  const { path, pattern } = useCanonicalPath();
  const href = (l: Lang) => pageUrl(siteUrl, l, path);
  const canonical = href(lang);
  const text = description || t.site.description;
  const preview = shareImage(siteUrl, image);

  const structured: Array<Record<string, unknown>> = [];
  if (pattern === '') structured.push(universityLd(t, lang, siteUrl));
  if (article) {
    structured.push(articleLd(article.schema, { headline: title, url: canonical, image: preview.url, publishedTime: article.publishedTime, lang, t, siteUrl }));
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
        <link key={l} rel="alternate" hrefLang={l} href={href(l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href(DEFAULT_LANG)} />
      <link rel="alternate" type="application/rss+xml" title={`${t.site.name} — ${t.nav.news}`} href={pageUrl(siteUrl, lang, '/rss.xml')} />
      <meta property="og:type" content={article ? 'article' : 'website'} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={canonical} />
      <meta property="og:site_name" content={t.site.name} />
      <meta property="og:image" content={preview.url} />
      {preview.width ? <meta property="og:image:width" content={String(preview.width)} /> : null}
      {preview.height ? <meta property="og:image:height" content={String(preview.height)} /> : null}
      <meta property="og:image:alt" content={preview.width ? t.site.name : title} />
      <meta property="og:locale" content={OG_LOCALE[lang]} />
      {LANGS.filter((l) => l !== lang).map((l) => (
        <meta key={l} property="og:locale:alternate" content={OG_LOCALE[l]} />
      ))}
      {article?.publishedTime ? <meta property="article:published_time" content={article.publishedTime} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      {/* Which scripts exist never depends on late data (see the pages' `article`), so hydration matches;
          their text may still differ from a shell streamed before the data, which only people get. */}
      {structured.map((data) => (
        <script key={String(data['@type'])} type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />
      ))}
    </>
  );
}
