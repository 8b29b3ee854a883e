import { useEffect, useState, type MouseEvent } from 'react';
import { NavigationType, useNavigationType, useSearchParams } from 'react-router';
import type { Uzbek, Vacancy } from '../api';
import { useLang, useT } from '../app-context';
import { Await } from '../components/Await';
import { SiteLink } from '../components/links';
import { Seo } from '../components/Seo';
import { VACANCY_STAGGER_MS } from '../constants';
import type { PageLoader } from '../data';
import { formatUzDate, parseIsoDate } from '../format';
import { useHydrated, usePageData } from '../hooks';
import { dict } from '../i18n';
import { localePath, uzbekScript, type Lang } from '../lang';
import '../styles/vacancies.css';

interface VacancyView {
  id: number;
  title: string;
  department: string;
  /** The department in Latin script, the value the filter matches in every rendition. */
  departmentValue: string;
  /** The data's employment type, the value the filter matches. */
  type: string;
  /** The employment type in the page language. */
  typeLabel: string;
  description: string;
  /** Uzbek long date in the page's script, or the raw text when it is not a date. */
  date: string;
  isoDate: string | null;
}

interface FilterOption {
  value: string;
  label: string;
}

/** Both filters; '' is "all". */
interface Filters {
  department: string;
  type: string;
}

interface Board {
  vacancies: VacancyView[];
  departments: FilterOption[];
  types: FilterOption[];
  /** The filters the URL asked for, already checked against the options. */
  selected: Filters;
}

type VacanciesData = { board: Board };

const ALL = '';
/**
 * The two employment types the SPEC names, as the data spells them, whichever apostrophe it writes in
 * toʻliq (the SPEC's ASCII one, or the ʻ of our own texts).
 */
const EMPLOYMENT_LABEL = { "to'liq bandlik": 'fullTime', 'yarim stavka': 'halfRate' } as const;

