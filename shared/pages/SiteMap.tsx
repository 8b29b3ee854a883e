import { useT } from '../app-context';
import { LocalLink, NavItemLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import type { Dict } from '../i18n';
import { TOP_MENUS, type NavItem } from '../nav';
import { PAGE_TABLE as PAGES } from '../page-table';
import '../styles/services.css';

type Link = Exclude<NavItem, { kind: 'group' }>;

/** A menu's links, with its submenus (public services) flattened in place. */
function linksOf(items: NavItem[]): Link[] {
  return items.flatMap((item) => (item.kind === 'group' ? linksOf(item.items) : [item]));
}

const inMenus = new Set(
  TOP_MENUS.flatMap((menu) => linksOf(menu.items))
    .filter((item) => item.kind === 'page')
    .map((item) => item.path.toLowerCase()),
);

/** Every page of the route table the menus do not list; pages with an id in their path have no one URL. */
const OTHER_PAGES = PAGES.filter((page) => !page.path.includes(':') && !inMenus.has(`/${page.path}`.toLowerCase()));

/** A route's title: its `pages` entry, whose key is the route path in any case ('' is home). */
function titleOf(t: Dict, path: string): string {
  const key = path === '' ? 'home' : path.toLowerCase();
  const entry = Object.entries(t.pages).find(([name]) => name.toLowerCase() === key);
  return entry ? entry[1].title : `/${path}`;
}

/** /test: a site map built from the route table and the navigation data, so it never goes stale. */
export default function SiteMap() {
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.test.title} description={t.pages.test.description} noindex />
      <PageHeading title={t.pages.test.title} />
      <p>{t.siteMap.intro}</p>
      <div className="svc-sitemap">
        {TOP_MENUS.map((menu) => (
          <section key={menu.id} aria-labelledby={`sitemap-${menu.id}`}>
            <h2 id={`sitemap-${menu.id}`}>{t.nav[menu.label]}</h2>
            <ul>
              {linksOf(menu.items).map((item) => (
                <li key={item.kind === 'page' ? item.path : item.href}>
                  <NavItemLink item={item} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="sitemap-other">
          <h2 id="sitemap-other">{t.siteMap.other}</h2>
          <ul>
            {OTHER_PAGES.map((page) => (
              <li key={page.id}>
                <LocalLink to={`/${page.path}`}>{titleOf(t, page.path)}</LocalLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
