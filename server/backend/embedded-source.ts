/**
 * The embedded demo content (content/api/*.json) served as the real backend would serve it: the same
 * paths, DRF-style paging for news, 404 for unknown ids and past the last page. It lets the site run
 * with no backend at all and gives tests a realistic data set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NEWS_PAGE_SIZE } from '../../shared/constants';
import { CONTENT_DIR } from '../paths';
import type { Source, SourceResult } from './source';

type Json = Record<string, unknown>;

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
  const link = (n: number) => (n === 1 ? '/news/yangiliklar/' : `/news/yangiliklar/?page=${n}`);
  return ok({
    count: news.length,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: news.slice((page - 1) * NEWS_PAGE_SIZE, page * NEWS_PAGE_SIZE),
  });
}

type Routes = { lists: Record<string, unknown>; routes: Array<[RegExp, (match: RegExpExecArray, query: URLSearchParams) => SourceResult]> };

/** Reads the content files once, on first use. */
function loadContent(): Routes {
  const news = newest(load('news.json') as Json[]);
  const articles = newest(load('articles.json') as Json[]);
  const staff = load('faculty-staff.json') as Record<string, unknown>;
  const lists: Record<string, unknown> = {
    '/api/homecontent/': load('homecontent.json'),
    '/api/hamkorlar/': load('hamkorlar.json'),
    '/news/maqolalar/': articles,
    '/category/obuniversitet/': load('about.json'),
    '/category/kafedrashu/': load('faculties.json'),
    '/category/otdellar/': load('departments.json'),
    '/category/rektorot/': load('rectorate.json'),
    '/category/universitetichkitartibqonunlari/': load('labour-code.json'),
    '/category/axloq-qoidasi/': load('code-of-conduct.json'),
    '/category/yonalishlar/': load('programmes-fulltime.json'),
    '/category/yonalishlar-sirtqi/': load('programmes-correspondence.json'),
    '/category/yonalishlar-magister/': load('programmes-master.json'),
    '/api/student-life/': load('student-life.json'),
  };

  const routes: Routes['routes'] = [
    [/^\/news\/yangiliklar\/$/, (_, query) => newsPage(news, Number(query.get('page') ?? '1'))],
    [/^\/news\/yangiliklar\/(\d+)\/$/, (m) => byId(news, m[1]!)],
    [/^\/news\/maqolalar\/(\d+)\/?$/, (m) => byId(articles, m[1]!)],
    [/^\/category\/kafedrakontent\/by-kafedra\/(\d+)\/$/, (m) => (m[1]! in staff ? ok(staff[m[1]!]) : NOT_FOUND)],
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