function typeLabel(type: Uzbek, lang: Lang): string {
  const key = EMPLOYMENT_LABEL[type.uz.toLowerCase().replace(/[ʻʼ‘’`]/g, "'") as keyof typeof EMPLOYMENT_LABEL];
  return key ? dict(lang).vacancies[key] : type[uzbekScript(lang)];
}

/** Distinct values in Uzbek alphabetical order: the options are "built from the data present". */
function optionsOf(values: string[], label: (value: string) => string): FilterOption[] {
  const collator = new Intl.Collator('uz');
  return [...new Set(values.filter(Boolean))].sort(collator.compare).map((value) => ({ value, label: label(value) }));
}

/** A value that is not one of the options (a stale link, a typo, anything hostile) means "all". */
function pick(raw: string | null, options: FilterOption[]): string {
  return raw !== null && options.some((o) => o.value === raw) ? raw : ALL;
}

function toBoard(vacancies: Vacancy[], lang: Lang, query: URLSearchParams): Board {
  const script = uzbekScript(lang);
  // Filter values are the Latin texts in every rendition, so a filtered URL means the same in each.
  const departmentLabels = new Map(vacancies.map((v) => [v.department.uz, v.department[script]]));
  const departments = optionsOf(
    vacancies.map((v) => v.department.uz),
    (value) => departmentLabels.get(value) ?? value,
  );
  const typeLabels = new Map(vacancies.map((v) => [v.employmentType.uz, typeLabel(v.employmentType, lang)]));
  const types = optionsOf(
    vacancies.map((v) => v.employmentType.uz),
    (value) => typeLabels.get(value) ?? value,
  );
  const views = vacancies
    .map((v) => ({
      id: v.id,
      title: v.title[script],
      department: v.department[script],
      departmentValue: v.department.uz,
      type: v.employmentType.uz,
      typeLabel: typeLabel(v.employmentType, lang),
      description: v.description[script],
      date: formatUzDate(v.postedDate, lang),
      isoDate: parseIsoDate(v.postedDate) ? v.postedDate : null,
    }))
    // Newest first; undated entries last.
    .sort((a, b) => (b.isoDate ?? '').localeCompare(a.isoDate ?? ''));
  return {
    vacancies: views,
    departments,
    types,
    selected: { department: pick(query.get('department'), departments), type: pick(query.get('type'), types) },
  };
}

export const loader: PageLoader<VacanciesData> = ({ api, lang, url }) => ({
  board: api.vacancies().then((vacancies) => toBoard(vacancies, lang, url.searchParams)),
});

/** A card shows only if it matches both filters (SPEC section 4). */
function matches(vacancy: VacancyView, filters: Filters): boolean {
  return (filters.department === ALL || vacancy.departmentValue === filters.department) && (filters.type === ALL || vacancy.type === filters.type);
}

export default function Vacancies() {
  const data = usePageData<VacanciesData>();
  const t = useT();
  return (
    <div className="container page vac-page">
      <Seo title={t.pages.vacancies.title} description={t.pages.vacancies.description} />
      <BackLink />
      <h1 className="vac-title">{t.pages.vacancies.title}</h1>
      {t.vacancies.languageNote ? <p className="vac-note">{t.vacancies.languageNote}</p> : null}
      <Await slot={data.board}>{(board) => <VacancyBoard board={board} />}</Await>
    </div>
  );
}

/** Browser history back, as the SPEC's back button; without JavaScript (or history) the about section. */
function BackLink() {
  const t = useT();
  const lang = useLang();
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (window.history.length <= 1) return;
    event.preventDefault();
    window.history.back();
  };
  return (
    <SiteLink to={localePath(lang, '/about')} className="vac-back" onClick={back}>
      <span aria-hidden="true">←</span> {t.vacancies.back}
    </SiteLink>
  );
}

/**
 * The filter panel is a plain GET form (the server filters, so a filtered view has its own URL and
 * works without JavaScript). After hydration a change filters at once from local state and replaces
 * the URL's query, so the address stays shareable without a reload.
 */
function VacancyBoard({ board }: { board: Board }) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  const [filters, setFilters] = useState<Filters>(board.selected);
  const { department, type } = board.selected;
  const navigationType = useNavigationType();

  // New loader data from back/forward or a link brings its own filters. The board's own changes
  // replace the URL and are already in local state: taking them back from the loader would let an
  // older change that finishes late flash over a newer one (a filter, then 'clear' at once).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above: only some loader data may overwrite local state
    if (navigationType !== NavigationType.Replace) setFilters({ department, type });
  }, [department, type, navigationType]);

  const apply = (next: Filters) => {
    setFilters(next);
    const query = new URLSearchParams();
    if (next.department !== ALL) query.set('department', next.department);
    if (next.type !== ALL) query.set('type', next.type);
    setSearchParams(query, { replace: true, preventScrollReset: true });
  };
  const reset = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    apply({ department: ALL, type: ALL });
  };

  const base = localePath(lang, '/Vacancies');
  const shown = board.vacancies.filter((v) => matches(v, filters));
  return (
    <>
      <form className="vac-filters" method="get" action={base} onSubmit={(event) => event.preventDefault()}>
        <fieldset className="vac-filters__set">
          <legend className="visually-hidden">{t.vacancies.filters}</legend>
          <label className="vac-field">
            <span className="vac-field__label">{t.vacancies.department}</span>
            <select name="department" className="vac-select" value={filters.department} onChange={(e) => apply({ ...filters, department: e.target.value })}>
              <option value={ALL}>{t.vacancies.allDepartments}</option>
              {board.departments.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <label className="vac-field">
            <span className="vac-field__label">{t.vacancies.employment}</span>
            <select name="type" className="vac-select" value={filters.type} onChange={(e) => apply({ ...filters, type: e.target.value })}>
              <option value={ALL}>{t.vacancies.anyEmployment}</option>
              {board.types.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
          <div className="vac-actions">
            {/* Without JavaScript the form needs a submit button; with it, a change applies at once. */}
            {hydrated ? null : (
              <button type="submit" className="vac-button">
                {t.vacancies.apply}
              </button>
            )}
            <a href={base} className="vac-button vac-button--ghost" onClick={reset}>
              {t.vacancies.reset}
            </a>
          </div>
        </fieldset>
      </form>
      <p className="vac-count" role="status">
        {t.vacancies.found}: {shown.length}
      </p>
      {shown.length === 0 ? (
        <div className="vac-empty">
          <h2 className="vac-empty__title">{t.vacancies.emptyTitle}</h2>
          <p>{t.vacancies.emptyText}</p>
        </div>
      ) : (
        // Keyed by the filters so that every new result set replays the staggered fade-in.
        <ul className="vac-list" aria-label={t.vacancies.list} key={`${filters.department}\u0000${filters.type}`}>
          {shown.map((v, index) => (
            <li key={v.id} className="vac-card" style={{ animationDelay: `${index * VACANCY_STAGGER_MS}ms` }}>
              <article>
                <h2 className="vac-card__title">{v.title}</h2>
                <p className="vac-card__date">
                  {t.vacancies.posted}: {v.isoDate ? <time dateTime={v.isoDate}>{v.date}</time> : v.date}
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
