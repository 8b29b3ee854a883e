/**
 * robots.txt: the whole site is open to crawlers, the pages marked `noindex` (site search, the mock
 * screens) included, because a crawler must fetch a page to read its noindex (a disallowed page can
 * still be indexed from links, without its content).
 */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}
