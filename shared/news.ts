/** News view models, built by loaders on the server (dates formatted there, titles cut there). */
import type { NewsItem } from './api';
import type { NewsCardData } from './components/NewsCard';
import { NEWS_TITLE_MAX_CHARS } from './constants';
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
