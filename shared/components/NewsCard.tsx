import type { Picture } from '../api';
import { useT } from '../app-context';
import { Img, type ImgProps } from './Img';
import { LocalLink } from './links';

/** A news card as the loaders prepare it: text already in the page language, date already formatted. */
export interface NewsCardData {
  id: number;
  /** Null means "use the default image". */
  image: Picture | null;
  /** Already cut to 100 characters; null when the backend sent none. */
  title: string | null;
  /** Already formatted on the server; null when the backend sent none. */
  date: string | null;
  /** The machine-readable date behind `date`. */
  isoDate: string | null;
  views: number;
}

export const DEFAULT_NEWS_IMAGE = '/media/default/news.svg';

/** Where a card stands (shared/pictures.ts): a list's grid, or the home page's three latest. */
type CardPlace = 'newsCard' | 'homeNewsCard';

export function NewsCard({
  news,
  headingLevel = 3,
  load = 'lazy',
  place = 'newsCard',
}: {
  news: NewsCardData;
  headingLevel?: 2 | 3;
  load?: ImgProps['load'];
  place?: CardPlace;
}) {
  const t = useT();
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="news-card">
      <Img className="news-card__image" picture={news.image} fallback={DEFAULT_NEWS_IMAGE} place={place} alt="" load={load} />
      <div className="news-card__body">
        <Heading className="news-card__title">
          <LocalLink to={`/news/${news.id}`} className="news-card__link">
            {news.title ?? t.common.defaultTitle}
          </LocalLink>
        </Heading>
        <p className="news-card__meta">
          {news.date && news.isoDate ? <time dateTime={news.isoDate}>{news.date}</time> : <span>{t.common.noneDate}</span>}
          <span>
            {t.common.views}: {news.views}
          </span>
        </p>
      </div>
    </article>
  );
}

/**
 * `eager` cards (the first ones of a list at the top of a page) load at once, the first of them first
 * (on a phone it is the only one on the screen: the page's largest paint); the rest lazily.
 */
export function NewsGrid({ items, headingLevel, eager = 0, place }: { items: NewsCardData[]; headingLevel?: 2 | 3; eager?: number; place?: CardPlace }) {
  return (
    <ul className="news-grid">
      {items.map((news, index) => (
        <li key={news.id}>
          <NewsCard news={news} headingLevel={headingLevel} load={index >= eager ? 'lazy' : index === 0 ? 'lcp' : 'eager'} place={place} />
        </li>
      ))}
    </ul>
  );
}
