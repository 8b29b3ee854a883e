import { useLocation } from 'react-router';
import { useLang, useT } from '../app-context';
import { LANG_LABELS } from '../i18n';
import HeaderIsland from '../islands/Header';
import { LANG_TAG, LANGS, localePath, stripLang } from '../lang';
import { TOP_MENUS, type NavItem } from '../nav';
import { pageSearch } from '../page-query';
import { EXTERNAL } from '../site';
import { AccessibilityPanel } from './AccessibilityPanel';
import { ExternalLink, LocalLink, NavItemLink } from './links';
import { Logo } from '../islands/ui/Logo';
import { SearchForm } from './SearchForm';

/**
 * The site header: logo, the 7 dropdowns of shared/nav.ts, the language menu, search and the
 * student-portal login. What opens and closes is the header island (shared/islands/Header.tsx); the
 * links it shows are rendered here, once, and stay server HTML.
 */
export function Header() {
  const t = useT();
  const lang = useLang();
  const location = useLocation();
  const path = stripLang(location.pathname);
  // Only what the page reads: the links are the same in a stored page for every visitor.
  const search = pageSearch(location.search);
  const slots = Object.fromEntries(TOP_MENUS.map((menu) => [`menu-${menu.id}`, <MenuItems key={menu.id} items={menu.items} />]));
  return (
    <HeaderIsland
      lang={LANG_TAG[lang]}
      words={{
        mainNav: t.header.mainNav,
        openMenu: t.header.openMenu,
        closeMenu: t.header.closeMenu,
        language: t.header.language,
        chooseLanguage: t.header.chooseLanguage,
        search: t.header.search,
        openSearch: t.search.open,
        closeSearch: t.search.close,
      }}
      home={{ href: localePath(lang, '/'), label: t.nav.home }}
      menus={TOP_MENUS.map((menu) => ({ id: menu.id, label: t.nav[menu.label] }))}
      languages={LANGS.map((l) => ({ ...LANG_LABELS[l], lang: LANG_TAG[l], href: localePath(l, path) + search }))}
      searchHref={localePath(lang, '/search')}
      slots={{
        ...slots,
        accessibility: <AccessibilityPanel />,
        logo: (
          // The name starts with the visible short name, so speech input users can say what they see.
          <LocalLink to="/" className="site-header__logo">
            <Logo />
            <span className="site-header__name">{t.site.shortName}</span>
            <span className="visually-hidden">
              {' '}
              — {t.site.name}, {t.nav.home}
            </span>
          </LocalLink>
        ),
        login: (
          <ExternalLink href={EXTERNAL.studentPortalLogin} className="button button--small">
            {t.header.login}
          </ExternalLink>
        ),
        searchForm: <SearchForm id="header-search-q" hideLabel />,
      }}
    />
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
