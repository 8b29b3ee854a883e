import { describe, expect, it } from 'vitest';
import { DataCache } from '../../server/backend/cache';
import { cacheInvalidation } from '../../server/invalidation';
import { PageCache } from '../../server/page-cache';

const parse = async (json: unknown) => json;

/** A data cache holding /news/1 and /about, and a page cache with a page on each and one on no data. */
async function caches() {
  // What the backend answers, by path ({ path } unless set), and every path it was asked for.
  const backend = new Map<string, unknown>();
  const fetched: string[] = [];
  const data = new DataCache({
    source: {
      name: 'test',
      mediaBase: '',
      fetchJson: async (path) => {
        fetched.push(path);
        return { kind: 'ok', json: backend.get(path) ?? { path } };
      },
    },
    ttlMs: 60_000,
    staleMs: 60_000,
    maxKeys: 100,
  });
  const pages = new PageCache(data, 1024 * 1024);
  const store = async (key: string, deps: string[], imagesAt: number | null = null) => {
    const used: Array<[string, number]> = [];
    for (const path of deps) used.push([path, ((await data.get(path, parse)) as { version: number }).version]);
    await pages.store(key, { status: 200, route: 'test', headers: [], html: Buffer.from(`<p>${key}</p>`), deps: used, imagesAt });
  };
  await store('/news', ['/news/1']);
  await store('/about', ['/about']);
  await store('/contacts', []);
  const answered = () => ['/news', '/about', '/contacts'].filter((key) => pages.get(key));
  return { data, pages, store, answered, backend, fetched, invalidate: cacheInvalidation(data, pages) };
}

describe('cache invalidation (server/invalidation.ts)', () => {
  it('a purge by prefix or key drops those data entries, and only the pages that used them stop being answered', async () => {
    const { data, pages, answered, invalidate } = await caches();
    invalidate.purge({ prefixes: ['/news/'], keys: [] });
    expect([data.versionOf('/news/1'), data.versionOf('/about')].map((v) => v !== null)).toEqual([false, true]);
    expect(pages.size).toBe(3);
    expect(answered()).toEqual(['/about', '/contacts']);
  });

  it('a purge of everything drops every data entry and every stored page', async () => {
    const { data, pages, invalidate } = await caches();
    invalidate.purge({ prefixes: [''], keys: [] });
    expect([data.size, pages.size, pages.bytes]).toEqual([0, 0, 0]);
  });

  it('a resync keeps the data entries and the stored pages; a page is answered again once its data came back unchanged', async () => {
    const { data, pages, answered, invalidate, fetched } = await caches();
    const fetchesBefore = fetched.length;
    invalidate.resync();
    expect(data.size).toBe(2);
    expect(data.peek('/about')?.freshness).toBe('expired');
    expect(pages.size).toBe(3);
    // Not answered as they are: their data may have been purged while the purge channel was down.
    expect(answered()).toEqual(['/contacts']);
    expect(await pages.revalidated('/about')).not.toBeNull();
    expect(fetched.slice(fetchesBefore)).toEqual(['/about']);
    expect(answered()).toEqual(['/about', '/contacts']);
    expect(pages.stats.revalidations).toBe(1);
  });

  it('after a resync, a page whose data changed meanwhile (a purge it missed) renders again', async () => {
    const { pages, invalidate, backend } = await caches();
    invalidate.resync();
    backend.set('/news/1', { path: '/news/1', title: 'edited' });
    expect(await pages.revalidated('/news')).toBeNull();
    expect(pages.size).toBe(2);
  });

  it('a changed image source drops every stored page; a learnt one only the pages stored before it was seen', async () => {
    const { pages, store, answered, invalidate } = await caches();
    await store('/gallery', [], pages.imagesLearnt);
    invalidate.imageSourceLearnt();
    expect(pages.get('/gallery')).toBeNull();
    expect(answered()).toEqual(['/news', '/about', '/contacts']);
    invalidate.imageSourceChanged();
    expect(pages.size).toBe(0);
  });
});
