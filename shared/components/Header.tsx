import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../app-context';
import { useClickOutside, useEscape, useHydrated } from '../hooks';
import { TOP_MENUS, type NavItem } from '../nav';
import { EXTERNAL } from '../site';
import { AccessibilityPanel } from './AccessibilityPanel';
import { Dropdown } from './Dropdown';
import { HeaderSearch } from './HeaderSearch';
import { LangSwitch, MenuLanguages } from './LangSwitch';
import { ExternalLink, LocalLink, NavItemLink } from './links';
import { Logo } from './Logo';

/**
 * The site header: logo, the 7 dropdowns of SPEC section 2 (at most one open; a click outside or
 * Escape closes it), the language menu, search and the student-portal login. On small screens the
 * same menu collapses behind one toggle.
 */
export function Header() {
  const t = useT();
  const hydrated = useHydrated();
  const [open, setOpen] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();

  const close = useCallback(() => setOpen(null), []);
  const closeMobile = useCallback(() => setMobileOpen(false), []);
  const toggle = useCallback((id: string) => setOpen((current) => (current === id ? null : id)), []);
  const closeAndReturnFocus = useCallback(() => {
    setOpen((current) => {
      if (current) headerRef.current?.querySelector<HTMLElement>(`[data-menu-trigger="${current}"]`)?.focus();
      return null;
    });
    setMobileOpen(false);
  }, []);

  useClickOutside(headerRef, open !== null, close);
  useEscape(open !== null || mobileOpen, closeAndReturnFocus);
  // A navigation closes whatever was open.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- closing on a route change, an outside event
    setOpen(null);
    setMobileOpen(false);
  }, [pathname]);

  return (
    <header className="site-header" ref={headerRef}>
      <AccessibilityPanel />
      <div className="site-header__bar container">
        {/* The name starts with the visible short name, so speech input users can say what they see. */}
        <LocalLink to="/" className="site-header__logo">
          <Logo />
          <span className="site-header__name">{t.site.shortName}</span>
          <span className="visually-hidden">
            {' '}
            — {t.site.name}, {t.nav.home}
          </span>
        </LocalLink>
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={mobileOpen}
          aria-controls="main-nav"
          onClick={() => setMobileOpen((value) => !value)}
        >
          <span className="burger" aria-hidden="true" />
          <span className="visually-hidden">{mobileOpen ? t.header.closeMenu : t.header.openMenu}</span>
        </button>
        <nav id="main-nav" className={`nav${mobileOpen ? ' is-open' : ''}`} aria-label={t.header.mainNav} data-enhanced={hydrated ? '' : undefined}>
          <ul className="nav__list">
            <li>
              <LocalLink to="/" className="nav__link">
                {t.nav.home}
              </LocalLink>
            </li>
            {TOP_MENUS.map((menu) => (
              <Dropdown key={menu.id} id={menu.id} label={t.nav[menu.label]} open={open === menu.id} onToggle={toggle}>
                <MenuItems items={menu.items} />
              </Dropdown>
            ))}
          </ul>
          {/* Small screens: the language choice and the login are in the menu, so the bar stays one row. */}
          <div className="nav__extras">
            <MenuLanguages onDone={closeMobile} />
            <ExternalLink href={EXTERNAL.studentPortalLogin} className="button button--small">
              {t.header.login}
            </ExternalLink>
          </div>
        </nav>
        <ul className="site-header__tools">
          <LangSwitch open={open === 'lang'} onToggle={toggle} onClose={close} />
          <HeaderSearch open={open === 'search'} onToggle={toggle} onClose={close} />
          <li className="tools__wide">
            <ExternalLink href={EXTERNAL.studentPortalLogin} className="button button--small">
              {t.header.login}
            </ExternalLink>
          </li>
        </ul>
      </div>
    </header>
  );
}

/** A dropdown's links; a group (public services) is a submenu that opens on hover and focus. */
function MenuItems({ items }: { items: NavItem[] }) {
  const t = useT();
  return (
    <ul className="dropdown__list">
      {items.map((item) =>
        item.kind === 'group' ? (
          <li key={item.id} className="submenu">
            <span className="submenu__label" id={`submenu-${item.id}`}>
              {t.nav[item.label]}
            </span>
            <ul className="submenu__list" aria-labelledby={`submenu-${item.id}`}>
              {item.items.map((child) =>
                child.kind === 'group' ? null : (
                  <li key={child.label}>
                    <NavItemLink item={child} />
                  </li>
                ),
              )}
            </ul>
          </li>
        ) : (
          <li key={item.label}>
            <NavItemLink item={item} />
          </li>
        ),
      )}
    </ul>
  );
}
