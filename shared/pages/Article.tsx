import { parseId } from '../api';
import { useT } from '../app-context';
import { Await } from '../components/Await';
import { LocalLink } from '../components/links';
import { PublishedMeta } from '../components/PublishedMeta';
import { articleMeta, Seo } from '../components/Seo';
import { DataError, type PageLoader } from '../data';
import { PREVIEW_DESCRIPTION_CHARS } from '../constants';
import { formatDate, truncate } from '../format';
import { usePageData } from '../page-data';
import { uzbekScript } from '../lang';
import '../styles/articles.css';
import { RichText } from '../components/RichText';

interface ArticleView {
  title: string | null;
  /** Sanitised on the server. */
  html: string;
  date: string | null;
  isoDate: string | null;
  modifiedIso: string | null;
  author: string | null;
  viewers: number;
  /** Plain text for the link preview's description. */
  summary: string;
}

type ArticleData = { article: ArticleView };

/** An id the backend does not know is a 404 page (the backend's 404 makes the page's status). */
/** What the page exists to show: when it fails, the page is a 503 (server/loaders.ts). */
export const mainData = 'article';

export const loader: PageLoader<ArticleData> = ({ api, lang, params }) => {
  const id = parseId(params.id);
  if (id === null) throw new DataError('not-found', 'bad article id');
  return {
    article: api.article(id).then((a) => ({
      title: a.title[lang] || null,
      html: a.desc[lang],
      date: formatDate(a.createdAt, lang),
      isoDate: a.createdAt,
      modifiedIso: a.updatedAt,
      author: a.author?.[uzbekScript(lang)] ?? null,
      viewers: a.viewers,
      summary: truncate(a.text[lang], PREVIEW_DESCRIPTION_CHARS),
    })),
  };
};

export default function Article() {
  const data = usePageData<ArticleData>();
  const t = useT();
  const settled = data.article instanceof Promise ? null : data.article;
  const title = settled?.ok ? (settled.value.title ?? t.common.defaultTitle) : t.pages.article.title;
  return (
    <div className="container page">
      {/* `article` is given unless the article failed, so server and client agree even when it streams late. */}
      <Seo title={title} description={(settled?.ok && settled.value.summary) || t.pages.article.description} article={articleMeta('Article', settled)} />
      <p className="article-back">
        <LocalLink to="/qqk">
          <span aria-hidden="true">← </span>
          {t.articles.allArticles}
        </LocalLink>
      </p>
      <Await
        slot={data.article}
        missing={(why) => (
          <p className="notice" role="alert">
            {why === 'not-found' ? t.errors.notFoundText : t.articles.failed}
          </p>
        )}
      >
        {(article) => (
          <article className="article-full">
            <h1>{article.title ?? t.common.defaultTitle}</h1>
            <PublishedMeta className="article-meta" date={article.date} isoDate={article.isoDate} views={article.viewers} />
            <RichText className="prose" html={article.html} />
          </article>
        )}
      </Await>
    </div>
  );
}
