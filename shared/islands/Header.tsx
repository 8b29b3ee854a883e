/**
 * The header island: the 7 dropdowns (at most one open; a click outside or Escape
 * closes it), the language menu, search and, on small screens, the one toggle the menu collapses
 * behind. Its links are server HTML in slots; it owns only which menu is open.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Dropdown } from './ui/Dropdown';
import { useClickOutside, useEscape, useHydrated } from './hooks';
import { LangSwitch, MenuLanguages } from './header/LanguageMenu';
import { SearchToggle } from './header/SearchToggle';
import type { HeaderProps } from './header/types';
import { island, Slot } from './island';

function Header({ lang, words, home, menus, languages, searchHref }: HeaderProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState<string | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);

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
  // A page brought back from the back/forward cache shows its menus closed, as a new page would.
  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setOpen(null);
      setMobileOpen(false);
    };
    addEventListener('pageshow', reset);
    return () => removeEventListener('pageshow', reset);
  }, []);

  return (
    <header className="site-header" ref={headerRef}>
      <div className="site-header__bar container">
        <Slot name="logo" />
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={mobileOpen}
          aria-controls="main-nav"
          onClick={() => setMobileOpen((value) => !value)}
        >
          <span className="burger" aria-hidden="true" />
          <span className="visually-hidden">{mobileOpen ? words.closeMenu : words.openMenu}</span>
        </button>
        <nav id="main-nav" className={`nav${mobileOpen ? ' is-open' : ''}`} aria-label={words.mainNav} data-enhanced={hydrated ? '' : undefined}>
          <ul className="nav__list">
            <li>
              <a href={home.href} className="nav__link">
                {home.label}
              </a>
            </li>
            {menus.map((menu) => (
              <Dropdown key={menu.id} id={menu.id} label={menu.label} open={open === menu.id} onToggle={toggle}>
                <Slot name={`menu-${menu.id}`} />
              </Dropdown>
            ))}
          </ul>
          {/* Small screens: the language choice and the login are in the menu, so the bar stays one row. */}
          <div className="nav__extras">
            <MenuLanguages lang={lang} languages={languages} chooseLabel={words.chooseLanguage} onDone={closeMobile} />
            <Slot name="login" />
          </div>
        </nav>
        <ul className="site-header__tools">
          {/* The display panel's button, in the row on every screen; its form opens below the header. */}
          <li className="tools__a11y">
            <Slot name="accessibility" />
          </li>
          <LangSwitch
            lang={lang}
            languages={languages}
            label={words.language}
            chooseLabel={words.chooseLanguage}
            open={open === 'lang'}
            onToggle={toggle}
            onClose={close}
          />
          <SearchToggle
            open={open === 'search'}
            onToggle={toggle}
            href={searchHref}
            label={words.search}
            openLabel={words.openSearch}
            closeLabel={words.closeSearch}
          />
          <li className="tools__wide">
            <Slot name="login" />
          </li>
        </ul>
      </div>
    </header>
  );
}

export default island('Header', Header, 'idle');
