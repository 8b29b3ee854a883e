/**
 * What link previews, structured data, the sitemap and the feeds say about the site, as plain data:
 * absolute URLs, the default share image, and the JSON-LD objects (schema.org) of the university, of
 * an article and of a breadcrumb trail. Seo.tsx writes them into pages; server/seo into XML.
 */
import type { Dict } from './i18n';
import { LANGS, localePath, type Lang } from './lang';
import { EXTERNAL, SITE } from './site';

/** The original share image (scripts/generate-share-image.mjs): PNG, as many crawlers ignore SVG. */
export const SHARE_IMAGE = { path: '/media/default/share.png', width: 1200, height: 630 } as const;
/** A square raster logo for search engines' knowledge panels and feed readers. */
export const LOGO_IMAGE = { path: '/media/default/logo.png', width: 512, height: 512 } as const;

/** A page of this site in a language, as an absolute URL (siteUrl has no trailing slash). */
export function pageUrl(siteUrl: string, lang: Lang, path: string): string {
  return siteUrl + localePath(lang, path);
}

/** An image URL as crawlers need it: absolute, resolved against the site for site-relative paths. */
export function absoluteUrl(siteUrl: string, url: string): string {
  return new URL(url, `${siteUrl}/`).href;
}

/** A link-preview image: the item's own unless it is SVG (which previews do not show), else the default. */
export function shareImage(siteUrl: string, image: string | null | undefined): { url: string; width?: number; height?: number } {
  if (image && !/\.svgz?(?:[?#]|$)/i.test(image)) return { url: absoluteUrl(siteUrl, image) };
  return { url: absoluteUrl(siteUrl, SHARE_IMAGE.path), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height };
}

type JsonLd = Record<string, unknown>;

export function universityLd(t: Dict, lang: Lang, siteUrl: string): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollegeOrUniversity',
    '@id': `${siteUrl}/#university`,
    name: t.site.name,
    alternateName: t.site.shortName,
    description: t.site.description,
    url: pageUrl(siteUrl, lang, '/'),
    logo: absoluteUrl(siteUrl, LOGO_IMAGE.path),
    image: absoluteUrl(siteUrl, SHARE_IMAGE.path),
    address: { '@type': 'PostalAddress', streetAddress: t.site.address, addressCountry: 'UZ' },
    telephone: SITE.phone,
    email: SITE.email,
    foundingDate: String(SITE.foundingYear),
    sameAs: [EXTERNAL.instagram, EXTERNAL.telegram, EXTERNAL.youtube],
    availableLanguage: [...LANGS],
  };
}

export function articleLd(
  schema: 'NewsArticle' | 'Article',
  {
    headline,
    url,
    image,
    publishedTime,
    lang,
    t,
    siteUrl,
  }: { headline: string; url: string; image: string; publishedTime: string | null; lang: Lang; t: Dict; siteUrl: string },
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': schema,
    headline,
    url,
    mainEntityOfPage: url,
    image: [image],
    ...(publishedTime ? { datePublished: publishedTime } : {}),
    inLanguage: lang,
    publisher: { '@type': 'CollegeOrUniversity', '@id': `${siteUrl}/#university`, name: t.site.name, logo: absoluteUrl(siteUrl, LOGO_IMAGE.path) },
  };
}

export function breadcrumbLd(trail: Array<{ name: string; url: string }>): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: step.url })),
  };
}

/**
 * The detail routes, one row each: the parent page for breadcrumbs (the list the item belongs to, titled
 * by its `pages` dictionary entry; other inner pages hang directly below the home page), and the
 * catalogue list whose items' ids make the route's URLs in the sitemap.
 */
export const DETAIL_ROUTES: Record<string, { parent: { path: string; page: keyof Dict['pages'] }; items: 'news' | 'articles' | 'faculties' }> = {
  'news/:id': { parent: { path: '/newsAll', page: 'newsAll' }, items: 'news' },
  'qqk/:id': { parent: { path: '/qqk', page: 'qqk' }, items: 'articles' },
  'department/:id': { parent: { path: '/department', page: 'department' }, items: 'faculties' },
};
