/**
 * The page cache against a visitor who asks for URLs no link of the site names: every page with a query
 * parameter some other page reads (`/about?q=1`), searches, filters, and the other spellings of a page's
 * URL the router takes (`/ABOUT`, `/about/`, `/%61bout`). Each was stored beside the pages everyone gets,
 * so a few hundred of them pushed those out. Now they are kept apart, as display variants are, and the
 * pages the site links to stay warm.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { linkedPage } from '../../server/page-cache';
import { pagesStored, testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';

let backend: FakeBackend | null = null;
afterEach(async () => {
  await backend?.close();
  backend = null;
});

/** `path` in letter cases, percent-encoded letters and trailing slashes, as many as `count`. */
function spellings(path: string, count: number): string[] {
  const out: string[] = [];
  for (let n = 1; out.length < count; n++) {
    const cased = [...path].map((c, i) => ((n >> i) & 1 ? c.toUpperCase() : c)).join('');
    out.push(`${cased}${'/'.repeat(n % 3)}`, `${cased.replace('a', '%61')}/`);
  }
  return out.slice(0, count);
}

describe('the page cache against URLs no link of the site names', () => {
  it('keeps the pages the site links to warm however many queries and spellings a client cycles through', async () => {
    backend = await startFakeBackend(coreRoutes());
    // 1 MB, the smallest bound: the pages asked for below are several times as much.
    const app = testApp(backend.url, { PAGE_CACHE_MAX_MB: '1' });
    const linked = ['/about', '/ru/about', '/en/rektorat', '/newsAll?page=2', '/news/5'];
    for (const path of linked) await request(app).get(path).expect(200);
    await pagesStored(app, linked.length);

    const asked = [
      ...Array.from({ length: 40 }, (_, i) => `/about?q=${i}`),
      ...Array.from({ length: 40 }, (_, i) => `/search?q=yangilik+${i}`),
      ...Array.from({ length: 20 }, (_, i) => `/Vacancies?department=${i}`),
      ...spellings('/rektorat', 40),
    ];
    for (const path of asked) {
      const res = await request(app).get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    await app.locals.pageCache.settled();
    expect(app.locals.pageCache.stats.evictions).toBeGreaterThan(0);

    const renders = app.locals.renders;
    for (const path of linked) await request(app).get(path).expect(200);
    expect(app.locals.renders).toBe(renders);
  }, 120_000);

  it('tells the URLs the site links to from every other', () => {
    for (const key of ['/', '/ru', '/uz-cyrl/about', '/newsAll?page=12', '/en/news/123456789', '/Vacancies', '/TTJ', '/search']) {
      expect({ key, linked: linkedPage(key) }).toEqual({ key, linked: true });
    }
    for (const key of ['/ABOUT', '/about/', '/%61bout', '/ru/', '/about?q=1', '/search?q=x', '/newsAll?page=0', '/news/01', '/about size:200', '/nowhere']) {
      expect({ key, linked: linkedPage(key) }).toEqual({ key, linked: false });
    }
  });
});
