/**
 * The one route table: every SPEC route, in each language, for the server's static handler, the
 * client's browser router and the sitemap. A page module is loaded lazily (its own chunk in the
 * browser); how its data is loaded is the caller's choice (`LoaderFactory`): the server runs the
 * page's loader against the data cache, the browser asks the server's data endpoint.
 */
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type RouteObject } from 'react-router';
import { PageError } from './components/ErrorFallback';
import { Document, Root } from './components/Root';
import type { PageLoader } from './data';
import { loadDict } from './i18n';
import { LANGS, langPrefix, type Lang } from './lang';

export interface PageModule {
  default: ComponentType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  loader?: PageLoader<any>;
  /**
   * The loader key the page exists to show: when it fails, the page answers 503. A loader with one key
   * needs no name; a page whose keys are all secondary (home) names none.
   */
  mainData?: string;
}

export interface PageDef {
  /** The page module's file name in shared/pages, also its chunk name. */
  id: string;
  /** Path below the language prefix, as in the SPEC ('' is the home page). */
  path: string;
  load: () => Promise<PageModule>;
  /** True when the module exports a loader (the browser then fetches data on navigation). */
  data?: boolean;
  /** Mock screens and utility pages stay out of the sitemap and search engines. */
  noindex?: boolean;
}

export const PAGES: PageDef[] = [
  { id: 'Home', path: '', load: () => import('./pages/Home'), data: true },
  { id: 'About', path: 'about', load: () => import('./pages/About'), data: true },
  { id: 'Rektorat', path: 'rektorat', load: () => import('./pages/Rektorat'), data: true },
  { id: 'Departments', path: 'departments', load: () => import('./pages/Departments'), data: true },
  { id: 'NewsAll', path: 'newsAll', load: () => import('./pages/NewsAll'), data: true },
  { id: 'NewsDetail', path: 'news/:id', load: () => import('./pages/NewsDetail'), data: true },
  // About group: /department, /department/:id, /rules, /rulesEtika, /regulation, /tashkiliytuzilmasi, /qoidalar
  { id: 'Faculties', path: 'department', load: () => import('./pages/Faculties'), data: true },
  { id: 'FacultyStaff', path: 'department/:id', load: () => import('./pages/FacultyStaff'), data: true },
  { id: 'Rules', path: 'rules', load: () => import('./pages/Rules'), data: true },
  { id: 'CodeOfConduct', path: 'rulesEtika', load: () => import('./pages/CodeOfConduct'), data: true },
  { id: 'Charter', path: 'regulation', load: () => import('./pages/Charter') },
  { id: 'Structure', path: 'tashkiliytuzilmasi', load: () => import('./pages/Structure') },
  { id: 'EducationDocuments', path: 'qoidalar', load: () => import('./pages/EducationDocuments'), data: true },
  // Study and news groups: /kunduzgi, /sirtqi, /magistratura, /napravleniya, /publicNews, /newsUnversity, /xalqaroNews, /elonlar, /qqk, /qqk/:id
  { id: 'FullTime', path: 'kunduzgi', load: () => import('./pages/FullTime'), data: true },
  { id: 'Correspondence', path: 'sirtqi', load: () => import('./pages/Correspondence'), data: true },
  { id: 'Master', path: 'magistratura', load: () => import('./pages/Master'), data: true },
  { id: 'StudyFields', path: 'napravleniya', load: () => import('./pages/StudyFields'), data: true },
  { id: 'PublicNews', path: 'publicNews', load: () => import('./pages/PublicNews'), data: true },
  { id: 'UniversityNews', path: 'newsUnversity', load: () => import('./pages/UniversityNews'), data: true },
  { id: 'InternationalNews', path: 'xalqaroNews', load: () => import('./pages/InternationalNews'), data: true },
  { id: 'Announcements', path: 'elonlar', load: () => import('./pages/Announcements') },
  { id: 'Articles', path: 'qqk', load: () => import('./pages/Articles'), data: true },
  { id: 'Article', path: 'qqk/:id', load: () => import('./pages/Article'), data: true },
  // Services group: /Vacancies, /TTJ, /XQQ, /YPK and the mocks /university, /form, /entry, /sdf, /test, /test2, /study
  { id: 'Search', path: 'search', load: () => import('./pages/Search'), data: true, noindex: true },
  { id: 'Vacancies', path: 'Vacancies', load: () => import('./pages/Vacancies'), data: true },
  { id: 'Dormitory', path: 'TTJ', load: () => import('./pages/Dormitory') },
  { id: 'WomensCommittee', path: 'XQQ', load: () => import('./pages/WomensCommittee') },
  { id: 'PsychologistsClub', path: 'YPK', load: () => import('./pages/PsychologistsClub') },
  { id: 'StudentPortalMock', path: 'university', load: () => import('./pages/StudentPortalMock'), noindex: true },
  { id: 'DocumentFormMock', path: 'form', load: () => import('./pages/DocumentFormMock'), noindex: true },
  { id: 'EntranceMock', path: 'entry', load: () => import('./pages/EntranceMock'), noindex: true },
  { id: 'ScrollDemo', path: 'sdf', load: () => import('./pages/ScrollDemo'), noindex: true },
  { id: 'SiteMap', path: 'test', load: () => import('./pages/SiteMap'), noindex: true },
  { id: 'SiteHelp', path: 'test2', load: () => import('./pages/SiteHelp'), noindex: true },
  { id: 'MasterTableMock', path: 'study', load: () => import('./pages/MasterTableMock'), noindex: true },
];

export type LoaderFactory = (page: PageDef, lang: Lang, routeId: string) => LoaderFunction | undefined;

export function routeId(lang: Lang, page: string): string {
  return `${lang}:${page}`;
}

/** Unknown paths match this last route in each language; its loader makes the SPEC's 404. */
const notFound: LoaderFunction = () => {
  throw data(null, { status: 404, statusText: 'Not Found' });
};

function RootError() {
  return (
    <Document>
      <PageError />
    </Document>
  );
}

export function createRoutes(loaderFor: LoaderFactory): RouteObject[] {
  return LANGS.map((lang) => ({
    id: lang,
    path: langPrefix(lang) || '/',
    handle: { lang },
    // Nothing on the server (all dictionaries are registered there); in the browser, switching
    // language waits here for that language's dictionary before the new page renders.
    loader: async () => (await loadDict(lang), null),
    Component: Root,
    ErrorBoundary: RootError,
    children: [
      ...PAGES.map((page): RouteObject => {
        const id = routeId(lang, page.id);
        const common = {
          id,
          // `path` lets Seo write the canonical URL in the route table's spelling (/ABOUT → /about).
          handle: { page: page.id, path: page.path },
          loader: loaderFor(page, lang, id),
          ErrorBoundary: PageError,
          lazy: async () => ({ Component: (await page.load()).default }),
        };
        return page.path === '' ? { ...common, index: true } : { ...common, path: page.path };
      }),
      { id: routeId(lang, 'NotFound'), path: '*', loader: notFound, Component: PageError, ErrorBoundary: PageError },
    ],
  }));
}
