/**
 * Everything findable the site knows of, read through the SiteApi (so through the data cache, parsed
 * and sanitised once): all news pages, articles, faculties and their staff, programmes, fields of
 * study, vacancies, legal documents and the about entries. Search, the sitemap and the feeds are made
 * from one catalogue, so they always agree. Parts that fail are left empty and the catalogue is marked
 * incomplete; it never throws.
 */
import type { AboutEntry, Article, Faculty, LegalDocument, NewsItem, Programme, ProgrammeKind, StaffEntry, StudyField, Vacancy } from '../../shared/api';
import { DataError, type SiteApi } from '../../shared/data';

/** The news list is paged; a backend that never says "last page" must not keep us walking forever. */
export const MAX_NEWS_PAGES = 100;
/** Staff lists are one call per faculty. */
const MAX_FACULTIES = 100;

const PROGRAMME_KINDS: ProgrammeKind[] = ['fulltime', 'correspondence', 'master'];

export interface Catalogue {
  news: NewsItem[];
  articles: Article[];
  faculties: Faculty[];
  staff: Array<{ faculty: Faculty; entry: StaffEntry }>;
  programmes: Array<{ kind: ProgrammeKind; programme: Programme }>;
  fields: StudyField[];
  vacancies: Vacancy[];
  legalDocuments: LegalDocument[];
  about: AboutEntry[];
  /** False when some part could not be read (the backend failed and nothing was cached). */
  complete: boolean;
}

async function allNews(api: SiteApi): Promise<NewsItem[]> {
  const seen = new Map<number, NewsItem>();
  for (let page = 1; page <= MAX_NEWS_PAGES; page++) {
    const result = await api.newsPage(page);
    const before = seen.size;
    for (const item of result.items) if (!seen.has(item.id)) seen.set(item.id, item);
    // A page with nothing new means a backend that ignores ?page: stop rather than walk to the cap.
    if (!result.hasNext || seen.size === before) break;
  }
  return [...seen.values()];
}

export async function collectCatalogue(api: SiteApi): Promise<Catalogue> {
  let complete = true;
  const settle = async <T>(promise: Promise<T>, fallback: T): Promise<T> => {
    try {
      return await promise;
    } catch (error) {
      // "The backend has none" is an answer; only a failure makes the catalogue incomplete.
      if (!(error instanceof DataError && error.kind === 'not-found')) complete = false;
      return fallback;
    }
  };
  const [news, articles, faculties, programmes, fields, vacancies, legalDocuments, about] = await Promise.all([
    settle(allNews(api), []),
    settle(api.articles(), []),
    settle(api.faculties(), []),
    Promise.all(PROGRAMME_KINDS.map((kind) => settle(api.programmes(kind), []).then((list) => list.map((programme) => ({ kind, programme }))))),
    settle(api.studyFields(), []),
    settle(api.vacancies(), []),
    settle(api.legalDocuments(), []),
    settle(api.about(), []),
  ]);
  const staff = await Promise.all(
    faculties.slice(0, MAX_FACULTIES).map((faculty) => settle(api.facultyStaff(faculty.id), []).then((list) => list.map((entry) => ({ faculty, entry })))),
  );
  return {
    news,
    articles,
    faculties,
    staff: staff.flat(),
    programmes: programmes.flat(),
    fields,
    vacancies,
    legalDocuments,
    about,
    complete,
  };
}
