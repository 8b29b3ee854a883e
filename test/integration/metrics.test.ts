import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { pagesStored, testApp, withMetricsListener } from '../helpers/app';
import { freePort, startServer } from '../helpers/server-process';
import { mainThreadDelay, TICK_MS } from '../../server/event-loop';
import { threadCpuMs } from '../../server/rich-text/thread-cpu';
import { CLIENT_DIST } from '../../server/paths';

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startFakeBackend(coreRoutes());
});
afterAll(() => backend.close());

/** The metrics text of `app`. */
function scrape(app: ReturnType<typeof testApp>): Promise<string> {
  return withMetricsListener(app, async (origin) => (await fetch(`${origin}/metrics`)).text());
}

describe('metrics', () => {
  it('counts requests by route pattern, caches and upstream calls, on their own listener only', async () => {
    backend.set('/category/rektorot/', { status: 500 });
    const app = testApp(backend.url);
    // The very first page may stream (cold data later than the head start) and is then not stored.
    await request(app).get('/news/5').expect(200);
    await request(app).get('/news/6').expect(200);
    // Its one piece of data failed: the page is a 503 (server/render.tsx).
    await request(app).get('/rektorat').expect(503);
    await pagesStored(app, 1);
    await request(app).get('/news/6').expect(200);
    await request(app).get('/metrics').expect(404);

    const text = await scrape(app);
    expect(text).toMatch(/site_http_requests_total\{route="NewsDetail",status="200"\} 3/);
    expect(text).toMatch(/site_http_requests_total\{route="Rektorat",status="503"\} 1/);
    expect(text).not.toMatch(/route="\/news\/5"/);
    expect(text).toMatch(/site_http_request_duration_seconds_bucket\{le="[^"]+",route="NewsDetail",status="200"\}/);
    expect(text).toMatch(/site_page_cache_hits_total 1/);
    expect(text).toMatch(/site_page_cache_bytes [1-9]/);
    expect(text).toMatch(/site_data_cache_misses_total [1-9]/);
    expect(text).toMatch(/site_upstream_request_duration_seconds_count\{endpoint="\/news\/yangiliklar\/:id\/"\} 2/);
    expect(text).toMatch(/site_upstream_errors_total\{endpoint="\/category\/rektorot\/"\} 1/);
    expect(text).toMatch(/process_resident_memory_bytes/);
    // A news item's rich text went through the sanitiser thread, which stays for its quiet spell.
    expect(text).toMatch(/^site_sanitizer_thread_running 1$/m);
    expect(text).toMatch(/^site_sanitizer_threads_started_total [1-9]/m);
    expect(await withMetricsListener(app, async (origin) => (await fetch(`${origin}/`)).status)).toBe(404);
  });

  it('count page cache misses for page requests only, and show the page cache and the event loop delay', async () => {
    const app = testApp(backend.url);
    const asset = readdirSync(join(CLIENT_DIST, 'assets')).find((name) => name.endsWith('.js'))!;
    await request(app).get('/about').expect(200);
    await pagesStored(app, 1);
    await request(app).get('/about').expect(200);
    // What no stored page could ever answer: hashed assets, public files, images, health, feeds.
    await request(app).get(`/assets/${asset}`).expect(200);
    await request(app).get('/favicon.svg').expect(200);
    await request(app)
      .get('/_img/not-signed.webp')
      .expect((res) => expect(res.status).toBeGreaterThanOrEqual(400));
    await request(app).get('/healthz').expect(200);
    await request(app).get('/readyz');
    await request(app).get('/robots.txt').expect(200);
    // A page asked for with a HEAD is a page request too.
    await request(app).head('/ru/about').expect(200);
    const text = await scrape(app);
    expect(text).toMatch(/^site_page_cache_hits_total 1$/m);
    expect(text).toMatch(/^site_page_cache_misses_total 2$/m);
    expect(text).toMatch(/^site_page_cache_stores_total 1$/m);
    expect(text).toMatch(/^site_page_cache_evictions_total 0$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e-]+$/m);
  });

  it.skipIf(process.platform !== 'linux')('show how long the process held its own event loop, apart from its wait for a core', async () => {
    const app = testApp(backend.url);
    const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]);
    const before = await scrape(app);
    expect(metric(before, 'site_main_thread_cpu_wait_seconds_total')).toBeGreaterThanOrEqual(0);
    // Measured while requests come.
    await request(app).get('/healthz').expect(200);
    // The main thread busy for 150 ms of its own CPU time (the kernel's count, whatever the machine's speed).
    const start = threadCpuMs(process.pid)!;
    while (threadCpuMs(process.pid)! - start < 150);
    const ticks = mainThreadDelay()!.own.count;
    while (mainThreadDelay()!.own.count < ticks + 1) await new Promise((resolve) => setTimeout(resolve, TICK_MS));
    const after = await scrape(app);
    // Less one tick's interval and the kernel's count of CPU time, in steps of 10 ms (two steps of slack).
    expect(metric(after, 'site_eventloop_own_delay_max_seconds')).toBeGreaterThanOrEqual((150 - TICK_MS - 20) / 1000);
    expect(metric(after, 'site_eventloop_own_delay_p99_seconds')).toBeGreaterThanOrEqual(0);
    // Each scrape starts a new window.
    expect(metric(await scrape(app), 'site_eventloop_own_delay_max_seconds')).toBeLessThan((150 - TICK_MS - 20) / 1000);
  });

  it('say whether the replica is ready, and the memory limit the alerts measure it against', async () => {
    // A backend that never answers: nothing to show, as /readyz says.
    const deadPort = await freePort();
    const dead = testApp(`http://127.0.0.1:${deadPort}`, { BACKEND_TIMEOUT_MS: '200' });
    await request(dead).get('/news/5');
    await request(dead).get('/readyz').expect(503);
    const before = await scrape(dead);
    expect(before).toMatch(/^site_ready 0$/m);

    const app = testApp(backend.url);
    await request(app).get('/news/5').expect(200);
    await request(app).get('/readyz').expect(200);
    const text = await scrape(app);
    expect(text).toMatch(/^site_ready 1$/m);
    // No container limit on a test machine: the host's memory, which the process's own is a share of.
    const limit = Number(/^site_memory_limit_bytes (\d+)$/m.exec(text)?.[1]);
    const resident = Number(/^process_resident_memory_bytes (\d+)$/m.exec(text)?.[1]);
    expect(limit).toBeGreaterThan(resident);
    expect(text).toMatch(/^site_image_encoders_resident_memory_bytes \d+$/m);
  });

  it('are served on METRICS_PORT by the server process and not on the public port', async () => {
    const metricsPort = await freePort();
    const server = await startServer({ BACKEND_URL: backend.url, METRICS_PORT: String(metricsPort) });
    try {
      await (await fetch(`${server.url}/about`)).text();
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('site_http_requests_total{route="About",status="200"} 1');
      const health = (await (await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).json()) as { source: string; upstream: string };
      expect(health).toMatchObject({ source: new URL(backend.url).origin, upstream: 'ok' });
    } finally {
      await server.stop();
    }
  });

  // 127.0.0.2 is loopback too, but a listener bound to 127.0.0.1 alone does not answer there.
  it('listen on loopback only unless METRICS_HOST says otherwise, wherever the public port listens', async () => {
    const reaches = (url: string) =>
      fetch(url).then(
        (res) => res.status === 200,
        () => false,
      );
    for (const [metricsHost, outside] of [
      [undefined, false],
      ['0.0.0.0', true],
    ] as const) {
      const metricsPort = await freePort();
      const env = { BACKEND_URL: backend.url, HOST: '0.0.0.0', METRICS_PORT: String(metricsPort), ...(metricsHost ? { METRICS_HOST: metricsHost } : {}) };
      const server = await startServer(env);
      try {
        expect(await reaches(`http://127.0.0.2:${server.port}/healthz`)).toBe(true);
        expect(await reaches(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(true);
        expect(await reaches(`http://127.0.0.2:${metricsPort}/metrics`), `METRICS_HOST=${metricsHost}`).toBe(outside);
      } finally {
        await server.stop();
      }
    }
  });
});
