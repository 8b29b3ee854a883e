import { NewsListPage } from '../components/PagedNewsList';
import { newsListLoader } from '../news';

/** All news, paged: every item of the backend's news pages. */
export const loader = newsListLoader();

export default function NewsAll() {
  return <NewsListPage page="newsAll" />;
}
