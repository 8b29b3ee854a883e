import { Fragment } from 'react';
import { useLocation } from 'react-router';
import type { SearchKind, SearchPage, SearchResult, TextRun } from '../api';
import { useLang, useT } from '../app-context';
import { Await } from '../components/Await';
import { LocalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { SearchForm } from '../components/SearchForm';
import { Seo } from '../components/Seo';
import { SEARCH_RESULTS_PER_PAGE } from '../constants';
import { boundedQuery } from '../page-query';
import type { PageLoader } from '../data';
import { formatDate } from '../format';
import { usePageData } from '../page-data';
import { localePath, type Lang } from '../lang';

interface HitView {
  kind: SearchKind;
  path: string;
  title: TextRun[];
  excerpt: TextRun[];
  date: string | null;
  isoDate: string | null;
}

interface ResultsView {
  total: number;
  page: number;
  pages: number;
  hits: HitView[];
}

type SearchData = { results: ResultsView };

/** The query as the page uses it (shared/page-query.ts): the loader and the component both read it this way. */
export function readQuery(search: URLSearchParams): string {
  return boundedQuery(search.get('q') ?? '');
}

/** The result page asked for: a whole number from 1 (anything else is page 1). */
export function readPage(search: URLSearchParams): number {
  const page = Number(search.get('page'));
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

function toHit(result: SearchResult, lang: Lang): HitView {
  return { ...result, date: formatDate(result.date, lang), isoDate: result.date };
}

function toView({ total, page, pages, results }: SearchPage, lang: Lang): ResultsView {
  return { total, page, pages, hits: results.map((result) => toHit(result, lang)) };
}

export const loader: PageLoader<SearchData> = ({ api, lang, url }) => {
  const query = readQuery(url.searchParams);
  const page = readPage(url.searchParams);
  return {
    results: query ? api.search(query, lang, page).then((found) => toView(found, lang)) : Promise.resolve({ total: 0, page, pages: 0, hits: [] }),
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
      {query ? <Await slot={data.results}>{(results) => <Results query={query} results={results} />}</Await> : <p className="notice">{t.search.hint}</p>}
    </div>
  );
}

function Results({ query, results }: { query: string; results: ResultsView }) {
  const t = useT();
  const { total, page, pages, hits } = results;
  return (
    <>
      <p className="search-count" role="status">
        {`${t.search.found}: ${total}`}
        {pages > 1 ? ` · ${t.search.pageOf(Math.min(page, pages), pages)}` : null}
      </p>
      {hits.length === 0 ? (
        <p className="notice">{t.search.noResults}</p>
      ) : (
        <ol className="search-results" start={(page - 1) * SEARCH_RESULTS_PER_PAGE + 1}>
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
      {pages > 1 ? <ResultPages query={query} page={page} pages={pages} /> : null}
    </>
  );
}

/** Links to every page of results: plain links, so they work without JavaScript too. */
function ResultPages({ query, page, pages }: { query: string; page: number; pages: number }) {
  const t = useT();
  const lang = useLang();
  const href = (n: number) => `${localePath(lang, '/search')}?${new URLSearchParams(n > 1 ? { page: String(n), q: query } : { q: query }).toString()}`;
  return (
    <nav className="search-pages" aria-label={t.search.pages}>
      <ul>
        {page > 1 && page <= pages ? (
          <li>
            <a href={href(page - 1)} rel="prev">
              {t.search.previous}
            </a>
          </li>
        ) : null}
        {Array.from({ length: pages }, (_, index) => index + 1).map((n) => (
          <li key={n}>
            <a href={href(n)} aria-current={n === page ? 'page' : undefined}>
              {n}
            </a>
          </li>
        ))}
        {page < pages ? (
          <li>
            <a href={href(page + 1)} rel="next">
              {t.search.next}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** Result text with its matched words in <mark>; all of it is text, never markup. */
function Marked({ runs }: { runs: TextRun[] }) {
  return <>{runs.map((run, index) => (run.mark ? <mark key={index}>{run.text}</mark> : <Fragment key={index}>{run.text}</Fragment>))}</>;
}
