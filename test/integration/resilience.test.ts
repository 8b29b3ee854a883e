import pino from 'pino';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { dict } from '../../shared/i18n';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, newsItem } from '../helpers/fixtures';
import { testApp } from '../helpers/app';
import { waitUntil } from '../helpers/wait';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
let backend: FakeBackend | null = null;

/** A logger whose warnings and errors the test reads back. */
function warnings() {
  type Line = { level: number; msg: string; url?: string };
  const lines: Line[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(JSON.parse(line) as Line) });
  return { lines, logger };
}
afterEach(async () => {
  await backend?.close();
  backend = null;
});

describe('the data cache in front of the backend', () => {
  it('makes exactly one upstream call for 40 concurrent requests of one cold page', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/category/rektorot/', { json: [], delayMs: 150 });
    const app = testApp(backend.url);
    const responses = await Promise.all(Array.from({ length: 40 }, () => request(app).get('/rektorat')));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(backend.calls('/category/rektorot/')).toBe(1);
  });

  it('serves warm pages from memory without calling the backend again', async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url);
    await request(app).get('/about').expect(200);
    await request(app).get('/ru/about').expect(200);
    await request(app).get('/en/about').expect(200);
    expect(backend.calls('/category/obuniversitet/')).toBe(1);
  });

  it('after the TTL, serves stale content at once while a failing backend is asked in the background', async () => {
    backend = await startFakeBackend(coreRoutes());
    let now = 1_000_000;
    const app = testApp(backend.url, { CACHE_TTL_S: '60' }, { now: () => now });
    const fresh = await request(app).get('/about').expect(200);
    expect(fresh.text).toContain('Tarix uz-about');

    backend.set('/category/obuniversitet/', { status: 500 });
    now += 61_000;
    const stale = await request(app).get('/about').expect(200);
    expect(stale.text).toContain('Tarix uz-about');
    expect(stale.headers['cache-control']).toMatch(/s-maxage/);
    await backend.requested('/category/obuniversitet/', 2);
    expect(backend.calls('/category/obuniversitet/')).toBe(2);
    await waitUntil(() => app.locals.cache.stats.refreshFailures === 1);
    // The failed refresh did not evict the good entry.
    const again = await request(app).get('/about').expect(200);
    expect(again.text).toContain('Tarix uz-about');
  });

  it('keeps serving the last good data past the stale window when the backend hangs, within the timeout', async () => {
    backend = await startFakeBackend(coreRoutes());
    let now = 1_000_000;
    const app = testApp(backend.url, { CACHE_TTL_S: '1', CACHE_STALE_S: '1', BACKEND_TIMEOUT_MS: '300' }, { now: () => now });
    await request(app).get('/about').expect(200);
    backend.set('/category/obuniversitet/', { hang: true });
    now += 10_000;
    const res = await request(app).get('/about').set('user-agent', 'Googlebot/2.1').expect(200);
    expect(res.text).toContain('Tarix uz-about');
  });

  it('renders the page with its empty state as a 503 with Retry-After and no-store when the backend fails and nothing is cached', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/category/rektorot/', { status: 503 });
    const app = testApp(backend.url);
    // 503, not 200: crawlers must not index the error notice as the page, and come back later.
    const res = await request(app).get('/en/rektorat').expect(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('The data could not be loaded');
    expect(res.text).toContain('<footer');
  });

  it("says 'Failed to fetch news data.' when a news item cannot be loaded", async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/news/yangiliklar/5/', { status: 502 });
    const app = testApp(backend.url);
    const res = await request(app).get('/en/news/5').expect(503);
    expect(res.text).toContain('Failed to fetch news data.');
    // The message in the page's language elsewhere.
    expect((await request(app).get('/news/5').expect(503)).text).toContain('Yangiliklarni yuklab boʻlmadi.');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers malformed JSON with a page, not a stack trace', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/category/obuniversitet/', { raw: '{"results": [unterminated' });
    backend.set('/news/yangiliklar/3/', { raw: '<html>oops</html>' });
    const app = testApp(backend.url);
    const about = await request(app).get('/about').expect(503);
    expect(about.text).not.toMatch(/SyntaxError|at .*\.ts:\d+/);
    const news = await request(app).get('/ru/news/3').expect(503);
    expect(news.text).toContain('Не удалось загрузить новости.');
  });

  it('skips malformed items and keeps the rest of a list', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/category/rektorot/', { json: [null, 42, 'x', { id: 9, name_uz: 'Qolgan uz-survivor' }] });
    const app = testApp(backend.url);
    const res = await request(app).get('/rektorat').expect(200);
    expect(res.text).toContain('Qolgan uz-survivor');
  });

  it('treats a 404 past the last news page as "no more news"', async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url);
    const res = await request(app).get('/newsAll?page=7').expect(200);
    expect(res.text).not.toContain('href="/newsAll?page=8"');
  });
});

