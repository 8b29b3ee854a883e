/**
 * Attacks of a neighbour with write access to the Redis the replicas share: messages published on their
 * channel, entries, locks, generations and image facts replaced, copied, made huge or of another type.
 * Two warm replicas watch; a third, started after the tampering, reads only what Redis then holds. Every
 * page must still be the backend's (no marker of the neighbour's), every replica alive and answering in
 * time, no purge applied that no replica sent, and a purge an editor sends must still reach every replica.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { root } from '../site-process.mjs';
import { startRedis, type RunningRedis } from '../../../test/helpers/redis-server';
import { get, outcome, pageProblems, startHostileBackend, startSite, watch, type HostileBackend, type Outcome, type Site } from './parts';

const run = promisify(execFile);
const SIGNING_KEY = 'outside-test-redis-signing-key-0123456789';
const PURGE_TOKEN = 'outside-test-purge-token-0123456789';
/** Pages whose data every replica holds before an attack. */
const WARM = ['/', '/about', '/rektorat', '/departments', '/news/1', '/ru/newsAll', '/department'];
/** Text that only a page made of the neighbour's bytes can hold. */
const MARKER = 'neighbour-was-here';

interface Ctx {
  redis: RunningRedis;
  client: Redis;
  backend: HostileBackend;
  replicas: Site[];
  /** A replica started now, on what Redis holds (`env` added): stopped after the attack. */
  fresh: (env?: Record<string, string>) => Promise<Site>;
}

async function warm(site: Site): Promise<void> {
  for (const path of WARM) await get(site.url + path, { crawler: true });
}

/** What is wrong with the pages a replica now shows. */
async function pagesOf(site: Site, where: string): Promise<string[]> {
  const problems: string[] = [];
  for (const path of WARM) {
    const answer = await get(site.url + path, { crawler: true });
    problems.push(...pageProblems(answer).map((p) => `${where} ${path}: ${p}`));
    if (answer.status !== 200) problems.push(`${where} ${path}: ${answer.status}`);
    if (answer.body.includes(MARKER)) problems.push(`${where} ${path}: the neighbour's text in the page`);
  }
  return problems;
}

/** Every key of one kind the replicas wrote (d: entries, l: locks, img: facts, t: generations). */
async function keysOf(client: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await client.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  return keys;
}

async function backendCallsDuring(backend: HostileBackend, work: () => Promise<unknown>): Promise<number> {
  const before = backend.calls();
  await work();
  return backend.calls() - before;
}

