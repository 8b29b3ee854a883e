import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { about, coreRoutes, newsItem } from '../helpers/fixtures';
import { pagesStored, testApp } from '../helpers/app';
import { waitUntil } from '../helpers/wait';
import { DEFAULT_DISPLAY, DISPLAY_CHOICES, displayVariant, type DisplaySettings } from '../../shared/display';

const TOKEN = 'editor-token-0123456789';
let backend: FakeBackend | null = null;
afterEach(async () => {
  await backend?.close();
  backend = null;
});

async function setup(env: Record<string, string> = {}, now?: () => number) {
  backend = await startFakeBackend(coreRoutes());
  const app = testApp(backend.url, { CACHE_PURGE_TOKEN: TOKEN, ...env }, now ? { now } : {});
  return { app, backend };
}

describe('the page cache', () => {
  it('serves a warm page from stored bytes without rendering, with an ETag and 304', async () => {
    const { app } = await setup();
    const first = await request(app).get('/en/about').expect(200);
    await pagesStored(app, 1);
    const renders = app.locals.renders;
    const second = await request(app).get('/en/about').set('accept-encoding', 'br').expect(200);
    expect(app.locals.renders).toBe(renders);
    expect(second.headers['content-encoding']).toBe('br');
    expect(second.text).toBe(first.text);
    const etag = second.headers.etag!;
    expect(etag).toMatch(/^".+"$/);
    // The tag names the br copy: it validates a request that gets br (a gzip copy has its own tag).
    await request(app).get('/en/about').set('accept-encoding', 'br').set('if-none-match', etag).expect(304);
    const gz = await request(app).get('/en/about').set('accept-encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.text).toBe(first.text);
    expect(app.locals.renders).toBe(renders);
  });

  it('replays a stored page with its security headers and a CSP that allows no inline script', async () => {
    const { app } = await setup();
    await request(app).get('/about').expect(200);
    await pagesStored(app, 1);
    const renders = app.locals.renders;
    const stored = await request(app).get('/about').expect(200);
    expect(app.locals.renders).toBe(renders);
    expect(stored.headers['content-security-policy']).toMatch(/(^|;)script-src 'self' 'sha256-[^']+';/);
    expect(stored.headers['content-security-policy']).toContain("object-src 'none'");
    expect(stored.text).not.toMatch(/<script nonce=/);
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    expect(stored.headers['cache-control']).toMatch(/s-maxage/);
  });

  it('keys pages by the query parameters they read only', async () => {
    const { app } = await setup();
    await request(app).get('/newsAll?page=2').expect(200);
    await pagesStored(app, 1);
    const renders = app.locals.renders;
    const tracked = await request(app).get('/newsAll?utm_source=telegram&page=2').expect(200);
    expect(tracked.text).toContain('Yangilik 13 uz-needle');
    expect(app.locals.renders).toBe(renders);
    await request(app).get('/newsAll?page=3').expect(200);
    expect(app.locals.renders).toBe(renders + 1);
  });

  it('renders again when data it used was refreshed', async () => {
    let now = 1_000_000;
    const { app, backend } = await setup({ CACHE_TTL_S: '60' }, () => now);
    await request(app).get('/about').expect(200);
    await pagesStored(app, 1);
    const version = app.locals.cache.versionOf('/category/obuniversitet/');
    backend.set('/category/obuniversitet/', { json: [{ ...about[0], title_uz: 'Yangilangan uz-fresh' }] });
    now += 61_000;
    // Stale data: the stored page is still served while the entry refreshes in the background.
    const stale = await request(app).get('/about').expect(200);
    expect(stale.text).toContain('Tarix uz-about');
    // The background refresh has stored the new entry (a new version): the stored page is out of date.
    await waitUntil(() => app.locals.cache.versionOf('/category/obuniversitet/') !== version);
    const fresh = await request(app).get('/about').expect(200);
    expect(fresh.text).toContain('Yangilangan uz-fresh');
  });

  it('keeps serving the stored page, without rendering it again, when a refresh brought back the same data', async () => {
    let now = 1_000_000;
    const { app } = await setup({ CACHE_TTL_S: '60' }, () => now);
    await request(app).get('/about').expect(200);
    await pagesStored(app, 1);
    const renders = app.locals.renders;
    const refreshes = app.locals.cache.stats.upstreamCalls;
    now += 61_000;
    // Stale: served from the page cache while the entry refreshes; the backend answers as before.
    await request(app).get('/about').expect(200);
    await waitUntil(() => app.locals.cache.stats.upstreamCalls > refreshes && app.locals.cache.peek('/category/obuniversitet/')?.freshness === 'fresh');
    const again = await request(app).get('/about').expect(200);
    expect(again.text).toContain('Tarix uz-about');
    expect(app.locals.renders).toBe(renders);
  });

  it('keeps the default pages warm however many display variants a client cycles through', async () => {
    // 1 MB, the smallest bound: 47 variants of these three pages, about 11 KB each, are half as much again.
    const { app } = await setup({ PAGE_CACHE_MAX_MB: '1' });
    const paths = ['/en/about', '/ru/about', '/about'];
    for (const path of paths) await request(app).get(path).expect(200);
    await pagesStored(app, paths.length);
    // Every one of the 48 variants of every page, as any client may send them without the panel.
    let variants: DisplaySettings[] = [DEFAULT_DISPLAY];
    for (const [name, choices] of Object.entries(DISPLAY_CHOICES)) variants = variants.flatMap((v) => choices.map((choice) => ({ ...v, [name]: choice })));
    const cookies = variants.map(displayVariant).filter(Boolean);
    expect(cookies).toHaveLength(47);
    for (const path of paths) {
      for (const variant of cookies) await request(app).get(path).set('cookie', `a11y=${variant}`).expect(200);
      await app.locals.pageCache.settled();
    }
    expect(app.locals.pageCache.stats.evictions).toBeGreaterThan(0);
    const renders = app.locals.renders;
    const { hits } = app.locals.pageCache.stats;
    for (const path of paths) await request(app).get(path).expect(200);
    expect(app.locals.renders).toBe(renders);
    expect(app.locals.pageCache.stats.hits).toBe(hits + paths.length);
    // 141 renders: a bound for a hang, many times what a busy machine takes.
  }, 120_000);

  it('never stores a streamed page (its inline scripts carry a nonce) or a degraded one', async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url, { CACHE_PURGE_TOKEN: TOKEN }, { headStartMs: 0 });
    backend.set('/news/yangiliklar/9/', { json: newsItem(9), delayMs: 300 });
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
    const streamed = await request(app).get('/news/9').set('user-agent', chrome).expect(200);
    expect(streamed.text).toMatch(/<script nonce=/);
    backend.set('/category/rektorot/', { status: 500 });
    await request(app).get('/rektorat').expect(200);
    // Every store begun has settled, however slow the machine: nothing was stored, not merely not yet.
    await app.locals.pageCache.settled();
    expect(app.locals.pageCache.size).toBe(0);
    // The streamed page's data is cached now, so the next request renders whole and is stored.
    const whole = await request(app).get('/news/9').set('user-agent', chrome).expect(200);
    expect(whole.text).not.toMatch(/<script nonce=/);
    await pagesStored(app, 1);
  });
});

