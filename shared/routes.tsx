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
import { PAGE_TABLE, type PageEntry, type PageId } from './page-table';

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

export interface PageDef extends PageEntry {
  load: () => Promise<PageModule>;
}

/** Each page's module, loaded lazily (its own chunk in the browser); keyed by the page table's ids. */
const PAGE_MODULES: Record<PageId, () => Promise<PageModule>> = {
  Home: () => import('./pages/Home'),
  About: () => import('./pages/About'),
  Rektorat: () => import('./pages/Rektorat'),
  Departments: () => import('./pages/Departments'),
  NewsAll: () => import('./pages/NewsAll'),
  NewsDetail: () => import('./pages/NewsDetail'),
  Faculties: () => import('./pages/Faculties'),
  FacultyStaff: () => import('./pages/FacultyStaff'),
  Rules: () => import('./pages/Rules'),
  CodeOfConduct: () => import('./pages/CodeOfConduct'),
  Charter: () => import('./pages/Charter'),
  Structure: () => import('./pages/Structure'),
  EducationDocuments: () => import('./pages/EducationDocuments'),
  FullTime: () => import('./pages/FullTime'),
  Correspondence: () => import('./pages/Correspondence'),
  Master: () => import('./pages/Master'),
  StudyFields: () => import('./pages/StudyFields'),
  PublicNews: () => import('./pages/PublicNews'),
  UniversityNews: () => import('./pages/UniversityNews'),
  InternationalNews: () => import('./pages/InternationalNews'),
  Announcements: () => import('./pages/Announcements'),
  Articles: () => import('./pages/Articles'),
  Article: () => import('./pages/Article'),
  Search: () => import('./pages/Search'),
  Vacancies: () => import('./pages/Vacancies'),
  Dormitory: () => import('./pages/Dormitory'),
  WomensCommittee: () => import('./pages/WomensCommittee'),
  PsychologistsClub: () => import('./pages/PsychologistsClub'),
  StudentPortalMock: () => import('./pages/StudentPortalMock'),
  DocumentFormMock: () => import('./pages/DocumentFormMock'),
  EntranceMock: () => import('./pages/EntranceMock'),
  ScrollDemo: () => import('./pages/ScrollDemo'),
  SiteMap: () => import('./pages/SiteMap'),
  SiteHelp: () => import('./pages/SiteHelp'),
  MasterTableMock: () => import('./pages/MasterTableMock'),
  AccessibilityStatement: () => import('./pages/AccessibilityStatement'),
};

export const PAGES: PageDef[] = PAGE_TABLE.map((page) => ({ ...page, load: PAGE_MODULES[page.id] }));

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
          handle: { page: page.id, path: page.path, paged: page.paged === true },
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
