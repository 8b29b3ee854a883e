/**
 * A beacon's page as a metric label: the route pattern of the site's page table ('/news/:id', '/' for
 * home) and the rendition from its language prefix, never the path itself, so the labels stay a bounded
 * set however many items and addresses there are. Matched as the router matches (server/routes.tsx):
 * letter case ignored, a trailing slash allowed. A path no page has ('/nowhere', a 404) is 'other'.
 */
import { escapeRegExp } from '../../shared/escape-regexp';
import { langFromPath, stripLang, type Lang } from '../../shared/lang';
import { PAGE_TABLE } from '../../shared/page-table';

export const OTHER_PAGE = 'other';

const PATTERNS = PAGE_TABLE.map(({ path }) => {
  const segments = path.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
  return { label: `/${path}`, test: path === '' ? /^\/$/ : new RegExp(`^/${segments.join('/')}/?$`, 'i') };
});

export function pageLabel(path: string): { page: string; lang: Lang } {
  const below = stripLang(path);
  return { page: PATTERNS.find(({ test }) => test.test(below))?.label ?? OTHER_PAGE, lang: langFromPath(path) };
}
