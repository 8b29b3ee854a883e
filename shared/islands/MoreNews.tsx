/**
 * The 'more' button of the paged news lists: it loads the next page and appends it,
 * disabled with a loading label meanwhile, and disappears when a page returns no results. Without
 * JavaScript it is a plain link to the next stored page (`?page=N`); a press before the island has
 * woken is held and replayed once it has.
 *
 * The next page's cards come from that same stored page: its HTML is fetched and its cards are moved
 * into this page's list, which stays server HTML (the island owns only the button).
 */
import { useState, type MouseEvent } from 'react';
import { island, Slot } from './island';
import { plainClick } from './plain-click';

interface MoreNewsProps {
  /** The element holding the list's cards (a `.news-grid`, or the empty state before one arrives). */
  listId: string;
  /** The next page's URL; null on the last page. */
  next: string | null;
  words: { more: string; loading: string; noMore: string };
}

interface NextPage {
  grid: Element | null;
  next: string | null;
}

async function fetchPage(href: string): Promise<NextPage> {
  const response = await fetch(href, { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`${href}: HTTP ${response.status}`);
  const page = new DOMParser().parseFromString(await response.text(), 'text/html');
  return {
    grid: page.querySelector('main .news-grid'),
    next: page.querySelector('main .more a[rel="next"]')?.getAttribute('href') ?? null,
  };
}

/** Adds a page's cards below the list's (or puts its grid in place of the empty state). */
function append(list: HTMLElement, grid: Element): void {
  // Cards below the fold wait until they near it, whatever their page said about its own top.
  for (const image of grid.querySelectorAll('img')) {
    image.loading = 'lazy';
    image.removeAttribute('fetchpriority');
  }
  const current = list.querySelector('.news-grid');
  if (current) current.append(...grid.children);
  else list.replaceChildren(grid);
}

function MoreNews({ listId, next: firstNext, words }: MoreNewsProps) {
  const [next, setNext] = useState(firstNext);
  const [loading, setLoading] = useState(false);
  const [appended, setAppended] = useState(false);

  const loadMore = async (href: string) => {
    const list = document.getElementById(listId);
    if (!list) return window.location.assign(href);
    setLoading(true);
    try {
      // A tab page keeps only its category's items of a backend page: go on until one shows news.
      let page: NextPage = { grid: null, next: href };
      while (page.next && !page.grid) page = await fetchPage(page.next);
      if (page.grid) append(list, page.grid);
      setAppended(true);
      setNext(page.next);
    } catch {
      // The stored page says what went wrong (its error page), as a visitor without JavaScript sees it.
      window.location.assign(href);
    } finally {
      setLoading(false);
    }
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!next || !plainClick(event)) return;
    event.preventDefault();
    void loadMore(next);
  };

  return (
    <div className="more" aria-live="polite">
      {loading ? (
        <button type="button" className="button" disabled>
          {words.loading}
        </button>
      ) : next ? (
        <a href={next} className="button" onClick={onClick} rel="next" data-held-click="">
          {words.more}
        </a>
      ) : appended ? (
        <p className="notice">{words.noMore}</p>
      ) : null}
      <Slot name="firstPage" />
    </div>
  );
}

// Below the list: its code loads as the button nears the viewport (or at a pointer over it).
export default island('MoreNews', MoreNews, 'visible');
