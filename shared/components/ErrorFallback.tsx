/**
 * The fallback screen for unknown routes and routing errors (docs/behaviour.md): 'Unexpected Application Error!'
 * with the status and its text, then, in the page's language, what happened and where to go: site
 * search (for a missing page) and links to the home page and the news. It never shows a stack trace or
 * an internal message.
 */
import { useRouteError } from 'react-router';
import { useT } from '../app-context';
import { describeError } from '../errors';
import { LocalLink } from './links';
import { SearchForm } from './SearchForm';
import { Seo } from './Seo';

/** Rendered in place of a page's content; the header and footer stay. */
export function PageError() {
  const error = useRouteError();
  const t = useT();
  const { status, statusText } = describeError(error);
  const notFound = status === 404;
  return (
    <section className="error-fallback container" aria-labelledby="error-title">
      <Seo title={notFound ? t.pages.notFound.title : t.errors.serverError} description={t.pages.notFound.description} noindex />
      {/* The English title and HTTP's English status text, in every language. */}
      <h1 id="error-title" lang="en">
        {t.errors.title}
      </h1>
      <p className="error-fallback__status">
        <strong>{status}</strong> <span lang="en">{statusText}</span>
      </p>
      <p>{notFound ? t.errors.notFoundText : t.common.unavailable}</p>
      {notFound ? (
        <>
          <p>{t.errors.searchHint}</p>
          <SearchForm id="error-q" />
        </>
      ) : null}
      <p className="error-fallback__links">
        <LocalLink to="/" className="button">
          {t.errors.goHome}
        </LocalLink>
        <LocalLink to="/newsAll" className="button button--ghost">
          {t.errors.goNews}
        </LocalLink>
      </p>
    </section>
  );
}