describe('cache purge for editors', () => {
  it('answers 404 when no token is configured', async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url);
    await request(app).post('/_cache/purge').set('authorization', `Bearer ${TOKEN}`).expect(404);
  });

  it('refuses a missing or wrong token with 401', async () => {
    const { app } = await setup();
    await request(app).post('/_cache/purge').expect(401);
    await request(app).post('/_cache/purge').set('authorization', 'Bearer wrong-token-0123456789').expect(401);
    await request(app).post('/_cache/purge').set('authorization', `Basic ${TOKEN}`).expect(401);
  });

  it('drops everything, or the backend paths under a prefix, and the next request fetches fresh data', async () => {
    const { app, backend } = await setup();
    await request(app).get('/about').expect(200);
    await request(app).get('/news/5').expect(200);
    await pagesStored(app, 2);
    backend.set('/news/yangiliklar/5/', { json: newsItem(5, { desc_uz: '<p>Tahrirlangan uz-edited</p>' }) });
    backend.set('/category/obuniversitet/', { json: [{ ...about[0], title_uz: 'Boshqa uz-other' }] });
    backend.resetCalls();
    await request(app).post('/_cache/purge').set('authorization', `Bearer ${TOKEN}`).send({ prefix: '/news/' }).expect(204);
    const news = await request(app).get('/news/5').expect(200);
    expect(news.text).toContain('Tahrirlangan uz-edited');
    const aboutPage = await request(app).get('/about').expect(200);
    expect(aboutPage.text).toContain('Tarix uz-about');
    expect(backend.calls('/category/obuniversitet/')).toBe(0);

    await request(app).post('/_cache/purge').set('authorization', `Bearer ${TOKEN}`).send({}).expect(204);
    const purged = await request(app).get('/about').expect(200);
    expect(purged.text).toContain('Boshqa uz-other');
  });

  it('drops exactly the entries holding the entities named by key: the item and the list page that shows it', async () => {
    const { app, backend } = await setup();
    for (const path of ['/news/5', '/news/6', '/newsAll?page=2', '/newsAll', '/about']) await request(app).get(path).expect(200);
    backend.set('/news/yangiliklar/5/', { json: newsItem(5, { title_uz: 'Yangilik 5 uz-edited' }) });
    backend.resetCalls();
    await request(app)
      .post('/_cache/purge')
      .set('authorization', `Bearer ${TOKEN}`)
      .send({ keys: ['news:5'] })
      .expect(204);
    expect((await request(app).get('/news/5').expect(200)).text).toContain('Yangilik 5 uz-edited');
    for (const path of ['/news/6', '/newsAll?page=2', '/newsAll', '/about']) await request(app).get(path).expect(200);
    // 23 news, 10 a page, newest first: news 5 is on the second page (13…4).
    expect(backend.callsByPath()).toEqual({ '/news/yangiliklar/5/': 1, '/news/yangiliklar/?page=2': 1 });
  });

  it('rejects a malformed body with 400, not 500', async () => {
    const { app } = await setup();
    await request(app).post('/_cache/purge').set('authorization', `Bearer ${TOKEN}`).set('content-type', 'application/json').send('{"prefix": ').expect(400);
    await request(app).post('/_cache/purge').set('authorization', `Bearer ${TOKEN}`).send({ prefix: 42 }).expect(400);
    for (const body of [{ keys: [] }, { keys: ['news:abc'] }, { keys: 'news:5' }, { keys: ['news:5'], prefix: '/news/' }, { keys: ['<script>'] }]) {
      await request(app).post('/_cache/purge').set('authorization', `Bearer ${TOKEN}`).send(body).expect(400);
    }
  });
});
