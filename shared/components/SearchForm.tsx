import { useLang, useT } from '../app-context';
import { SEARCH_QUERY_MAX_CHARS } from '../constants';
import { localePath } from '../lang';
import '../styles/search.css';

/**
 * The site search box: a plain GET form to /search in the page's language. Used on the results page
 * and in the header's search panel.
 */
export function SearchForm({ id, defaultValue = '', hideLabel = false }: { id: string; defaultValue?: string; hideLabel?: boolean }) {
  const t = useT();
  const lang = useLang();
  return (
    <form method="get" action={localePath(lang, '/search')} role="search" className="search-form">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'search-form__label'}>
        {t.search.label}
      </label>
      <div className="search-form__row">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          maxLength={SEARCH_QUERY_MAX_CHARS}
          placeholder={t.search.placeholder}
          autoComplete="off"
          enterKeyHint="search"
        />
        <button type="submit" className="button">
          {t.search.submit}
        </button>
      </div>
    </form>
  );
}
