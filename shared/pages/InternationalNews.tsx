import { NewsListPage } from '../components/PagedNewsList';
import { newsListLoader } from '../news';

/** One news tab: the paged news whose category is 'international' (the rule is in shared/news.ts, newsCategory). */
export const loader = newsListLoader('international');

export default function InternationalNews() {
  return <NewsListPage page="xalqaroNews" />;
}
