/**
 * Links between the site's pages: plain <a href> to absolute paths (every navigation loads a stored
 * page; speculation rules and the back/forward cache make it quick). React Router's <Link> and
 * <NavLink> would resolve each target through several hooks, a large share of a render with 70-120
 * links, for nothing a plain link does not do.
 */
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useLang, useT } from '../app-context';
import { localePath } from '../lang';
import type { NavItem } from '../nav';

/** A link to `to`, a path of this site (with its language prefix). */
export function SiteLink({ to, children, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  return (
    <a href={to} {...rest}>
      {children}
    </a>
  );
}

/** A link to a page of this site in the current language. */
export function LocalLink({ to, children, className, ...rest }: { to: string; children: ReactNode; className?: string; 'aria-label'?: string }) {
  const lang = useLang();
  return (
    <SiteLink to={localePath(lang, to)} className={className} {...rest}>
      {children}
    </SiteLink>
  );
}

/** A link off the site: new tab, no opener, no referrer leak beyond the origin, announced as such. */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  const t = useT();
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t.header.opensInNewTab}</span>
    </a>
  );
}

/** One entry of a navigation tree (shared/nav.ts); groups are rendered by their menus. */
export function NavItemLink({ item, className }: { item: Exclude<NavItem, { kind: 'group' }>; className?: string }) {
  const t = useT();
  const lang = useLang();
  const { pathname } = useLocation();
  if (item.kind === 'external') {
    return (
      <ExternalLink href={item.href} className={className}>
        {t.nav[item.label]}
      </ExternalLink>
    );
  }
  const to = localePath(lang, item.path);
  // The page shown is announced as the current one (React Router's NavLink with `end` matched the
  // same way: the whole path, in any letter case).
  const current = pathname.toLowerCase() === to.toLowerCase();
  return (
    <SiteLink to={to} className={className} aria-current={current ? 'page' : undefined}>
      {t.nav[item.label]}
    </SiteLink>
  );
}
