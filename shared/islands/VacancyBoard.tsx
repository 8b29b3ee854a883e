/**
 * The vacancy board of /Vacancies: the department and employment-type filters, the
 * count, the cards (a 100 ms stagger each time the result changes) and the empty state. The filter
 * panel is a plain GET form: the server filters too, so a filtered view has its own URL and works
 * without JavaScript. Once hydrated, a change filters at once and replaces the URL's query (no request,
 * no new history entry), so the address stays shareable and a reload shows the same view.
 */
import { useState, type MouseEvent } from 'react';
import { VACANCY_STAGGER_MS } from '../constants';
import { useHydrated } from './hooks';
import { island } from './island';
import { ALL, filtersHref, matches, type FilterOption, type Filters, type VacancyView } from './vacancyboard/types';

interface VacancyBoardProps {
  vacancies: VacancyView[];
  departments: FilterOption[];
  types: FilterOption[];
  /** The filters the URL asked for, already checked against the options. */
  selected: Filters;
  /** The page's own URL, the form's action. */
  base: string;
  words: {
    filters: string;
    department: string;
    allDepartments: string;
    employment: string;
    anyEmployment: string;
    apply: string;
    reset: string;
    found: string;
    emptyTitle: string;
    emptyText: string;
    list: string;
    posted: string;
  };
}

function VacancyBoard({ vacancies, departments, types, selected, base, words }: VacancyBoardProps) {
  const hydrated = useHydrated();
  const [filters, setFilters] = useState<Filters>(selected);

  const apply = (next: Filters) => {
    setFilters(next);
    window.history.replaceState(window.history.state, '', filtersHref(base, next));
  };
  const reset = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    apply({ department: ALL, type: ALL });
  };

  const shown = vacancies.filter((v) => matches(v, filters));
  // Each filter: "all" first, then the options built from the data present.
  const selects = [
    { name: 'department', label: words.department, allLabel: words.allDepartments, options: departments },
    { name: 'type', label: words.employment, allLabel: words.anyEmployment, options: types },
  ] as const;
  return (
    <>
      <form className="vac-filters" method="get" action={base} onSubmit={(event) => event.preventDefault()}>
        <fieldset className="vac-filters__set">
          <legend className="visually-hidden">{words.filters}</legend>
          {selects.map(({ name, label, allLabel, options }) => (
            <label key={name} className="vac-field">
              <span className="vac-field__label">{label}</span>
              <select name={name} className="vac-select" value={filters[name]} onChange={(event) => apply({ ...filters, [name]: event.target.value })}>
                <option value={ALL}>{allLabel}</option>
                {options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <div className="vac-actions">
            {/* Without JavaScript the form needs a submit button; with it, a change applies at once. */}
            {hydrated ? null : (
              <button type="submit" className="vac-button">
                {words.apply}
              </button>
            )}
            <a href={base} className="vac-button vac-button--ghost" onClick={reset}>
              {words.reset}
            </a>
          </div>
        </fieldset>
      </form>
      <p className="vac-count" role="status">
        {words.found}: {shown.length}
      </p>
      {shown.length === 0 ? (
        <div className="vac-empty">
          <h2 className="vac-empty__title">{words.emptyTitle}</h2>
          <p>{words.emptyText}</p>
        </div>
      ) : (
        // Keyed by the filters so that every new result set replays the staggered fade-in.
        <ul className="vac-list" aria-label={words.list} key={`${filters.department}\u0000${filters.type}`}>
          {shown.map((v, index) => (
            <li key={v.id} className="vac-card" style={{ animationDelay: `${index * VACANCY_STAGGER_MS}ms` }}>
              <article>
                <h2 className="vac-card__title">{v.title}</h2>
                <p className="vac-card__date">
                  {words.posted}: {v.isoDate ? <time dateTime={v.isoDate}>{v.date}</time> : v.date}
                </p>
                <p className="vac-card__text">{v.description}</p>
                <ul className="vac-tags">
                  <li className="vac-tag">{v.department}</li>
                  <li className="vac-tag vac-tag--type">{v.typeLabel}</li>
                </ul>
              </article>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

// The page's one widget, at the top of it: it wakes with the page.
export default island('VacancyBoard', VacancyBoard, 'load');
