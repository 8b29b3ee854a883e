/**
 * The page table: every SPEC route below the language prefix, with what the server, the sitemap, search
 * and the site map page need to know of it. It imports no page, so pages can read it (SiteMap does)
 * without an import cycle; shared/routes.tsx joins each row to its lazily loaded module.
 */
export interface PageEntry {
  /** The page module's file name in shared/pages, also its chunk name. */
  id: string;
  /** Path below the language prefix, as in the SPEC ('' is the home page). */
  path: string;
  /** True when the module exports a loader (the browser then fetches data on navigation). */
  data?: boolean;
  /** Mock screens and utility pages stay out of the sitemap and search engines. */
  noindex?: boolean;
  /** Lists paged with `?page=N`: each page is a page of its own (its canonical URL keeps the number). */
  paged?: boolean;
}

export const PAGE_TABLE = [
  { id: 'Home', path: '', data: true },
  { id: 'About', path: 'about', data: true },
  { id: 'Rektorat', path: 'rektorat', data: true },
  { id: 'Departments', path: 'departments', data: true },
  { id: 'NewsAll', path: 'newsAll', data: true, paged: true },
  { id: 'NewsDetail', path: 'news/:id', data: true },
  // About group: /department, /department/:id, /rules, /rulesEtika, /regulation, /tashkiliytuzilmasi, /qoidalar
  { id: 'Faculties', path: 'department', data: true },
  { id: 'FacultyStaff', path: 'department/:id', data: true },
  { id: 'Rules', path: 'rules', data: true },
  { id: 'CodeOfConduct', path: 'rulesEtika', data: true },
  { id: 'Charter', path: 'regulation' },
  { id: 'Structure', path: 'tashkiliytuzilmasi' },
  { id: 'EducationDocuments', path: 'qoidalar', data: true },
  // Study and news groups: /kunduzgi, /sirtqi, /magistratura, /napravleniya, /publicNews, /newsUnversity, /xalqaroNews, /elonlar, /qqk, /qqk/:id
  { id: 'FullTime', path: 'kunduzgi', data: true },
  { id: 'Correspondence', path: 'sirtqi', data: true },
  { id: 'Master', path: 'magistratura', data: true },
  { id: 'StudyFields', path: 'napravleniya', data: true },
  { id: 'PublicNews', path: 'publicNews', data: true, paged: true },
  { id: 'UniversityNews', path: 'newsUnversity', data: true, paged: true },
  { id: 'InternationalNews', path: 'xalqaroNews', data: true, paged: true },
  { id: 'Announcements', path: 'elonlar' },
  { id: 'Articles', path: 'qqk', data: true },
  { id: 'Article', path: 'qqk/:id', data: true },
  // Services group: /Vacancies, /TTJ, /XQQ, /YPK and the mocks /university, /form, /entry, /sdf, /test, /test2, /study
  { id: 'Search', path: 'search', data: true, noindex: true, paged: true },
  { id: 'Vacancies', path: 'Vacancies', data: true },
  { id: 'Dormitory', path: 'TTJ' },
  { id: 'WomensCommittee', path: 'XQQ' },
  { id: 'PsychologistsClub', path: 'YPK' },
  { id: 'StudentPortalMock', path: 'university', noindex: true },
  { id: 'DocumentFormMock', path: 'form', noindex: true },
  { id: 'EntranceMock', path: 'entry', noindex: true },
  { id: 'ScrollDemo', path: 'sdf', noindex: true },
  { id: 'SiteMap', path: 'test', noindex: true },
  { id: 'SiteHelp', path: 'test2', noindex: true },
  { id: 'MasterTableMock', path: 'study', noindex: true },
  { id: 'AccessibilityStatement', path: 'accessibility-statement' },
] as const satisfies readonly PageEntry[];

export type PageId = (typeof PAGE_TABLE)[number]['id'];

/** The table row of a page, by its id. */
export function pageEntry(id: PageId): PageEntry {
  return PAGE_TABLE.find((page) => page.id === id)!;
}
