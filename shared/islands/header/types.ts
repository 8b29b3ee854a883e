/** What the header island gets from the server render: words in the page's language and URLs. */
export interface LanguageChoice {
  /** Its language tag (uz, uz-Cyrl, ru, en). */
  lang: string;
  /** What the header's button shows while it is the page's language. */
  short: string;
  /** The same page in that language. */
  href: string;
  name: string;
  /** The loading state while switching to it (LANGUAGE_SWITCH_DELAY_MS). */
  changing: string;
}

export interface HeaderWords {
  mainNav: string;
  openMenu: string;
  closeMenu: string;
  language: string;
  chooseLanguage: string;
  search: string;
  openSearch: string;
  closeSearch: string;
}

export interface HeaderProps {
  /** The page's language tag. */
  lang: string;
  words: HeaderWords;
  home: { href: string; label: string };
  /** The top menus' ids and labels; their links are server HTML (slots `menu-<id>`). */
  menus: { id: string; label: string }[];
  languages: LanguageChoice[];
  searchHref: string;
}
