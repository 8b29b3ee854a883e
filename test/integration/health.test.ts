/**
 * The public /healthz is liveness (200 while the process answers) and says nothing else; /readyz is
 * 503 until the configured backend answered once. The details (the backend's state, the caches, the
 * search index, Redis) are the metrics listener's /healthz. All learn the backend's state from the
 * calls pages make; none calls it. The clock is the app's injected one, so "failing since" is exact.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { healthDetails, testApp } from '../helpers/app';
import { startServer, type RunningServer } from '../helpers/server-process';
import { waitUntil } from '../helpers/wait';

const START = Date.parse('2026-11-23T08:00:00.000Z');
/** The one backend path /rektorat reads. */
const RECTORATE = '/category/rektorot/';

let backend: FakeBackend | null = null;
let server: RunningServer | null = null;
afterEach(async () => {
  await server?.stop('SIGKILL');
  await backend?.close();
  server = null;
  backend = null;
});

async function health(app: ReturnType<typeof testApp>) {
  return (await healthDetails(app)) as { status: string; upstream: string };
}

describe('/readyz', () => {
  it('answers 503 with a reason until a page loaded from the backend, then 200, without calling it', async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url);
    const before = await request(app).get('/readyz').expect(503);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toMatchObject({ status: 'not ready', reason: expect.stringContaining('nothing loaded from the backend yet') as unknown });
    expect(backend.calls()).toBe(0);

    await request(app).get('/rektorat').expect(200);
    backend.resetCalls();
    const after = await request(app).get('/readyz').expect(200);
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.body).toEqual({ status: 'ready' });
    expect(backend.calls()).toBe(0);
  });

  it('counts a 404 from the backend as an answer', async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url);
    // A crawler waits for the whole page, so the status is the true one whatever the machine's speed.
    await request(app).get('/news/999').set('user-agent', 'Googlebot/2.1').expect(404);
    await request(app).get('/readyz').expect(200);
  });

  it('stays 503 while the backend fails, even when the home page took its gallery from the embedded content', async () => {
    backend = await startFakeBackend(Object.fromEntries(Object.keys(coreRoutes()).map((path) => [path, { status: 500 }])));
    const app = testApp(backend.url);
    await request(app).get('/');
    expect(backend.calls()).toBeGreaterThan(0);
    await request(app).get('/readyz').expect(503);
    expect((await health(app)).upstream).toMatch(/^failing since /);
  });

  it('turns 200 in the built server after its start-up warm-up, before any visitor', async () => {
    backend = await startFakeBackend(coreRoutes());
    server = await startServer({ BACKEND_URL: backend.url });
    // The warm-up runs on its own; wait for its first backend answer rather than for a guessed time.
    await waitUntil(async () => (await fetch(`${server!.url}/readyz`)).status === 200);
    expect(backend.calls()).toBeGreaterThan(0);
  });

  it('is 200 at once on the embedded content', async () => {
    const app = testApp(null);
    expect((await request(app).get('/readyz').expect(200)).body).toEqual({ status: 'ready' });
  });
});

describe('the public /healthz', () => {
  it('says ok and nothing about the backend, the replica or the build', async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url, {
      REDIS_URL: 'redis://127.0.0.1:9/0',
      REDIS_TIMEOUT_MS: '50',
      REDIS_SIGNING_KEY: 'health-test-redis-signing-key-0123456789',
    });
    try {
      await request(app).get('/rektorat').expect(200);
      const res = await request(app).get('/healthz').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({ status: 'ok' });
      // The metrics listener has them all.
      const details = JSON.stringify(await healthDetails(app));
      const redis = app.locals.shared!.health;
      for (const secret of [new URL(backend.url).host, redis.replica, redis.build]) {
        expect(details).toContain(secret);
        expect(res.text).not.toContain(secret);
      }
      const notReady = await request(testApp(backend.url)).get('/readyz').expect(503);
      expect(notReady.text).not.toContain(new URL(backend.url).host);
    } finally {
      await app.locals.shared?.close();
    }
  });
});

describe("the metrics listener's /healthz", () => {
  it('stays 200 and reports when the backend started failing and when it answers again', async () => {
    backend = await startFakeBackend({ ...coreRoutes(), [RECTORATE]: { status: 500 } });
    let now = START;
    const app = testApp(backend.url, {}, { now: () => now });
    expect(await health(app)).toMatchObject({ status: 'ok', upstream: 'no answer yet' });

    await request(app).get('/rektorat');
    expect(backend.calls(RECTORATE)).toBe(1);
    expect(await health(app)).toMatchObject({ status: 'ok', upstream: 'failing since 2026-11-23T08:00:00.000Z' });

    // Later failures keep the time of the first one.
    now = START + 60_000;
    await request(app).get('/ru/rektorat');
    expect(backend.calls(RECTORATE)).toBe(2);
    expect(await health(app)).toMatchObject({ status: 'ok', upstream: 'failing since 2026-11-23T08:00:00.000Z' });

    backend.set(RECTORATE, { json: [] });
    await request(app).get('/en/rektorat').expect(200);
    expect(backend.calls(RECTORATE)).toBe(3);
    expect(await health(app)).toMatchObject({ status: 'ok', upstream: 'ok' });

    backend.resetCalls();
    await health(app);
    expect(backend.calls()).toBe(0);
  });

  it("reports the search index's start-up build: none, running, then made and complete", async () => {
    backend = await startFakeBackend(coreRoutes());
    const app = testApp(backend.url);
    const search = async () => (await healthDetails(app)).search;
    expect(await search()).toEqual({ building: false, generation: 0, documents: 0, complete: null });
    app.locals.search.warm();
    expect(await search()).toMatchObject({ building: true, generation: 0 });
    await app.locals.search.idle();
    expect(await search()).toEqual({ building: false, generation: 1, documents: expect.any(Number) as unknown, complete: true });
    expect(((await search()) as { documents: number }).documents).toBeGreaterThan(20);
  });

  it('reports ok for the embedded content', async () => {
    expect(await health(testApp(null))).toMatchObject({ status: 'ok', upstream: 'ok' });
  });
});
