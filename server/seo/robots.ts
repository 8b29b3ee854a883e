/**
 * robots.txt: the whole site is open to crawlers, the pages marked `noindex` (site search, the mock
 * screens) included, because a crawler must fetch a page to read its noindex (a disallowed page can
 * still be indexed from links, without its content). Only the JSON data endpoint is closed, matched
 * exactly (`$`, and `?` for its query) so that no page whose path merely begins the same way is blocked.
 */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /_data$', 'Disallow: /_data?', '', `Sitemap: ${siteUrl}/sitemap.xml`, ''].join('\n');
}
