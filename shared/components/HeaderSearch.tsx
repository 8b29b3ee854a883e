import { useT } from '../app-context';
import { useHydrated } from '../hooks';
import { LocalLink } from './links';
import { SearchForm, SearchIcon } from './SearchForm';

/**
 * The header's search button. Without JavaScript (and until hydration) it is a link to the search
 * page; after hydration it is a disclosure button that opens a small search form in the header, one
 * of the header's menus (one open at a time, Escape or a click outside closes it).
 */
export function HeaderSearch({ open, onToggle, onClose }: { open: boolean; onToggle: (id: string) => void; onClose: () => void }) {
  const t = useT();
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <li>
        <LocalLink to="/search" className="icon-button" aria-label={t.header.search}>
          <SearchIcon />
        </LocalLink>
      </li>
    );
  }
  return (
    <li className="header-search">
      <button
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls="header-search"
        aria-label={open ? t.search.close : t.search.open}
        data-menu-trigger="search"
        onClick={() => onToggle('search')}
      >
        <SearchIcon />
      </button>
      <div id="header-search" className="header-search__panel" hidden={!open}>
        <SearchForm id="header-search-q" hideLabel focus={open} onSubmit={onClose} />
      </div>
    </li>
  );
}
