/**
 * What link previews, structured data, the sitemap and the feeds say about the site, as plain data:
 * absolute URLs, the default share image, and the JSON-LD objects (schema.org) of the university, of
 * an article and of a breadcrumb trail. Seo.tsx writes them into pages; server/seo into XML.
 */
import type { Dict } from './i18n';
import { DEFAULT_LANG, LANG_TAG, LANGS, localePath, type Lang } from './lang';
import { EXTERNAL, SITE, UNIVERSITY_NAMES } from './site';

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

/** The size of an item's own preview: the image endpoint's share crop (server/images/formats.ts SHARE). */
export const SHARE_CROP = { width: 1200, height: 630 } as const;

/**
 * A link-preview image: the item's own photo as the server's 1200x630 crop (Picture.share) when it
 * has one, else the default (an item without a photo, or with the site's own SVG art).
 */
export function shareImage(siteUrl: string, share: string | undefined): { url: string; width: number; height: number; own: boolean } {
  if (share) return { url: absoluteUrl(siteUrl, share), ...SHARE_CROP, own: true };
  return { url: absoluteUrl(siteUrl, SHARE_IMAGE.path), width: SHARE_IMAGE.width, height: SHARE_IMAGE.height, own: false };
}

type JsonLd = Record<string, unknown>;

/**
 * The university, the same entity on every page (one `@id`): its official (Uzbek) name, the names and
 * abbreviations of the other languages as alternate names, the description in the page's language
 * (tagged with it), and the languages it answers in on its contact point (where schema.org puts them).
 */
export function universityLd(t: Dict, lang: Lang, siteUrl: string): JsonLd {
  const names = LANGS.map((l) => UNIVERSITY_NAMES[l]);
  return {
    '@context': 'https://schema.org',
    '@type': 'CollegeOrUniversity',
    '@id': `${siteUrl}/#university`,
    name: UNIVERSITY_NAMES[DEFAULT_LANG].name,
    alternateName: [...new Set(names.flatMap(({ name, shortName }) => [name, shortName]))].filter((name) => name !== UNIVERSITY_NAMES[DEFAULT_LANG].name),
    description: { '@value': t.site.description, '@language': LANG_TAG[lang] },
    url: pageUrl(siteUrl, DEFAULT_LANG, '/'),
    logo: absoluteUrl(siteUrl, LOGO_IMAGE.path),
    image: absoluteUrl(siteUrl, SHARE_IMAGE.path),
    address: { '@type': 'PostalAddress', streetAddress: t.site.address, addressCountry: 'UZ' },
    telephone: SITE.phone,
    email: SITE.email,
    foundingDate: String(SITE.foundingYear),
    sameAs: [EXTERNAL.instagram, EXTERNAL.telegram, EXTERNAL.youtube],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: SITE.phone,
      email: SITE.email,
      availableLanguage: LANGS.map((l) => LANG_TAG[l]),
    },
  };
}

/** The university as the JSON-LD of other things names it: by its one @id. */
function universityRef(t: Dict, siteUrl: string): JsonLd {
  return { '@type': 'CollegeOrUniversity', '@id': `${siteUrl}/#university`, name: t.site.name, logo: absoluteUrl(siteUrl, LOGO_IMAGE.path) };
}

export function articleLd({
  schema,
  headline,
  url,
  image,
  publishedTime,
  modifiedTime,
  author,
  lang,
  t,
  siteUrl,
}: {
  schema: 'NewsArticle' | 'Article';
  headline: string;
  url: string;
  image: string;
  publishedTime: string | null;
  modifiedTime: string | null;
  author: string | null;
  lang: Lang;
  t: Dict;
  siteUrl: string;
}): JsonLd {
  const modified = modifiedTime ?? publishedTime;
  return {
    '@context': 'https://schema.org',
    '@type': schema,
    headline,
    url,
    mainEntityOfPage: url,
    image: [image],
    ...(publishedTime ? { datePublished: publishedTime } : {}),
    ...(modified ? { dateModified: modified } : {}),
    inLanguage: LANG_TAG[lang],
    author: author ? { '@type': 'Person', name: author } : universityRef(t, siteUrl),
    publisher: universityRef(t, siteUrl),
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
