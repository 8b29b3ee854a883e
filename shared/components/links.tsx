import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { useLang, useT } from '../app-context';
import { localePath } from '../lang';
import type { NavItem } from '../nav';

/** A link to a page of this site in the current language. */
export function LocalLink({ to, children, className, ...rest }: { to: string; children: ReactNode; className?: string; 'aria-label'?: string }) {
  const lang = useLang();
  return (
    <Link to={localePath(lang, to)} className={className} {...rest}>
      {children}
    </Link>
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
export function NavItemLink({ item, className, onNavigate }: { item: Exclude<NavItem, { kind: 'group' }>; className?: string; onNavigate?: () => void }) {
  const t = useT();
  const lang = useLang();
  if (item.kind === 'external') {
    return (
      <ExternalLink href={item.href} className={className}>
        {t.nav[item.label]}
      </ExternalLink>
    );
  }
  return (
    <NavLink to={localePath(lang, item.path)} end className={className} onClick={onNavigate}>
      {t.nav[item.label]}
    </NavLink>
  );
}
