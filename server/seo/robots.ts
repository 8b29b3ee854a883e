/**
 * robots.txt from the route table: the site is open, except the pages marked `noindex` (site search
 * and the mock screens) in every language and the JSON data endpoint; the sitemap is announced.
 */
import { LANGS, localePath } from '../../shared/lang';
import { PAGES } from '../../shared/routes';

export function robotsTxt(siteUrl: string): string {
  const hidden = PAGES.filter((page) => page.noindex).flatMap((page) => LANGS.map((lang) => localePath(lang, `/${page.path}`)));
  return ['User-agent: *', 'Allow: /', 'Disallow: /_data', ...hidden.map((path) => `Disallow: ${path}`), '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}
