import type { Uzbek, Vacancy } from '../api';
import { useLang, useT } from '../app-context';
import { Await } from '../components/Await';
import { Seo } from '../components/Seo';
import type { PageLoader } from '../data';
import { formatUzDate, parseIsoDate } from '../format';
import BackLinkIsland from '../islands/BackLink';
import { pick } from '../islands/pick';
import VacancyBoardIsland from '../islands/VacancyBoard';
import { ALL, type FilterOption, type Filters, type VacancyView } from '../islands/vacancyboard/types';
import { usePageData } from '../page-data';
import { dict } from '../i18n';
import { localePath, uzbekScript, type Lang } from '../lang';
import '../styles/vacancies.css';

interface Board {
  vacancies: VacancyView[];
  departments: FilterOption[];
  types: FilterOption[];
  /** The filters the URL asked for, already checked against the options. */
  selected: Filters;
}

type VacanciesData = { board: Board };

/**
 * The two employment types, as the data spells them, whichever apostrophe it writes in toʻliq (an ASCII
 * one, or the ʻ of our own texts).
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
function optionOrAll(raw: string | null, options: FilterOption[]): string {
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
    selected: { department: optionOrAll(query.get('department'), departments), type: optionOrAll(query.get('type'), types) },
  };
}

export const loader: PageLoader<VacanciesData> = ({ api, lang, url }) => ({
  board: api.vacancies().then((vacancies) => toBoard(vacancies, lang, url.searchParams)),
});

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

/** The board's back button: browser history back; without JavaScript (or history) the about section. */
function BackLink() {
  const t = useT();
  const lang = useLang();
  return <BackLinkIsland href={localePath(lang, '/about')} className="vac-back" label={t.vacancies.back} />;
}

/** The filters and cards: an island with every vacancy and the words it shows. */
function VacancyBoard({ board }: { board: Board }) {
  const t = useT();
  const lang = useLang();
  return (
    <VacancyBoardIsland
      vacancies={board.vacancies}
      departments={board.departments}
      types={board.types}
      selected={board.selected}
      base={localePath(lang, '/Vacancies')}
      words={pick(t.vacancies, [
        'filters',
        'department',
        'allDepartments',
        'employment',
        'anyEmployment',
        'apply',
        'reset',
        'found',
        'emptyTitle',
        'emptyText',
        'list',
        'posted',
      ])}
    />
  );
}
