import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { useLang, useT } from '../app-context';
import { SEARCH_QUERY_MAX_CHARS } from '../constants';
import { localePath } from '../lang';
import '../styles/search.css';

/**
 * The site search box: a plain GET form to /search in the page's language, so it works without
 * JavaScript; with it, React Router submits it as a client navigation (same loader, same results).
 * Used on the results page and in the header's search panel.
 */
export function SearchForm({
  id,
  defaultValue = '',
  hideLabel = false,
  focus = false,
  onSubmit,
}: {
  id: string;
  defaultValue?: string;
  hideLabel?: boolean;
  /** Moves focus to the box (when a panel opens). */
  focus?: boolean;
  onSubmit?: () => void;
}) {
  const t = useT();
  const lang = useLang();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focus) input.current?.focus();
  }, [focus]);
  return (
    <Form method="get" action={localePath(lang, '/search')} role="search" className="search-form" onSubmit={onSubmit}>
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'search-form__label'}>
        {t.search.label}
      </label>
      <div className="search-form__row">
        <input
          ref={input}
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
    </Form>
  );
}

/** The magnifier of the header's search button. */
export function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