describe('streaming when the backend is slow', () => {
  it('sends the head and header before a slow upstream answers, then the content in the same response', async () => {
    backend = await startFakeBackend(coreRoutes());
    // The upstream finishes its answer only once the visitor has the first bytes: the order is fixed
    // by events, not by a delay a busy machine could outlast.
    let letUpstreamAnswer!: () => void;
    const upstreamMayAnswer = new Promise<void>((resolve) => (letUpstreamAnswer = resolve));
    backend.set('/news/yangiliklar/5/', { raw: JSON.stringify(newsItem(5)), until: upstreamMayAnswer });
    const app = testApp(backend.url, {}, { headStartMs: 0 });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const { port } = server.address() as { port: number };
    try {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/news/5`, {
        headers: { 'accept-encoding': 'identity', 'user-agent': CHROME },
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      // Everything up to the fallback, however many chunks a busy machine splits it into.
      let firstText = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        firstText += decoder.decode(chunk.value, { stream: true });
        if (firstText.includes('Yuklanmoqda...')) break;
      }
      const firstAt = performance.now() - started;
      letUpstreamAnswer();
      let rest = '';
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value, { stream: true });
      const doneAt = performance.now() - started;
      expect(response.status).toBe(200);
      expect(response.headers.get('x-accel-buffering')).toBe('no');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(firstText).toContain('<header');
      expect(firstText).toContain('Yuklanmoqda...'); // 'Loading...' in Uzbek
      expect(firstText).not.toContain('Matn 5 uz-body');
      expect(rest).toContain('Matn 5 uz-body');
      // Ordering, not timing: the first bytes came before the upstream could have answered.
      expect(firstAt).toBeLessThan(doneAt);
      expect(backend.calls('/news/yangiliklar/5/')).toBe(1);
      // React's reveal script puts the content in place; no data follows for the browser to hydrate.
      expect(rest).toMatch(/<script nonce="[^"]+">\$RC\(/);
      expect(rest).not.toContain('application/json');
    } finally {
      server.close();
    }
  });

  it('ends a streamed page whose data never comes with a notice in its place, and one warning naming the page', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/news/yangiliklar/5/', { hang: true });
    const { lines, logger } = warnings();
    // The backend never answers, so whatever the machine's speed the page's time limit is reached first.
    const app = testApp(backend.url, { BACKEND_TIMEOUT_MS: '60000' }, { headStartMs: 0, streamTimeoutMs: 50, logger });
    const res = await request(app).get('/news/5').set('user-agent', CHROME).set('accept-encoding', 'identity').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // The page ends whole: the notice streamed in with React's script that puts it where 'Loading...'
    // is, rather than the stream cut off (React's $RX, which only a client render could complete).
    // The item's own notice, not the generic one: whether the 'more news' list beside it came in time
    // depends on the machine's speed, and it says 'unavailable' when it did not.
    const streamedIn = res.text.slice(res.text.indexOf('</main>'));
    expect(streamedIn).toContain(dict('uz').errors.newsFailed);
    expect(streamedIn).toMatch(/\$RC\(/);
    expect(res.text).not.toContain('$RX');
    expect(res.text).toMatch(/<\/html>$/);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.filter((line) => line.msg.includes('too late'))).toEqual([expect.objectContaining({ level: 40, url: '/news/5' })]);
  });

  it('gives crawlers the whole page and the true status even when the backend is slow', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/news/yangiliklar/5/', { json: newsItem(5), delayMs: 400 });
    backend.set('/news/yangiliklar/404/', { status: 404, delayMs: 400 });
    const app = testApp(backend.url);
    const ok = await request(app).get('/news/5').set('user-agent', 'Mozilla/5.0 (compatible; Googlebot/2.1)').expect(200);
    expect(ok.text).toContain('Matn 5 uz-body');
    expect(ok.text).not.toContain('Yuklanmoqda...');
    // A secondary section failing (the 'more news' block) keeps the page a 200.
    backend.set('/news/yangiliklar/', { status: 500 });
    const partial = await request(testApp(backend.url)).get('/news/5').set('user-agent', 'Mozilla/5.0 (compatible; Googlebot/2.1)').expect(200);
    expect(partial.headers['cache-control']).toBe('no-store');
    await request(app).get('/news/404').set('user-agent', 'Mozilla/5.0 (compatible; YandexBot/3.0)').expect(404);
  });

  it("answers a crawler's page whose data does not come within its wait as unavailable, before a proxy would give up on the replica", async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/news/yangiliklar/5/', { hang: true });
    const { lines, logger } = warnings();
    // The backend never answers, so whatever the machine's speed the crawler's wait is over first.
    const app = testApp(backend.url, { BACKEND_TIMEOUT_MS: '60000' }, { crawlerWaitMs: 50, logger });
    const res = await request(app).get('/en/news/5').set('user-agent', 'Mozilla/5.0 (compatible; Googlebot/2.1)').expect(503);
    expect(res.text).toContain('Failed to fetch news data.');
    expect(res.text).not.toContain('Loading...');
    expect(res.headers['retry-after']).toBe('60');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(lines.filter((line) => line.msg.includes('too late'))).toEqual([expect.objectContaining({ level: 40, url: '/en/news/5' })]);
  });
});

describe('a visitor who leaves', () => {
  it('aborts the upstream call nobody else waits for', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/category/rektorot/', { hang: true });
    const app = testApp(backend.url, { BACKEND_TIMEOUT_MS: '60000' });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const { port } = server.address() as { port: number };
      const controller = new AbortController();
      const pending = fetch(`http://127.0.0.1:${port}/rektorat`, { signal: controller.signal, headers: { 'user-agent': 'Googlebot/2.1' } }).catch(() => null);
      await backend.requested('/category/rektorot/');
      controller.abort();
      await pending;
      // The hanging upstream request is closed from our side once the only visitor has gone.
      await waitUntil(() => backend!.open() === 0);
      expect(backend.open()).toBe(0);
    } finally {
      server.close();
    }
  });
});
