import { useEffect, useState, type MouseEvent } from 'react';
import { useFetcher, useLoaderData, useLocation } from 'react-router';
import { useLang, useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { LocalLink } from '../components/links';
import { NewsGrid, type NewsCardData } from '../components/NewsCard';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { DataError, type Loaded, type PageData, type PageLoader } from '../data';
import { localePath, stripLang } from '../lang';
import { NEWS_TABS } from '../nav';
import { toNewsCard } from '../news';

interface NewsPageView {
  page: number;
  items: NewsCardData[];
  hasNext: boolean;
}

type NewsAllData = { news: NewsPageView };

/** `?page=N` selects the page; anything but a small positive integer is a bad URL (404). */
function pageParam(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,3}$/.test(raw)) throw new DataError('not-found', 'bad page parameter');
  return Number(raw);
}

export const loader: PageLoader<NewsAllData> = ({ api, lang, url }) => {
  const page = pageParam(url);
  return {
    news: api.newsPage(page).then((result) => ({
      page,
      items: result.items.map((item) => toNewsCard(item, lang)),
      hasNext: result.hasNext,
    })),
  };
};

export default function NewsAll() {
  const data = useLoaderData() as PageData<NewsAllData>;
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.newsAll.title} description={t.pages.newsAll.description} />
      <PageHeading title={t.pages.newsAll.title} tabs={NEWS_TABS} />
      <Await slot={data.news}>{(first) => <PagedNews first={first} />}</Await>
    </div>
  );
}

/**
 * The first page comes from the server; 'more' appends the next page in the browser (the same loader
 * through the data endpoint) and is a plain `?page=N` link without JavaScript.
 */
function PagedNews({ first }: { first: NewsPageView }) {
  const t = useT();
  const lang = useLang();
  const { pathname } = useLocation();
  const fetcher = useFetcher<NewsAllData>();
  const [pages, setPages] = useState<NewsPageView[]>([first]);

  useEffect(() => setPages([first]), [first]);
  useEffect(() => {
    const loaded = fetcher.data?.news as Loaded<NewsPageView> | undefined;
    if (fetcher.state !== 'idle' || !loaded?.ok) return;
    const next = loaded.value;
    setPages((current) => (current.some((p) => p.page === next.page) ? current : [...current, next]));
  }, [fetcher.state, fetcher.data]);

  const last = pages[pages.length - 1]!;
  const items = pages.flatMap((p) => p.items);
  const more = last.items.length > 0 && last.hasNext;
  const nextHref = `${localePath(lang, stripLang(pathname))}?page=${last.page + 1}`;
  const loadMore = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    fetcher.load(nextHref);
  };

  if (items.length === 0) return <EmptyState />;
  return (
    <>
      <NewsGrid items={items} headingLevel={2} eager={3} />
      <div className="more" aria-live="polite">
        {fetcher.state !== 'idle' ? (
          <button type="button" className="button" disabled>
            {t.common.moreLoading}
          </button>
        ) : more ? (
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
