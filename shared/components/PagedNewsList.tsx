/**
 * The news group's paged lists (/newsAll and the three tab pages): the first page comes from the
 * server; 'more' appends the next page in the browser (the same loader through the data endpoint)
 * and is a plain `?page=N` link without JavaScript.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useLang, useT } from '../app-context';
import type { Loaded } from '../data';
import { usePageData } from '../page-data';
import { localePath, stripLang } from '../lang';
import { NEWS_TABS } from '../nav';
import type { NewsListData, NewsPageView } from '../news';
import { Await, EmptyState } from './Await';
import { LocalLink } from './links';
import { plainClick } from '../islands/plain-click';
import { NewsGrid } from './NewsCard';
import { PageHeading } from './PageHeading';
import { Seo } from './Seo';

export type NewsListPageKey = 'newsAll' | 'publicNews' | 'newsUnversity' | 'xalqaroNews';

/** A whole news list page: head, the news tab bar with this page active, and the paged list. */
export function NewsListPage({ page }: { page: NewsListPageKey }) {
  const data = usePageData<NewsListData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages[page].title} description={t.pages[page].description} />
      <PageHeading title={t.pages[page].title} tabs={NEWS_TABS} />
      <Await slot={data.news}>{(first) => <PagedNewsList first={first} />}</Await>
    </div>
  );
}

export function PagedNewsList({ first }: { first: NewsPageView }) {
  const t = useT();
  const lang = useLang();
  const { pathname } = useLocation();
  const fetcher = useFetcher<NewsListData>();
  const [pages, setPages] = useState<NewsPageView[]>([first]);
  const pageHref = (page: number) => `${localePath(lang, stripLang(pathname))}?page=${page}`;

  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new first page (another tab, back/forward) starts the list again
  useEffect(() => setPages([first]), [first]);
  useEffect(() => {
    const loaded = fetcher.data?.news as Loaded<NewsPageView> | undefined;
    if (fetcher.state !== 'idle' || !loaded?.ok) return;
    const next = loaded.value;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- appends what the fetcher (an outside request) brought
    setPages((current) => (current.some((p) => p.page === next.page) ? current : [...current, next]));
    // A tab page's filter may keep nothing of a backend page: go on, so that one click shows news.
    // A failed load ends in fetcher.state and the route's error boundary, never in this promise.
    if (next.items.length === 0 && next.hasNext) void fetcher.load(pageHref(next.page + 1));
    // Only a finished fetch matters here; `pageHref` changes with it anyway.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above
  }, [fetcher.state, fetcher.data]);

  const last = pages[pages.length - 1]!;
  const items = pages.flatMap((p) => p.items);
  const nextHref = pageHref(last.page + 1);
  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    void fetcher.load(nextHref);
  };

  if (items.length === 0 && !last.hasNext) return <EmptyState />;
  return (
    <>
      {items.length > 0 ? <NewsGrid items={items} headingLevel={2} eager={3} /> : <EmptyState />}
      <div className="more" aria-live="polite">
        {fetcher.state !== 'idle' ? (
          <button type="button" className="button" disabled>
            {t.common.moreLoading}
          </button>
        ) : last.hasNext ? (
          <a href={nextHref} className="button" onClick={loadMore} rel="next">
            {t.common.more}
          </a>
        ) : pages.length > 1 ? (
          <p className="notice">{t.common.noMore}</p>
        ) : null}
        {first.page > 1 ? (
          <p>
            <LocalLink to={stripLang(pathname)}>{t.news.listHeading}: 1</LocalLink>
          </p>
        ) : null}
      </div>
    </>
  );
}
