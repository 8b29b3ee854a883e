import type { Picture } from '../api';
import { useT } from '../app-context';
import { Await } from '../components/Await';
import { Img } from '../components/Img';
import { NewsGrid, DEFAULT_NEWS_IMAGE, type NewsCardData } from '../components/NewsCard';
import { TabBar } from '../components/TabBar';
import { articleMeta, Seo } from '../components/Seo';
import { parseId } from '../api';
import { MORE_NEWS_COUNT, PREVIEW_DESCRIPTION_CHARS } from '../constants';
import { DataError, type PageLoader } from '../data';
import { formatDate, truncate } from '../format';
import { usePageData } from '../page-data';
import { uzbekScript } from '../lang';
import { NEWS_TABS } from '../nav';
import { toNewsCard } from '../news';
import { RichText } from '../components/RichText';

interface NewsDetailView {
  id: number;
  title: string | null;
  /** Sanitised on the server. */
  html: string;
  image: Picture | null;
  date: string | null;
  isoDate: string | null;
  modifiedIso: string | null;
  author: string | null;
  views: number;
  /** Plain text for the link preview's description. */
  summary: string;
}

type NewsDetailData = { item: NewsDetailView; more: NewsCardData[] };

/** What the page exists to show: when it fails, the page is a 503 (server/loaders.ts). */
export const mainData = 'item';

export const loader: PageLoader<NewsDetailData> = ({ api, lang, params }) => {
  const id = parseId(params.id);
  if (id === null) throw new DataError('not-found', 'bad news id');
  return {
    item: api.newsItem(id).then((n) => ({
      id: n.id,
      title: n.title[lang] || null,
      html: n.desc[lang],
      image: n.image,
      date: formatDate(n.createdAt, lang),
      isoDate: n.createdAt,
      modifiedIso: n.updatedAt,
      author: n.author?.[uzbekScript(lang)] ?? null,
      views: n.views,
      summary: truncate(n.text[lang], PREVIEW_DESCRIPTION_CHARS),
    })),
    more: api.newsPage(1).then((page) => page.items.slice(0, MORE_NEWS_COUNT).map((n) => toNewsCard(n, lang))),
  };
};

export default function NewsDetail() {
  const data = usePageData<NewsDetailData>();
  const t = useT();
  const settled = data.item instanceof Promise ? null : data.item;
  const title = settled?.ok ? (settled.value.title ?? t.common.defaultTitle) : t.pages.news.title;
  return (
    <div className="container page">
      {/* `article` is given unless the item failed, so server and client agree even when the item streams late. */}
      <Seo
        title={title}
        description={(settled?.ok && settled.value.summary) || t.pages.news.description}
        image={settled?.ok ? settled.value.image : null}
        article={articleMeta('NewsArticle', settled)}
      />
      <TabBar tabs={NEWS_TABS} />
      <Await
        slot={data.item}
        missing={(why) => (
          <p className="notice" role="alert">
            {why === 'not-found' ? t.errors.notFoundText : t.errors.newsFailed}
          </p>
        )}
      >
        {(item) => (
          <article className="news-detail">
            <h1>{item.title ?? t.common.defaultTitle}</h1>
            <p className="news-detail__meta">
              {item.date && item.isoDate ? <time dateTime={item.isoDate}>{item.date}</time> : <span>{t.common.noneDate}</span>}
              <span>
                {t.common.views}: {item.views}
              </span>
            </p>
            {/* The page's largest paint on every screen: the photo under the title. */}
            <Img className="news-detail__image" picture={item.image} fallback={DEFAULT_NEWS_IMAGE} place="newsDetail" alt="" load="lcp" />
            <RichText className="prose" html={item.html} />
          </article>
        )}
      </Await>
      <section className="more-news" aria-labelledby="more-news">
        <h2 id="more-news">{t.news.moreNews}</h2>
        <Await slot={data.more}>{(more) => <NewsGrid items={more} />}</Await>
      </section>
    </div>
  );
}
