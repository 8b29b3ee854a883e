import { useT } from '../app-context';
import { Await, EmptyState } from '../components/Await';
import { LocalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { PublishedMeta } from '../components/PublishedMeta';
import { Seo } from '../components/Seo';
import { ARTICLE_PREVIEW_CHARS } from '../constants';
import type { PageLoader } from '../data';
import { formatDate, truncate } from '../format';
import { usePageData } from '../page-data';
import '../styles/articles.css';

interface ArticleSummary {
  id: number;
  title: string;
  /** Plain text, cut on the server: never half a tag or half a character. */
  preview: string;
  date: string | null;
  isoDate: string | null;
  viewers: number;
}

type ArticlesData = { articles: ArticleSummary[] };

export const loader: PageLoader<ArticlesData> = ({ api, lang }) => ({
  articles: api.articles().then((articles) =>
    articles.map((a) => ({
      id: a.id,
      title: a.title[lang],
      preview: truncate(a.text[lang], ARTICLE_PREVIEW_CHARS),
      date: formatDate(a.createdAt, lang),
      isoDate: a.createdAt,
      viewers: a.viewers,
    })),
  ),
});

export default function Articles() {
  const data = usePageData<ArticlesData>();
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.qqk.title} description={t.pages.qqk.description} />
      <PageHeading title={t.pages.qqk.title} />
      <Await slot={data.articles}>
        {(articles) =>
          articles.length === 0 ? (
            <EmptyState />
          ) : (
            <ul className="article-list">
              {articles.map((article) => {
                const title = article.title || t.common.defaultTitle;
                return (
                  <li key={article.id}>
                    <article className="article-card">
                      <h2 className="article-card__title">
                        <LocalLink to={`/qqk/${article.id}`}>{title}</LocalLink>
                      </h2>
                      <PublishedMeta className="article-meta" date={article.date} isoDate={article.isoDate} views={article.viewers} />
                      <p className="article-card__preview">{article.preview}</p>
                      <LocalLink to={`/qqk/${article.id}`} className="article-card__more" aria-label={`${t.articles.readMore}: ${title}`}>
                        {t.articles.readMore}
                      </LocalLink>
                    </article>
                  </li>
                );
              })}
            </ul>
          )
        }
      </Await>
    </div>
  );
}
