/** News view models, built by loaders on the server (dates formatted there, titles cut there). */
import type { NewsItem } from './api';
import type { NewsCardData } from './components/NewsCard';
import { NEWS_TITLE_MAX_CHARS } from './constants';
import { DataError, type PageLoader } from './data';
import { formatDate, truncate } from './format';
import type { Lang } from './lang';

export function toNewsCard(item: NewsItem, lang: Lang): NewsCardData {
  const title = item.title[lang];
  return {
    id: item.id,
    image: item.image,
    title: title ? truncate(title, NEWS_TITLE_MAX_CHARS) : null,
    date: formatDate(item.createdAt, lang),
    isoDate: item.createdAt,
    views: item.views,
  };
}

/** One backend page of news as a paged list shows it. */
export interface NewsPageView {
  page: number;
  items: NewsCardData[];
  /** The backend has a page after this one (and this one was not empty). */
  hasNext: boolean;
}

export type NewsListData = { news: NewsPageView };

/** The news group's tabs other than /newsAll. */
export type NewsCategory = 'public' | 'university' | 'international';

/**
 * Which tab an item belongs to. The backend's news endpoint has no category filter; its items may carry a
 * `category`. The rule, the same for all three tab pages: a tab shows the items of the paged news
 * endpoint whose category is its own, and items with no (or an unknown) category are university news.
 * Filtering is per backend page, so a tab page may show fewer cards than the backend page size, and
 * its 'more' link continues while the backend has a next page.
 */
export function newsCategory(item: NewsItem): NewsCategory {
  return item.category === 'public' || item.category === 'international' ? item.category : 'university';
}

/** `?page=N` selects the page; anything but a small positive integer is a bad URL (404). */
function pageParam(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw)) throw new DataError('not-found', 'bad page parameter');
  return Number(raw);
}

/** The loader of a paged news list: every item (/newsAll) or one category's items (the tab pages). */
export function newsListLoader(category?: NewsCategory): PageLoader<NewsListData> {
  return ({ api, lang, url }) => {
    const page = pageParam(url);
    return {
      news: api.newsPage(page).then((result) => ({
        page,
        items: result.items.filter((item) => !category || newsCategory(item) === category).map((item) => toNewsCard(item, lang)),
        // Paging stops when a backend page returns no results, whatever a filter kept of it.
        hasNext: result.items.length > 0 && result.hasNext,
      })),
    };
  };
}
