/**
 * The server's route tree: one root per language (its path prefix), under it every page of the page
 * table (shared/page-table.ts) with its module's component and loader, then a catch-all that answers
 * 404. server/route-handlers.ts gives each language root a static handler of its own.
 */
import type { ComponentType } from 'react';
import { data, type LoaderFunction, type RouteObject } from 'react-router';
import { PageError } from '../shared/components/ErrorFallback';
import { Document, Root } from '../shared/components/Root';
import type { PageLoader } from '../shared/data';
import { LANGS, langPrefix, type Lang } from '../shared/lang';
import { PAGE_TABLE, type PageId } from '../shared/page-table';
import * as About from '../shared/pages/About';
import * as AccessibilityStatement from '../shared/pages/AccessibilityStatement';
import * as Announcements from '../shared/pages/Announcements';
import * as Article from '../shared/pages/Article';
import * as Articles from '../shared/pages/Articles';
import * as Charter from '../shared/pages/Charter';
import * as CodeOfConduct from '../shared/pages/CodeOfConduct';
import * as Correspondence from '../shared/pages/Correspondence';
import * as Departments from '../shared/pages/Departments';
import * as DocumentFormMock from '../shared/pages/DocumentFormMock';
import * as Dormitory from '../shared/pages/Dormitory';
import * as EducationDocuments from '../shared/pages/EducationDocuments';
import * as EntranceMock from '../shared/pages/EntranceMock';
import * as Faculties from '../shared/pages/Faculties';
import * as FacultyStaff from '../shared/pages/FacultyStaff';
import * as FullTime from '../shared/pages/FullTime';
import * as Home from '../shared/pages/Home';
import * as InternationalNews from '../shared/pages/InternationalNews';
import * as Master from '../shared/pages/Master';
import * as MasterTableMock from '../shared/pages/MasterTableMock';
import * as NewsAll from '../shared/pages/NewsAll';
import * as NewsDetail from '../shared/pages/NewsDetail';
import * as PsychologistsClub from '../shared/pages/PsychologistsClub';
import * as PublicNews from '../shared/pages/PublicNews';
import * as Rektorat from '../shared/pages/Rektorat';
import * as Rules from '../shared/pages/Rules';
import * as ScrollDemo from '../shared/pages/ScrollDemo';
import * as Search from '../shared/pages/Search';
import * as SiteHelp from '../shared/pages/SiteHelp';
import * as SiteMap from '../shared/pages/SiteMap';
import * as Structure from '../shared/pages/Structure';
import * as StudentPortalMock from '../shared/pages/StudentPortalMock';
import * as StudyFields from '../shared/pages/StudyFields';
import * as UniversityNews from '../shared/pages/UniversityNews';
import * as Vacancies from '../shared/pages/Vacancies';
import * as WomensCommittee from '../shared/pages/WomensCommittee';
import { pageLoader } from './loaders';

/** What a module of shared/pages exports. */
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

/** Each page's module, by the page table's id. */
const PAGE_MODULES: Record<PageId, PageModule> = {
  Home,
  About,
  Rektorat,
  Departments,
  NewsAll,
  NewsDetail,
  Faculties,
  FacultyStaff,
  Rules,
  CodeOfConduct,
  Charter,
  Structure,
  EducationDocuments,
  FullTime,
  Correspondence,
  Master,
  StudyFields,
  PublicNews,
  UniversityNews,
  InternationalNews,
  Announcements,
  Articles,
  Article,
  Search,
  Vacancies,
  Dormitory,
  WomensCommittee,
  PsychologistsClub,
  StudentPortalMock,
  DocumentFormMock,
  EntranceMock,
  ScrollDemo,
  SiteMap,
  SiteHelp,
  MasterTableMock,
  AccessibilityStatement,
};

/** Unknown paths match this last route in each language; its loader makes the 404 page. */
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

function pageRoutes(lang: Lang): RouteObject[] {
  return PAGE_TABLE.map((page): RouteObject => {
    const module = PAGE_MODULES[page.id];
    const common = {
      id: `${lang}:${page.id}`,
      // `path` lets Seo write the canonical URL in the route table's spelling (/ABOUT → /about).
      handle: { page: page.id, path: page.path, paged: page.paged === true },
      loader: module.loader && pageLoader(module.loader, lang, module.mainData),
      Component: module.default,
      ErrorBoundary: PageError,
    };
    return page.path === '' ? { ...common, index: true } : { ...common, path: page.path };
  });
}

export function createRoutes(): RouteObject[] {
  return LANGS.map((lang) => ({
    id: lang,
    path: langPrefix(lang) || '/',
    handle: { lang },
    Component: Root,
    ErrorBoundary: RootError,
    children: [...pageRoutes(lang), { id: `${lang}:NotFound`, path: '*', loader: notFound, Component: PageError, ErrorBoundary: PageError }],
  }));
}
