/**
 * Links between the site's pages. React Router's <Link> and <NavLink> resolve their target through
 * several hooks each (a relative-path resolution with a JSON round trip, view-transition state, a
 * navigate function): with 70-120 links on a page that is a large share of its server render. The site's
 * links are absolute paths already, so a link here is a plain <a href> whose click is handed to the
 * router's one navigate function, provided once per document by <LinkFollower>.
 */
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLang, useT } from '../app-context';
import { localePath } from '../lang';
import type { NavItem } from '../nav';

type Follow = (to: string) => void;
const FollowContext = createContext<Follow | null>(null);

/** Gives the links below the router's navigate (without it, as outside a router, they load pages whole). */
export function LinkFollower({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  // A click on a link to the page already shown replaces its history entry, as React Router's does.
  const follow: Follow = (to) => void navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
  return <FollowContext value={follow}>{children}</FollowContext>;
}

/** Whether a click asks for this tab to follow the link (not a new tab or window, a download, a menu). */
export function plainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

/** A link to `to`, a path of this site (with its language prefix), followed client-side. */
export function SiteLink({ to, onClick, children, ...rest }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string }) {
  const follow = useContext(FollowContext);
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (!follow || !plainClick(event)) return;
        event.preventDefault();
        follow(to);
      }}
    >
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
export function NavItemLink({ item, className, onNavigate }: { item: Exclude<NavItem, { kind: 'group' }>; className?: string; onNavigate?: () => void }) {
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
    <SiteLink to={to} className={className} onClick={onNavigate} aria-current={current ? 'page' : undefined}>
      {t.nav[item.label]}
    </SiteLink>
  );
}
