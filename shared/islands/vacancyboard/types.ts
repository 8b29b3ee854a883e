/** A vacancy as the board shows it: texts in the page language, the date already formatted. */
export interface VacancyView {
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

export interface FilterOption {
  value: string;
  label: string;
}

/** Both filters; '' (ALL) is "all". */
export interface Filters {
  department: string;
  type: string;
}

export const ALL = '';

/** A card shows only if it matches both filters. */
export function matches(vacancy: VacancyView, filters: Filters): boolean {
  return (filters.department === ALL || vacancy.departmentValue === filters.department) && (filters.type === ALL || vacancy.type === filters.type);
}

/** The page's URL for `filters`: the query the GET form would send, without the "all" values. */
export function filtersHref(base: string, filters: Filters): string {
  const query = new URLSearchParams();
  if (filters.department !== ALL) query.set('department', filters.department);
  if (filters.type !== ALL) query.set('type', filters.type);
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}
