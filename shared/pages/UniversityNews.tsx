import { NewsListPage } from '../components/PagedNewsList';
import { newsListLoader } from '../news';

/**
 * One news tab: the paged news whose category is 'university', and those with none (the rule is in
 * shared/news.ts, newsCategory).
 */
export const loader = newsListLoader('university');

export default function UniversityNews() {
  return <NewsListPage page="newsUnversity" />;
}
