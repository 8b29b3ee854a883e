import { useEffect, useRef } from 'react';
import { useHydrated } from '../hooks';
import { Slot } from '../island';
import { SearchIcon } from '../ui/SearchIcon';

/**
 * The header's search button. Without JavaScript (and until the header hydrates) it is a link to the
 * search page; then it is a disclosure button that opens the search form (server HTML, slot
 * `searchForm`) in the header, one of the header's menus (one open at a time).
 */
export function SearchToggle({
  open,
  onToggle,
  href,
  label,
  openLabel,
  closeLabel,
}: {
  open: boolean;
  onToggle: (id: string) => void;
  href: string;
  label: string;
  openLabel: string;
  closeLabel: string;
}) {
  const hydrated = useHydrated();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panel.current?.querySelector('input')?.focus();
  }, [open]);
  return (
    <li className="header-search">
      {hydrated ? (
        <button
          type="button"
          className="icon-button"
          aria-expanded={open}
          aria-controls="header-search"
          aria-label={open ? closeLabel : openLabel}
          data-menu-trigger="search"
          onClick={() => onToggle('search')}
        >
          <SearchIcon />
        </button>
      ) : (
        <a href={href} className="icon-button" aria-label={label}>
          <SearchIcon />
        </a>
      )}
      <div id="header-search" className="header-search__panel" ref={panel} hidden={!open}>
        <Slot name="searchForm" />
      </div>
    </li>
  );
}
