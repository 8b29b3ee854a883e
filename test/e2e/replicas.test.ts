/**
 * Replicas on one Redis (issue 17): three built server processes, the way a compose file or a
 * Kubernetes Deployment runs them, on Debian's redis-server and one counting fake backend. They share
 * backend data (one upstream call for a cold key, none for a new replica), purges reach all of them,
 * and Redis going away costs no request.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signer } from '../../server/images/signing';
import { imagePath } from '../../server/images/urls';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, newsItem } from '../helpers/fixtures';
import { NGINX, startNginx } from '../helpers/nginx';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../helpers/redis-server';
import { startServer, type RunningServer } from '../helpers/server-process';
import { waitUntil } from '../helpers/wait';

const TOKEN = 'replica-purge-token-0123456789';
/** Replicas behind one proxy share it, as a deployment's do: an image URL one signs, another answers. */
const IMAGE_KEY = 'replica-image-signing-key-0123456789';
/** A long TTL: anything old a replica shows after a purge is a bug, never an expiry not reached yet. */
const LONG_TTL_S = '3600';
/**
 * A Redis call timed out is skipped (the backend answers instead), which is right in production but
 * would make the upstream counts below depend on how busy the machine is while processes start.
 */
const PATIENT_REDIS_MS = '10000';
/**
 * A replica waits for another's fill at most the backend timeout (and a margin), then calls the
 * backend itself: a long one, so that a slow machine's renders cannot turn one call into two.
 */
const PATIENT_BACKEND_MS = '60000';

interface RedisHealth {
  state: 'up' | 'down';
  commandErrors: number;
  resyncs: number;
  pendingPurges: number;
}

interface SearchHealth {
  building: boolean;
  generation: number;
}

let redis: RunningRedis;
let backend: FakeBackend;
const replicas: RunningServer[] = [];

async function startReplica(env: Record<string, string> = { REDIS_TIMEOUT_MS: PATIENT_REDIS_MS }): Promise<RunningServer> {
  const replica = await startServer({
    BACKEND_URL: backend.url,
    REDIS_URL: redis.url,
    CACHE_PURGE_TOKEN: TOKEN,
    IMAGE_SIGNING_KEY: IMAGE_KEY,
    CACHE_TTL_S: LONG_TTL_S,
    BACKEND_TIMEOUT_MS: PATIENT_BACKEND_MS,
    ...env,
  });
  replicas.push(replica);
  await waitUntil(async () => (await redisHealth(replica)).state === 'up');
  // Warm: its start-up search build has read (through Redis) everything it reads, so no call of its
  // own is still on its way to the backend when a test starts counting.
  await waitUntil(async () => {
    const search = await searchHealth(replica);
    return search.generation > 0 && !search.building;
  });
  return replica;
}

/** The replica's detailed health, from its metrics listener. */
async function healthz(replica: RunningServer): Promise<{ redis: RedisHealth; search: SearchHealth }> {
  return (await (await fetch(`${replica.metricsUrl}/healthz`)).json()) as { redis: RedisHealth; search: SearchHealth };
}

async function redisHealth(replica: RunningServer): Promise<RedisHealth> {
  return (await healthz(replica)).redis;
}

async function searchHealth(replica: RunningServer): Promise<SearchHealth> {
  return (await healthz(replica)).search;
}

async function text(replica: RunningServer, path: string): Promise<string> {
  const res = await fetch(replica.url + path);
  expect(res.status, `${replica.url}${path}`).toBe(200);
  return res.text();
}

/** Requests a replica has answered since it started: image variants, and everything else. */
async function answered(replica: RunningServer): Promise<{ images: number; others: number }> {
  const metrics = await (await fetch(`${replica.metricsUrl}/metrics`)).text();
  const counts = { images: 0, others: 0 };
  for (const [, route, count] of metrics.matchAll(/^site_http_requests_total\{route="([^"]*)",status="\d+"\} (\d+)$/gm)) {
    counts[route === 'image' ? 'images' : 'others'] += Number(count);
  }
  return counts;
}

