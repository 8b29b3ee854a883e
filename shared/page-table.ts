/**
 * The page table: every page's path below the language prefix, with what the server, the sitemap, search
 * and the site map page need to know of it. It imports no page, so pages can read it (SiteMap does)
 * without an import cycle; server/routes.tsx joins each row to its page module.
 */
export interface PageEntry {
  /** The page module's file name in shared/pages. */
  id: string;
  /** Path below the language prefix ('' is the home page). */
  path: string;
  /** Mock screens and utility pages stay out of the sitemap and search engines. */
  noindex?: boolean;
  /** Lists paged with `?page=N`: each page is a page of its own (its canonical URL keeps the number). */
  paged?: boolean;
}

const TABLE = [
  { id: 'Home', path: '' },
  { id: 'About', path: 'about' },
  { id: 'Rektorat', path: 'rektorat' },
  { id: 'Departments', path: 'departments' },
  { id: 'NewsAll', path: 'newsAll', paged: true },
  { id: 'NewsDetail', path: 'news/:id' },
  // About group: /department, /department/:id, /rules, /rulesEtika, /regulation, /tashkiliytuzilmasi, /qoidalar
  { id: 'Faculties', path: 'department' },
  { id: 'FacultyStaff', path: 'department/:id' },
  { id: 'Rules', path: 'rules' },
  { id: 'CodeOfConduct', path: 'rulesEtika' },
  { id: 'Charter', path: 'regulation' },
  { id: 'Structure', path: 'tashkiliytuzilmasi' },
  { id: 'EducationDocuments', path: 'qoidalar' },
  // Study and news groups: /kunduzgi, /sirtqi, /magistratura, /napravleniya, /publicNews, /newsUnversity, /xalqaroNews, /elonlar, /qqk, /qqk/:id
  { id: 'FullTime', path: 'kunduzgi' },
  { id: 'Correspondence', path: 'sirtqi' },
  { id: 'Master', path: 'magistratura' },
  { id: 'StudyFields', path: 'napravleniya' },
  { id: 'PublicNews', path: 'publicNews', paged: true },
  { id: 'UniversityNews', path: 'newsUnversity', paged: true },
  { id: 'InternationalNews', path: 'xalqaroNews', paged: true },
  { id: 'Announcements', path: 'elonlar' },
  { id: 'Articles', path: 'qqk' },
  { id: 'Article', path: 'qqk/:id' },
  // Services group: /Vacancies, /TTJ, /XQQ, /YPK and the mocks /university, /form, /entry, /sdf, /test, /test2, /study
  { id: 'Search', path: 'search', noindex: true, paged: true },
  { id: 'Vacancies', path: 'Vacancies' },
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

export type PageId = (typeof TABLE)[number]['id'];

/** Every page, in the order the server's route tree lists them. */
export const PAGE_TABLE: readonly (PageEntry & { id: PageId })[] = TABLE;

/** The table row of a page, by its id. */
export function pageEntry(id: PageId): PageEntry {
  return PAGE_TABLE.find((page) => page.id === id)!;
}
