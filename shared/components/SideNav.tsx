import type { ReactNode } from 'react';
import { useLang } from '../app-context';
import { localePath } from '../lang';
import { SiteLink } from './links';
import '../styles/side-nav.css';

export interface SideNavItem {
  key: string | number;
  /** A site path without the language prefix. */
  to: string;
  label: string;
  active: boolean;
}

/**
 * A page's side list of links (the faculties beside a faculty's staff, the About pages beside the
 * structure). The active entry is chosen by the page, not by the URL, so a page can mark an entry it
 * identifies by id; it is announced with aria-current="page".
 */
export function SideNav({ label, title, items }: { label: string; title?: string; items: SideNavItem[] }) {
  const lang = useLang();
  return (
    <nav className="side-nav" aria-label={label}>
      {title ? <p className="side-nav__title">{title}</p> : null}
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <SiteLink
              to={localePath(lang, item.to)}
              className={`side-nav__link${item.active ? ' is-active' : ''}`}
              aria-current={item.active ? 'page' : undefined}
            >
              {item.label}
            </SiteLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A side list beside the page's main column. The main column comes first in the document (and on
 * narrow screens, where the list follows it); wide screens place the list on the left by CSS grid.
 */
export function WithSideNav({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  return (
    <div className="with-side-nav">
      <div className="with-side-nav__main">{children}</div>
      <aside className="with-side-nav__aside">{nav}</aside>
    </div>
  );
}
