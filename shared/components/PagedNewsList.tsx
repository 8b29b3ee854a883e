/**
 * The news group's paged lists (/newsAll and the three tab pages): the server renders the page the URL
 * asks for (`?page=N`); 'more' is a plain link to the next one, which the MoreNews island turns into
 * "append the next page here".
 */
import { useId } from 'react';
import { useLocation } from 'react-router';
import { useLang, useT } from '../app-context';
import MoreNewsIsland from '../islands/MoreNews';
import { usePageData } from '../page-data';
import { localePath, stripLang } from '../lang';
import { NEWS_TABS } from '../nav';
import type { NewsListData, NewsPageView } from '../news';
import { Await, EmptyState } from './Await';
import { LocalLink } from './links';
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
  const listId = useId();
  const path = stripLang(pathname);

  if (first.items.length === 0 && !first.hasNext) return <EmptyState />;
  return (
    <>
      <div id={listId}>{first.items.length > 0 ? <NewsGrid items={first.items} headingLevel={2} eager={3} /> : <EmptyState />}</div>
      <MoreNewsIsland
        listId={listId}
        next={first.hasNext ? `${localePath(lang, path)}?page=${first.page + 1}` : null}
        words={{ more: t.common.more, loading: t.common.moreLoading, noMore: t.common.noMore }}
        slots={{
          firstPage:
            first.page > 1 ? (
              <p>
                <LocalLink to={path}>{t.news.listHeading}: 1</LocalLink>
              </p>
            ) : null,
        }}
      />
    </>
  );
}
