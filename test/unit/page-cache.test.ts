import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DataCache } from '../../server/backend/cache';
import { PageCache, APART_SHARE, storedPageKey } from '../../server/page-cache';
import { displayOfRequest } from '../../server/request-display';

const data = new DataCache({ source: { name: 'none', mediaBase: '', fetchJson: async () => ({ kind: 'not-found' }) }, ttlMs: 60_000, staleMs: 0, maxKeys: 10 });

/** A page that depends on no data entry: current for as long as it is held. */
const page = (html: string) => ({ status: 200, route: 'test', headers: [], html: Buffer.from(html), deps: [], imagesAt: null });
/** Text that compresses well: stored (gzip and br) in far fewer bytes than its length. */
const plain = (n: number) => '<p>x</p>'.repeat(n / 8);
/** Random hex: its gzip and br are each over half its length, so it is stored in more bytes than its length. */
const noise = (n: number) => randomBytes(n / 2).toString('hex');

describe('the page cache bound (PAGE_CACHE_MAX_MB)', () => {
  it('holds its bytes within the bound, the least recently used page out first, and counts evictions', async () => {
    // Pages the site links to (server/page-cache.ts linkedPage): the main share of the bound.
    const cache = new PageCache(data, 2600);
    await cache.store('/about', page(noise(1000)));
    await cache.store('/rektorat', page(noise(1000)));
    expect(cache.get('/about')).not.toBeNull();
    await cache.store('/departments', page(noise(1000)));
    expect([cache.get('/about'), cache.get('/rektorat'), cache.get('/departments')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.bytes).toBeLessThanOrEqual(2600);
    expect(cache.stats).toMatchObject({ stores: 3, evictions: 1 });
  });

  it('stores no page larger than the whole bound, and keeps what it held', async () => {
    const cache = new PageCache(data, 4000);
    await cache.store('/a', page(plain(800)));
    await cache.store('/a', page(noise(4000))); // 4000 bytes of HTML, over 4000 stored
    await cache.store('/b', page(noise(8000)));
    expect(gunzipSync(cache.get('/a')!.gzip).toString()).toBe(plain(800));
    expect(cache.get('/b')).toBeNull();
    expect([cache.size, cache.stats.stores, cache.stats.evictions]).toEqual([1, 1, 0]);
    expect(cache.bytes).toBeLessThanOrEqual(4000);
  });

  it('keeps no more memory than its bound says', async () => {
    const bound = 2 * 1024 * 1024;
    const cache = new PageCache(data, bound);
    // Pages like the site's: tens of KB of markup, a few KB once compressed.
    const keys = Array.from({ length: 2000 }, (_, n) => `/news/${n}`);
    for (const [n, key] of keys.entries()) await cache.store(key, page(`<main><h1>${n}</h1>${plain(20_000)}${noise(2000)}</main>`));
    // The memory a stored page keeps alive is the whole of each buffer its bytes are in.
    const held = new Set(keys.flatMap((key) => (cache.get(key) ? [cache.get(key)!.br.buffer, cache.get(key)!.gzip.buffer] : [])));
    const heldBytes = [...held].reduce((sum, buffer) => sum + buffer.byteLength, 0);
    expect(cache.stats.evictions).toBeGreaterThan(0);
    expect(cache.bytes).toBeLessThanOrEqual(bound);
    expect(heldBytes).toBeLessThanOrEqual(bound);
  });

  it('keeps personal pages (display settings) within their own share: they never evict a shared page', async () => {
    const bound = 64_000;
    const cache = new PageCache(data, bound);
    await cache.store('/about', page(noise(2000)));
    await cache.store('/ru/about', page(noise(2000)));
    for (let n = 0; n < 100; n++) {
      await cache.store(storedPageKey(`/news/${n}`, displayOfRequest({ cookie: 'a11y=size:200' })), page(noise(2000)));
    }
    expect([cache.get('/about'), cache.get('/ru/about')].map(Boolean)).toEqual([true, true]);
    expect(cache.stats.evictions).toBeGreaterThan(0);
    expect(cache.apartPages.bytes).toBeLessThanOrEqual(bound * APART_SHARE);
    expect(cache.get(storedPageKey('/news/99', displayOfRequest({ cookie: 'a11y=size:200' })))).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(bound);
  });

  it('stores nothing with a bound of 0', async () => {
    const cache = new PageCache(data, 0);
    await cache.store('/a', page('<p>x</p>'));
    expect([cache.get('/a'), cache.size, cache.bytes]).toEqual([null, 0, 0]);
  });
});