function purge(replica: RunningServer, body: unknown): Promise<Response> {
  return fetch(`${replica.url}/_cache/purge`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Sets the backend's news item `id` to a title with `needle` in Russian. */
function publishNews(id: number, needle: string): void {
  backend.set(`/news/yangiliklar/${id}/`, { json: newsItem(id, { title_ru: `Новость ${id} ${needle}` }) });
}

describe.skipIf(!REDIS_SERVER)('replicas sharing one Redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
    backend = await startFakeBackend(coreRoutes());
    for (let id = 1; id <= 23; id++) publishNews(id, 'first-edition');
    for (let i = 0; i < 3; i++) await startReplica();
  });

  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await backend?.close();
    await redis?.stop();
  });

  it('makes one backend call for 30 concurrent cold requests spread over three replicas', async () => {
    const path = '/news/yangiliklar/7/';
    const before = backend.calls(path);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => text(replicas[i % 3]!, '/ru/news/7')));
    for (const html of answers) expect(html).toContain('Новость 7 first-edition');
    expect(backend.calls(path) - before).toBe(1);
  });

  it('carries a purge sent to one replica to the others', async () => {
    const [a, b, c] = replicas as [RunningServer, RunningServer, RunningServer];
    for (const replica of [a, b, c]) expect(await text(replica, '/ru/news/8')).toContain('first-edition');
    publishNews(8, 'second-edition');
    const sent = performance.now();
    expect((await purge(a, { keys: ['news:8'] })).status).toBe(204);
    // A's own caches are purged before it answers; B and C learn it through Redis.
    await Promise.all([
      text(a, '/ru/news/8').then((html) => expect(html).toContain('second-edition')),
      ...[b, c].map((replica) => waitUntil(async () => (await text(replica, '/ru/news/8')).includes('second-edition'))),
    ]);
    console.log(`purge by key: all three replicas served the new page ${(performance.now() - sent).toFixed(1)} ms after it was sent`);
    expect(backend.calls('/news/yangiliklar/8/')).toBe(2);
  });

  it("tells every replica what the one that made an image's variant learnt of it: their pages carry the image's version and size", async () => {
    const [owner, ...others] = replicas.slice(0, 3) as [RunningServer, RunningServer, RunningServer];
    backend.set('/media/news/n23.jpg', { body: readFileSync(new URL('../../public/media/news/news-25.jpg', import.meta.url)), contentType: 'image/jpeg' });
    const source = `${backend.url}/media/news/n23.jpg`;
    const encoded = Buffer.from(source).toString('base64url');
    /** The version segments of the news photo's URLs in the replica's page, and the photo's width attribute. */
    const photoIn = async (replica: RunningServer) => {
      const html = await (await fetch(`${replica.url}/en/news/23`)).text();
      const versions = [...html.matchAll(new RegExp(`/_img/[\\w-]+/\\d+/([\\w-]{16}|_)/${encoded}`, 'g'))].map((m) => m[1]);
      const tag = new RegExp(`<img[^>]*${encoded}[^>]*>`).exec(html)?.[0] ?? '';
      return { versions: [...new Set(versions)], width: /\bwidth="(\d+)"/.exec(tag)?.[1] };
    };
    // Nobody has made a variant of it yet: no replica knows its version.
    for (const replica of replicas.slice(0, 3)) expect((await photoIn(replica)).versions).toEqual(['_']);
    // Through nginx, every variant of it goes to one replica: that one fetches and learns it.
    const variant = await fetch(owner.url + imagePath(new Signer(IMAGE_KEY), { width: 320, version: null, source }));
    expect(variant.status).toBe(200);
    await variant.arrayBuffer();
    await waitUntil(async () => (await photoIn(owner)).versions.every((version) => version !== '_'));
    const learnt = await photoIn(owner);
    expect(learnt.width).toBe('2400');
    // The others learn it through Redis, without a variant asked of them: their stored pages are made again.
    for (const replica of others) {
      await waitUntil(async () => (await photoIn(replica)).versions.every((version) => version !== '_'));
      expect(await photoIn(replica)).toEqual(learnt);
    }
  });

  it('serves a fourth replica, started after the others are warm, from Redis with no backend call', async () => {
    const pages = ['/', '/ru', '/en', '/about', '/ru/about', '/en/about', '/rektorat', '/ru/rektorat', '/departments', '/en/departments'];
    for (let id = 1; id <= 10; id++) pages.push(`/ru/news/${id}`);
    expect(pages).toHaveLength(20);
    // The second news page (the purge above dropped it) is read by a new replica's search index
    // warm-up: warm, it is in Redis too.
    for (const path of [...pages, '/newsAll?page=2']) await text(replicas[0]!, path);
    backend.resetCalls();
    // REDIS_TIMEOUT_MS as shipped, and every page at once, as traffic meets a new replica: the rectorate's and
    // the departments' data are read while their pages' shells render, which holds the event loop past the
    // timeout on a busy machine. Redis answers in time all the same, and that answer is what counts.
    const fourth = await startReplica({});
    await Promise.all([1, 2, 3].flatMap((visit) => pages.map((path) => text(fourth, `${path}?visit=${visit}`))));
    expect(backend.callsByPath()).toEqual({});
    // Ready for traffic, though it never called the backend: another replica's data is data to show.
    expect((await fetch(`${fourth.url}/readyz`)).status).toBe(200);
  });

  it('keeps answering with Redis stopped, and purges reach every replica once it is back', async () => {
    await redis.stop();
    await Promise.all(replicas.map((replica) => waitUntil(async () => (await redisHealth(replica)).state === 'down')));
    // Warm pages from each replica's own memory, cold ones from the backend.
    for (const replica of replicas) {
      expect(await text(replica, '/ru/news/3')).toContain('first-edition');
      expect(await text(replica, '/ru/news/15')).toContain('first-edition');
    }
    await redis.start();
    await Promise.all(replicas.map((replica) => waitUntil(async () => (await redisHealth(replica)).state === 'up')));
    publishNews(3, 'after-restart');
    expect((await purge(replicas[1]!, { prefix: '/news/yangiliklar/3/' })).status).toBe(204);
    await Promise.all(replicas.map((replica) => waitUntil(async () => (await text(replica, '/ru/news/3')).includes('after-restart'))));
  });

  it('checks everything again on a replica whose subscription was killed during a purge', async () => {
    for (const replica of replicas) expect(await text(replica, '/ru/news/5')).toContain('first-edition');
    const resyncs = await Promise.all(replicas.map(async (replica) => (await redisHealth(replica)).resyncs));
    publishNews(5, 'while-deaf');
    redis.cli('CLIENT', 'KILL', 'TYPE', 'pubsub');
    const answer = await purge(replicas[0]!, { keys: ['news:5'] });
    expect([202, 204]).toContain(answer.status);
    // Each replica notices the lost subscription, subscribes again, and has sent what it kept.
    await Promise.all(
      replicas.map((replica, i) =>
        waitUntil(async () => {
          const health = await redisHealth(replica);
          return health.state === 'up' && health.resyncs > resyncs[i]! && health.pendingPurges === 0;
        }),
      ),
    );
    await Promise.all(replicas.map((replica) => waitUntil(async () => (await text(replica, '/ru/news/5')).includes('while-deaf'))));
  });

  it('answers without waiting on a Redis that has stopped answering', async () => {
    // The default REDIS_TIMEOUT_MS this time: every call to the frozen Redis times out.
    const replica = await startServer({ BACKEND_URL: backend.url, REDIS_URL: redis.url });
    await waitUntil(async () => (await redisHealth(replica)).state === 'up');
    const errors = (await redisHealth(replica)).commandErrors;
    redis.freeze();
    try {
      expect(await text(replica, '/ru/news/21')).toContain('Новость 21');
      expect(await text(replica, '/ru/news/21')).toContain('Новость 21');
      expect((await redisHealth(replica)).commandErrors).toBeGreaterThan(errors);
    } finally {
      redis.thaw();
      await replica.stop();
    }
  });

  it.skipIf(!NGINX)('sends every variant of an image source to one replica through deploy/nginx.conf, and pages to each in turn', async () => {
    const three = replicas.slice(0, 3);
    const nginx = await startNginx(three.map((replica) => replica.port));
    const signer = new Signer(IMAGE_KEY);
    const counts = () => Promise.all(three.map(answered));
    try {
      for (const source of ['/media/default/share.png', '/media/default/news.svg']) {
        const before = await counts();
        for (const width of [160, 320, 480, 640, 960]) {
          const res = await fetch(nginx.url + imagePath(signer, { width, version: null, source }));
          expect(res.status, `${source} at ${width}`).toBe(200);
          await res.arrayBuffer();
        }
        const after = await counts();
        expect(after.map((count, i) => count.images - before[i]!.images).sort(), source).toEqual([0, 0, 5]);
      }
      const before = await counts();
      // A query nginx has not cached yet: each request reaches a replica. Each of nginx's workers (one per
      // core) takes the replicas in turn on its own, so six requests reach every replica, not always twice.
      for (let i = 0; i < 6; i++) expect((await fetch(`${nginx.url}/ru/about?turn=${i}`)).status).toBe(200);
      const after = await counts();
      expect(after.map((count, i) => count.others - before[i]!.others > 0)).toEqual([true, true, true]);
    } finally {
      nginx.stop();
    }
  });

  // Last: it stops a replica for good.
  it.skipIf(!NGINX)('loses no request through deploy/nginx.conf while a replica stops', async () => {
    const nginx = await startNginx(replicas.slice(0, 3).map((replica) => replica.port));
    try {
      const statuses: number[] = [];
      // A query nginx has not cached yet: each request reaches a replica, in turn.
      const request = async (i: number) => statuses.push((await fetch(`${nginx.url}/ru/about?visit=${i}`)).status);
      for (let i = 0; i < 10; i++) await request(i);
      const stopping = replicas[2]!.stop();
      for (let i = 10; i < 40; i++) await request(i);
      await stopping;
      for (let i = 40; i < 50; i++) await request(i);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      nginx.stop();
    }
  });
});
