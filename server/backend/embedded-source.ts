/**
 * The embedded demo content (content/api/*.json) served as the real backend would serve it: the same
 * paths, DRF-style paging for news, 404 for unknown ids and past the last page. It lets the site run
 * with no backend at all and gives tests a realistic data set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENDPOINTS } from '../../shared/api';
import { NEWS_PAGE_SIZE } from '../../shared/constants';
import { escapeRegExp } from '../../shared/escape-regexp';
import { CONTENT_DIR } from '../paths';
import type { Source, SourceResult } from './source';

type Json = Record<string, unknown>;

/** The path the embedded content serves the student-life gallery at (the API has no fixed one). */
export const EMBEDDED_STUDENT_LIFE_PATH = '/api/student-life/';

function load(file: string): unknown {
  return JSON.parse(readFileSync(join(CONTENT_DIR, 'api', file), 'utf8')) as unknown;
}

function ok(json: unknown): SourceResult {
  return { kind: 'ok', json };
}

const NOT_FOUND: SourceResult = { kind: 'not-found' };

function byId(list: unknown, id: string): SourceResult {
  const item = (list as Json[]).find((entry) => String(entry.id) === id);
  return item ? ok(item) : NOT_FOUND;
}

function newest(list: Json[]): Json[] {
  return [...list].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
}

function newsPage(news: Json[], page: number): SourceResult {
  const pages = Math.max(1, Math.ceil(news.length / NEWS_PAGE_SIZE));
  if (!Number.isInteger(page) || page < 1 || page > pages) return NOT_FOUND;
  return ok({
    count: news.length,
    next: page < pages ? ENDPOINTS.newsPage(page + 1) : null,
    previous: page > 1 ? ENDPOINTS.newsPage(page - 1) : null,
    results: news.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE),
  });
}

/**
 * The pattern of the paths an id endpoint makes, the id captured: built from the endpoint itself so
 * the embedded content answers exactly the paths the site asks the backend for. The trailing slash is
 * optional: the backend's article path has none (ENDPOINTS, shared/api.ts) while the others do.
 */
function idPath(endpoint: (id: number) => string): RegExp {
  const marker = 987654321;
  const [before, after = ''] = endpoint(marker).split(String(marker));
  return new RegExp(`^${escapeRegExp(before!)}(\\d+)${escapeRegExp(after.replace(/\/$/, ''))}\\/?$`);
}

type Routes = { lists: Record<string, unknown>; routes: Array<[RegExp, (match: RegExpExecArray, query: URLSearchParams) => SourceResult]> };

/** Reads the content files once, on first use. */
function loadContent(): Routes {
  const news = newest(load('news.json') as Json[]);
  const articles = newest(load('articles.json') as Json[]);
  const staff = load('faculty-staff.json') as Record<string, unknown>;
  const lists: Record<string, unknown> = {
    [ENDPOINTS.homeContent()]: load('homecontent.json'),
    [ENDPOINTS.partners()]: load('hamkorlar.json'),
    [ENDPOINTS.articles()]: articles,
    [ENDPOINTS.about()]: load('about.json'),
    [ENDPOINTS.faculties()]: load('faculties.json'),
    [ENDPOINTS.departments()]: load('departments.json'),
    [ENDPOINTS.rectorate()]: load('rectorate.json'),
    [ENDPOINTS.labourCode()]: load('labour-code.json'),
    [ENDPOINTS.codeOfConduct()]: load('code-of-conduct.json'),
    [ENDPOINTS.programmes('fulltime')]: load('programmes-fulltime.json'),
    [ENDPOINTS.programmes('correspondence')]: load('programmes-correspondence.json'),
    [ENDPOINTS.programmes('master')]: load('programmes-master.json'),
    [EMBEDDED_STUDENT_LIFE_PATH]: load('student-life.json'),
  };

  // The first news page's path is the list's path; later pages only add `?page=`.
  const newsList = new RegExp(`^${escapeRegExp(ENDPOINTS.newsPage(1))}$`);
  const routes: Routes['routes'] = [
    [newsList, (_, query) => newsPage(news, Number(query.get('page') ?? '1'))],
    [idPath(ENDPOINTS.newsItem), (m) => byId(news, m[1]!)],
    [idPath(ENDPOINTS.article), (m) => byId(articles, m[1]!)],
    [idPath(ENDPOINTS.facultyStaff), (m) => (m[1]! in staff ? ok(staff[m[1]!]) : NOT_FOUND)],
  ];

  return { lists, routes };
}

export function createEmbeddedSource(): Source {
  let content: Routes | null = null;
  return {
    name: 'embedded',
    mediaBase: '',
    async fetchJson(path: string): Promise<SourceResult> {
      content ??= loadContent();
      const { lists, routes } = content;
      const url = new URL(path, 'http://embedded');
      const list = lists[url.pathname];
      if (list !== undefined) return ok(list);
      for (const [pattern, answer] of routes) {
        const match = pattern.exec(url.pathname);
        if (match) return answer(match, url.searchParams);
      }
      return NOT_FOUND;
    },
  };
}
