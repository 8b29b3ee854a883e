/**
 * The contract between page loaders and wherever their data comes from. On the server the `SiteApi`
 * is backed by the data cache; loaders never know whether the backend or the embedded content answered.
 */
import type {
  AboutEntry,
  Article,
  CodeOfConductEntry,
  Department,
  Faculty,
  HomeImage,
  LegalDocument,
  NewsItem,
  NewsPage,
  Partner,
  Programme,
  ProgrammeKind,
  RectoratePerson,
  RulesEntry,
  SearchPage,
  StaffEntry,
  StudentLife,
  StudyField,
  Vacancy,
} from './api';
import type { Lang } from './lang';

/** Why data is missing: the backend does not know the thing, or it could not be reached/understood. */
export type Missing = 'not-found' | 'failed';

export class DataError extends Error {
  constructor(
    readonly kind: Missing,
    message?: string,
  ) {
    super(message ?? kind);
    this.name = 'DataError';
  }
}

/**
 * For secondary data a page can do without (a sidebar, a caption): a backend 404 on it means "none",
 * not "this page does not exist". Use as `.catch(noneIfNotFound([]))`; other failures still count.
 */
export function noneIfNotFound<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof DataError && error.kind === 'not-found') return fallback;
    throw error;
  };
}

export interface SiteApi {
  homeContent(): Promise<HomeImage[]>;
  partners(): Promise<Partner[]>;
  newsPage(page: number): Promise<NewsPage>;
  newsItem(id: number): Promise<NewsItem>;
  articles(): Promise<Article[]>;
  article(id: number): Promise<Article>;
  about(): Promise<AboutEntry[]>;
  faculties(): Promise<Faculty[]>;
  facultyStaff(id: number): Promise<StaffEntry[]>;
  departments(): Promise<Department[]>;
  rectorate(): Promise<RectoratePerson[]>;
  labourCode(): Promise<RulesEntry[]>;
  codeOfConduct(): Promise<CodeOfConductEntry[]>;
  programmes(kind: ProgrammeKind): Promise<Programme[]>;
  studentLife(): Promise<StudentLife | null>;
  /** Data the site itself carries (content/site), whatever the backend. */
  vacancies(): Promise<Vacancy[]>;
  legalDocuments(): Promise<LegalDocument[]>;
  studyFields(): Promise<StudyField[]>;
  /** Site search in the page's language, from an in-memory index of the cached data (never the backend per query). */
  search(query: string, lang: Lang, page: number): Promise<SearchPage>;
}

/**
 * One piece of page data as it reaches a component: present, or missing for a reason. A plain record,
 * so a component shows a failed backend call as a notice in its place, never as a thrown error.
 */
export type Loaded<T> = { ok: true; value: T } | { ok: false; missing: Missing };

/** A loader's value for one key: settled, or (only on the server, when data is late) still coming. */
export type Slot<T> = Loaded<T> | Promise<Loaded<T>>;

export interface LoaderArgs {
  api: SiteApi;
  lang: Lang;
  params: Record<string, string | undefined>;
  url: URL;
}

/**
 * A page loader returns one promise per piece of data. The server decides, per key, whether to wait
 * for it (the page renders whole) or to stream it later behind a Suspense boundary.
 */
export type PageLoader<D extends Record<string, unknown>> = (args: LoaderArgs) => { [K in keyof D]: Promise<D[K]> };

/** The data a page component receives: one Slot per key its loader returned. */
export type PageData<D extends Record<string, unknown>> = { [K in keyof D]: Slot<D[K]> };
