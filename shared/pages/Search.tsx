import { Fragment } from 'react';
import { useLocation } from 'react-router';
import type { SearchKind, SearchResult, TextRun } from '../api';
import { useT } from '../app-context';
import { Await } from '../components/Await';
import { LocalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { SearchForm } from '../components/SearchForm';
import { Seo } from '../components/Seo';
import { SEARCH_QUERY_MAX_CHARS } from '../constants';
import type { PageLoader } from '../data';
import { formatDate } from '../format';
import { usePageData } from '../hooks';
import type { Lang } from '../lang';

interface HitView {
  kind: SearchKind;
  path: string;
  title: TextRun[];
  excerpt: TextRun[];
  date: string | null;
  isoDate: string | null;
}

type SearchData = { hits: HitView[] };

/**
 * The query as the page uses it: control characters (a %00 in the URL) become spaces, and it is cut
 * to 200 characters. The loader and the component both read it this way, so they agree.
 */
export function readQuery(search: URLSearchParams): string {
  // eslint-disable-next-line no-control-regex -- control characters in a query become spaces
  const raw = (search.get('q') ?? '').replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ').trim();
  return Array.from(raw).slice(0, SEARCH_QUERY_MAX_CHARS).join('').trim();
}

function toHit(result: SearchResult, lang: Lang): HitView {
  return { ...result, date: formatDate(result.date, lang), isoDate: result.date };
}

export const loader: PageLoader<SearchData> = ({ api, lang, url }) => {
  const query = readQuery(url.searchParams);
  return {
    hits: query ? api.search(query, lang).then((results) => results.map((result) => toHit(result, lang))) : Promise.resolve([]),
  };
};

export default function Search() {
  const data = usePageData<SearchData>();
  const t = useT();
  const query = readQuery(new URLSearchParams(useLocation().search));
  return (
    <div className="container page search-page">
      <Seo title={query ? `${query} — ${t.pages.search.title}` : t.pages.search.title} description={t.pages.search.description} noindex />
      <PageHeading title={t.pages.search.title} />
      {/* Keyed by the query: a search started from the header shows its words here too. */}
      <SearchForm key={query} id="search-page-q" defaultValue={query} />
      {query ? <Await slot={data.hits}>{(hits) => <Results hits={hits} />}</Await> : <p className="notice">{t.search.hint}</p>}
    </div>
  );
}

function Results({ hits }: { hits: HitView[] }) {
  const t = useT();
  return (
    <>
      <p className="search-count" role="status">
        {`${t.search.found}: ${hits.length}`}
      </p>
      {hits.length === 0 ? (
        <p className="notice">{t.search.noResults}</p>
      ) : (
        <ol className="search-results">
          {hits.map((hit, index) => (
            <li key={`${hit.path}#${index}`} className="search-hit">
              <h2 className="search-hit__title">
                <LocalLink to={hit.path}>{hit.title.length ? <Marked runs={hit.title} /> : t.common.defaultTitle}</LocalLink>
              </h2>
              <p className="search-hit__meta">
                <span className="search-hit__kind">{t.search.kinds[hit.kind]}</span>
                {hit.date && hit.isoDate ? <time dateTime={hit.isoDate}>{hit.date}</time> : null}
              </p>
              {hit.excerpt.length ? (
                <p className="search-hit__excerpt">
                  <Marked runs={hit.excerpt} />
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** Result text with its matched words in <mark>; all of it is text, never markup. */
function Marked({ runs }: { runs: TextRun[] }) {
  return <>{runs.map((run, index) => (run.mark ? <mark key={index}>{run.text}</mark> : <Fragment key={index}>{run.text}</Fragment>))}</>;
}
