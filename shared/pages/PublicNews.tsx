import { NewsListPage } from '../components/PagedNewsList';
import { newsListLoader } from '../news';

/** One news tab: the paged news whose category is 'public' (the rule is in shared/news.ts, newsCategory). */
export const loader = newsListLoader('public');

export default function PublicNews() {
  return <NewsListPage page="publicNews" />;
}
