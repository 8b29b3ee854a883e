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
import { LANGS, langPrefix, type Lang } from './lang';

export interface PageModule {
  default: ComponentType;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  loader?: PageLoader<any>;
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
  // Study and news groups: /kunduzgi, /sirtqi, /magistratura, /napravleniya, /publicNews, /newsUnversity, /xalqaroNews, /elonlar, /qqk, /qqk/:id
  // Services group: /Vacancies, /TTJ, /XQQ, /YPK and the mocks /university, /form, /entry, /sdf, /test, /test2, /study
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
    Component: Root,
    ErrorBoundary: RootError,
    children: [
      ...PAGES.map((page): RouteObject => {
        const id = routeId(lang, page.id);
        const common = {
          id,
          handle: { page: page.id },
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
