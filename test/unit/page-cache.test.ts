import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DataCache } from '../../server/backend/cache';
import { PageCache } from '../../server/page-cache';

const data = new DataCache({ source: { name: 'none', mediaBase: '', fetchJson: async () => ({ kind: 'not-found' }) }, ttlMs: 60_000, staleMs: 0, maxKeys: 10 });

/** A page that depends on no data entry: current for as long as it is held. */
const page = (html: string) => ({ status: 200, route: 'test', headers: [], html: Buffer.from(html), deps: [], imagesAt: null });
/** Text that compresses well: its stored size (HTML, gzip and br) is little more than its length. */
const plain = (n: number) => '<p>x</p>'.repeat(n / 8);
/** Random text: its gzip and br are about as long as it, so it is stored at about three times its length. */
const noise = (n: number) => randomBytes(n / 2).toString('hex');

describe('the page cache bound (PAGE_CACHE_MAX_MB)', () => {
  it('holds its bytes within the bound, the least recently used page out first, and counts evictions', async () => {
    const cache = new PageCache(data, 2400);
    await cache.store('/a', page(plain(800)));
    await cache.store('/b', page(plain(800)));
    expect(cache.get('/a')).not.toBeNull();
    await cache.store('/c', page(plain(800)));
    expect([cache.get('/a'), cache.get('/b'), cache.get('/c')].map(Boolean)).toEqual([true, false, true]);
    expect(cache.bytes).toBeLessThanOrEqual(2400);
    expect(cache.stats).toMatchObject({ stores: 3, evictions: 1 });
  });

  it('stores no page larger than the whole bound, and keeps what it held', async () => {
    const cache = new PageCache(data, 4000);
    await cache.store('/a', page(plain(800)));
    await cache.store('/a', page(noise(2000))); // 2000 bytes of HTML, about 6000 stored
    await cache.store('/b', page(noise(4008))); // larger than the bound before compressing
    expect(cache.get('/a')?.identity.toString()).toBe(plain(800));
    expect(cache.get('/b')).toBeNull();
    expect([cache.size, cache.stats.stores, cache.stats.evictions]).toEqual([1, 1, 0]);
    expect(cache.bytes).toBeLessThanOrEqual(4000);
  });

  it('stores nothing with a bound of 0', async () => {
    const cache = new PageCache(data, 0);
    await cache.store('/a', page('<p>x</p>'));
    expect([cache.get('/a'), cache.size, cache.bytes]).toEqual([null, 0, 0]);
  });
});