const ATTACKS: Array<[string, (ctx: Ctx) => Promise<string[]>]> = [
  [
    'unsigned purges and a forged MAC on the events channel: nothing purged',
    async ({ client, backend, replicas }) => {
      const messages = [
        '{"type":"purge","prefix":""}',
        `${'A'.repeat(43)} {"type":"purge","from":"x","generation":"99999999999999999","prefix":""}`,
        `${'A'.repeat(43)} {"type":"purge","from":"x","generation":"1","keys":["news:1"]}`,
        `${'-'.repeat(43)} {"type":"fill","build":"x","path":"/news/yangiliklar/1/"}`,
      ];
      const calls = await backendCallsDuring(backend, async () => {
        for (const message of messages) await client.publish('site:events', message);
        await new Promise((resolve) => setTimeout(resolve, 500));
        for (const site of replicas) for (const path of WARM) await get(site.url + path, { crawler: true });
      });
      return calls > 0 ? [`${calls} backend calls after the messages: something was purged`] : [];
    },
  ],
  [
    'a flood of 50,000 unsigned messages, 1,000 of 64 KiB + 1, 20 of 1 MB and one of 40 MB',
    async ({ redis, replicas }) => {
      // Published from a process of its own: building and sending 100 MB would hold this one's event loop,
      // which times the replicas' /healthz.
      const publisher = `
        import { Redis } from 'ioredis';
        const client = new Redis(${JSON.stringify(redis.url)});
        const pipeline = client.pipeline();
        for (let i = 0; i < 50000; i++) pipeline.publish('site:events', 'x'.repeat(43) + ' {"type":"purge","prefix":"/' + i + '"}');
        for (let i = 0; i < 1000; i++) pipeline.publish('site:events', 'y'.repeat(64 * 1024 + 1));
        for (let i = 0; i < 20; i++) pipeline.publish('site:events', Buffer.alloc(1024 * 1024, 0xff));
        await pipeline.exec();
        await client.publish('site:events', 'z'.repeat(40 * 1024 * 1024));
        client.disconnect();`;
      const failed = await run(process.execPath, ['--input-type=module', '-e', publisher], { cwd: root }).then(
        () => null,
        (error: unknown) => String(error).slice(0, 300),
      );
      if (failed) return [`the publisher failed: ${failed}`];
      const problems: string[] = [];
      for (const [i, site] of replicas.entries()) problems.push(...(await pagesOf(site, `replica ${i + 1}`)));
      return problems;
    },
  ],
  [
    'entries replaced: garbage, 9 MB, a hash, a truncated entry, one entry copied over another, markup in a body',
    async ({ client, fresh }) => {
      const keys = await keysOf(client, 'site:*:d:*');
      if (keys.length < 4) return [`only ${keys.length} entries in Redis`];
      const values = await Promise.all(keys.map((key) => client.get(key)));
      for (const [i, key] of keys.entries()) {
        const value = values[i] ?? '';
        const kind = i % 6;
        if (kind === 0) await client.set(key, `garbage ${MARKER}`, 'PX', 600_000);
        else if (kind === 1) await client.set(key, 'x'.repeat(9 * 1024 * 1024), 'PX', 600_000);
        else if (kind === 2) await client.del(key).then(() => client.hset(key, 'a', MARKER));
        else if (kind === 3) await client.set(key, value.slice(0, value.length >> 1), 'PX', 600_000);
        else if (kind === 4) await client.set(key, values[(i + 1) % values.length] ?? '', 'PX', 600_000);
        else await client.set(key, value.replace(/"(title|name)":\{"uz":"/g, `"$1":{"uz":"<b>${MARKER}</b>`), 'PX', 600_000);
      }
      const site = await fresh();
      return pagesOf(site, 'a replica started after');
    },
  ],
  [
    'locks: without expiry, a year long, of another type, huge, for every path a cold replica reads',
    async ({ client, fresh }) => {
      const entries = await keysOf(client, 'site:*:d:*');
      if (!entries.length) return ['no entries in Redis'];
      const problems: string[] = [];
      for (const [i, entry] of entries.entries()) {
        const lock = entry.replace(':d:', ':l:');
        await client.del(entry);
        if (i % 4 === 0) await client.set(lock, `neighbour ${MARKER}`);
        else if (i % 4 === 1) await client.set(lock, 'x', 'PX', 365 * 24 * 3600 * 1000);
        else if (i % 4 === 2) await client.rpush(lock, 'x');
        else await client.set(lock, 'x'.repeat(1024 * 1024));
      }
      // A replica waiting on a lock it took for another's waits up to the backend's timeout: 30 s here, far
      // above what a cold page takes on a busy machine (seconds).
      const site = await fresh({ BACKEND_TIMEOUT_MS: '30000' });
      for (const path of WARM) {
        const answer = await get(site.url + path, { crawler: true });
        if (answer.ms > 20_000) problems.push(`${path} took ${answer.ms} ms: a replica waited on a lock nobody holds`);
        problems.push(...pageProblems(answer).map((p) => `${path}: ${p}`));
      }
      return problems;
    },
  ],
  [
    'generations of another type or huge (site:gen a hash, entity generations lists): a purge still reaches every replica',
    async ({ client, replicas, backend }) => {
      await client.del('site:gen');
      await client.hset('site:gen', 'a', '1');
      for (const key of await keysOf(client, 'site:t:*')) await client.del(key).then(() => client.rpush(key, 'x'));
      const problems: string[] = [];
      // An editor purges news item 1 on the first replica: the second must fetch it again.
      const before = backend.calls('/news/yangiliklar/1/');
      const res = await fetch(`${replicas[0]!.url}/_cache/purge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PURGE_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ keys: ['news:1'] }),
      });
      if (!res.ok || res.status === 202) problems.push(`the purge answered ${res.status}: ${await res.text()}`);
      const deadline = Date.now() + 10_000;
      for (;;) {
        await get(`${replicas[1]!.url}/news/1`, { crawler: true });
        if (backend.calls('/news/yangiliklar/1/') > before) break;
        if (Date.now() > deadline) {
          problems.push('10 s after the purge the second replica still showed news 1 from before it');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const [i, site] of replicas.entries()) problems.push(...(await pagesOf(site, `replica ${i + 1}`)));
      return problems;
    },
  ],
  [
    'image facts replaced: garbage, huge, of another type, copied between sources',
    async ({ client, fresh, replicas }) => {
      // Facts are written by the replica that made a variant: every image of the home page, once.
      const home = await get(`${replicas[0]!.url}/`);
      for (const [url] of home.body.matchAll(/\/_img\/[\w-]+\/\d+\/[\w-]+\/[\w-]+/g))
        await get(replicas[0]!.url + url, { headers: { accept: 'image/avif,image/webp,*/*' } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      const keys = await keysOf(client, 'site:*:img:*');
      const values = await Promise.all(keys.map((key) => client.get(key)));
      for (const [i, key] of keys.entries()) {
        if (i % 4 === 0) await client.set(key, `garbage ${MARKER}`);
        else if (i % 4 === 1) await client.set(key, 'x'.repeat(1024 * 1024));
        else if (i % 4 === 2) await client.del(key).then(() => client.sadd(key, 'x'));
        else await client.set(key, values[(i + 1) % values.length] ?? '');
      }
      const site = await fresh();
      return [
        ...(keys.length ? [] : ['no image facts in Redis (no image was made): judged only the pages']),
        ...(await pagesOf(site, 'a replica started after')),
      ];
    },
  ],
  [
    'the subscription killed 30 times in a row (CLIENT KILL TYPE pubsub)',
    async ({ client, replicas }) => {
      for (let i = 0; i < 30; i++) {
        await client.call('CLIENT', 'KILL', 'TYPE', 'pubsub').catch(() => 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const problems: string[] = [];
      for (const [i, site] of replicas.entries()) problems.push(...(await pagesOf(site, `replica ${i + 1}`)));
      return problems;
    },
  ],
];

export async function redisAttacks(only?: RegExp): Promise<Outcome[]> {
  const results: Outcome[] = [];
  const backend = await startHostileBackend();
  for (const [name, attack] of ATTACKS) {
    if (only && !only.test(name)) continue;
    const redis = await startRedis();
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    const env = { REDIS_URL: redis.url, REDIS_SIGNING_KEY: SIGNING_KEY, CACHE_PURGE_TOKEN: PURGE_TOKEN };
    const replicas = [await startSite(backend.url, env), await startSite(backend.url, env)];
    const started: Site[] = [];
    const lines = () => [...replicas, ...started].reduce((n, site) => n + site.output().split('\n').length, 0);
    let problems: string[] = [];
    try {
      for (const site of replicas) await warm(site);
      const linesBefore = lines();
      const watches = await Promise.all(replicas.map((site) => watch(site)));
      try {
        problems = await attack({
          redis,
          client,
          backend,
          replicas,
          fresh: async (extra = {}) => {
            const site = await startSite(backend.url, { ...env, ...extra });
            started.push(site);
            return site;
          },
        });
      } catch (error) {
        problems = [`the attack failed: ${error instanceof Error ? error.message : String(error)}`];
      }
      const watched = await Promise.all(watches.map((w) => w.stop()));
      for (const [i, { ownDelayMs, exited }] of watched.entries()) {
        if (exited) problems.push(`replica ${i + 1} died (${exited})`);
        if (ownDelayMs > 1000) problems.push(`replica ${i + 1}'s event loop was held ${ownDelayMs} ms`);
      }
      const logged = lines() - linesBefore;
      if (logged > 200) problems.push(`${logged} log lines: a neighbour can flood the log`);
      const healthz = Math.max(...watched.map((w) => w.healthzMs));
      const delay = Math.max(...watched.map((w) => w.ownDelayMs));
      results.push(outcome('redis neighbour', name, problems, `healthz at most ${healthz} ms, own event-loop delay at most ${delay} ms, ${logged} log lines`));
    } finally {
      client.disconnect();
      for (const site of [...replicas, ...started]) await site.stop();
      await redis.stop();
    }
  }
  await backend.close();
  return results;
}
