/**
 * The shared tier (server/shared-cache) on Debian's redis-server, at the edges a sysadmin meets over
 * weeks: keys evicted under memory pressure, entries written by someone else, a Redis that refuses
 * the purge channel or stops answering, purges Redis did not take, a purge storm, and a restart with
 * a full data cache. Each case is what was found to take a replica (or all of them) down, or to let a
 * purge silently do nothing.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DataCache, type Claim, type Parser, type SharedEntry } from '../../server/backend/cache';
import { createLogger } from '../../server/logger';
import { SharedTier } from '../../server/shared-cache';
import type { PurgeBatch } from '../../server/shared-cache/purge-batch';
import { RedisLink } from '../../server/shared-cache/redis-link';
import { RedisSecondLevel } from '../../server/shared-cache/second-level';
import { startFakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../helpers/redis-server';
import { startServer } from '../helpers/server-process';
import { waitUntil } from '../helpers/wait';

const KEY = 'shared-cache-test-signing-key-0123456789';
const logger = createLogger('silent');
let redis: RunningRedis;
const closing: Array<{ close(): Promise<void> }> = [];

function tier(
  options: {
    timeoutMs?: number;
    entryMs?: number;
    lockMs?: number;
    applied?: PurgeBatch[];
    applyPurge?: (batch: PurgeBatch) => void;
    signingKey?: string;
  } = {},
): SharedTier {
  const shared = new SharedTier({
    url: redis.url,
    timeoutMs: options.timeoutMs ?? 2000,
    build: 'test',
    signingKey: options.signingKey ?? KEY,
    entryMs: options.entryMs ?? 600_000,
    lockMs: options.lockMs ?? 5000,
    logger,
    applyPurge: options.applyPurge ?? ((batch) => options.applied?.push(batch)),
    resync: () => {},
  });
  closing.push(shared);
  return shared;
}

async function up(shared: SharedTier): Promise<SharedTier> {
  await waitUntil(() => shared.link.up);
  return shared;
}

/** The claim to fill `path`, which the test expects this replica to get. */
async function claimed(level: RedisSecondLevel, path: string): Promise<Claim> {
  const claim = await level.claim(path);
  if (typeof claim === 'string' || 'heldForMs' in claim) throw new Error(`claim: ${JSON.stringify(claim)}`);
  return claim;
}

/** Stores `entry` for `path` the way a replica does after its backend call: claim, then fill. */
async function filled(level: RedisSecondLevel, path: string, entry: SharedEntry): Promise<boolean> {
  return level.fill(path, await claimed(level, path), entry);
}

/** Holds this process's event loop for `ms`, as a long render does. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) Math.sqrt(until);
}

const rectorate = (name: string): SharedEntry => ({ found: true, value: { name }, storedAt: Date.now(), entities: ['rectorate', 'staff:1'] });

describe.skipIf(!REDIS_SERVER)('the shared tier on a real Redis', () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    // A test that failed while Redis was frozen leaves it so.
    redis.thaw();
    await Promise.all(closing.splice(0).map((item) => item.close()));
    redis.cli('FLUSHALL');
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('purges by key although Redis evicted every other key (allkeys-lru keeps the entries that are read)', async () => {
    const shared = await up(tier());
    expect(await filled(shared.level, '/rectorate/', rectorate('old name'))).toBe(true);
    expect(await shared.level.read('/rectorate/')).toMatchObject({ value: { name: 'old name' } });
    // What memory pressure does under allkeys-lru: everything but the entry, which every read keeps recent, is gone.
    for (const key of redis.cli('--raw', 'KEYS', '*').split('\n')) if (key && !key.includes(':d:')) redis.cli('DEL', key);
    expect(await shared.purge({ keys: ['rectorate'] })).toBe('sent');
    expect(await shared.level.read('/rectorate/')).toBeNull();
  });

  it('stores nothing from a fill that began before a purge, even when the purge generation was evicted since', async () => {
    const shared = await up(tier());
    const claim = await claimed(shared.level, '/rectorate/');
    expect(await shared.purge({ keys: ['staff:9'] })).toBe('sent');
    redis.cli('DEL', 'site:gen');
    expect(await shared.level.fill('/rectorate/', claim, rectorate('fetched before the purge'))).toBe(false);
    expect(await shared.level.read('/rectorate/')).toBeNull();
    // The next claim, after the purge, stores.
    expect(await filled(shared.level, '/rectorate/', rectorate('fetched after the purge'))).toBe(true);
    expect(await shared.level.read('/rectorate/')).toMatchObject({ value: { name: 'fetched after the purge' } });
  });

  it('uses only entries signed with the replicas key, no larger than a backend answer, and not from the future', async () => {
    const shared = await up(tier());
    expect(await filled(shared.level, '/news/yangiliklar/1/', { found: true, value: { title: 'signed' }, storedAt: Date.now(), entities: ['news:1'] })).toBe(
      true,
    );
    expect(await shared.level.read('/news/yangiliklar/1/')).toMatchObject({ value: { title: 'signed' } });
    const key = 'site:test:d:/news/yangiliklar/1/';
    const stored = redis.cli('--raw', 'GET', key);
    const [line, mac, body] = stored.split('\n') as [string, string, string];

    // Raw HTML put into a signed entry's body by hand: the signature no longer matches.
    const hostile = body.replace('signed', '<meta http-equiv=refresh content="0;url=https://evil.example">');
    redis.cli('SET', key, `${line}\n${mac}\n${hostile}`);
    expect(await shared.level.read('/news/yangiliklar/1/')).toBeNull();
    // Refused entries are deleted, so the next reader does not meet them again.
    expect(redis.cli('EXISTS', key)).toBe('0');

    // Signed by a replica with another key, ten years ahead.
    const stranger = tier({ applied: [] });
    await up(stranger);
    const future: SharedEntry = { found: true, value: { title: 'future' }, storedAt: Date.now() + 10 * 365 * 86_400_000, entities: [] };
    const other = new RedisSecondLevel({ link: stranger.link, replica: 'x', build: 'test', signingKey: KEY, lockMs: 5000, entryMs: 600_000 });
    expect(await filled(other, '/news/yangiliklar/2/', future)).toBe(true);
    expect(await shared.level.read('/news/yangiliklar/2/')).toBeNull();
    const wrongKey = new RedisSecondLevel({ link: stranger.link, replica: 'y', build: 'test', signingKey: `${KEY}-other`, lockMs: 5000, entryMs: 600_000 });
    expect(await filled(wrongKey, '/news/yangiliklar/3/', rectorate('another key'))).toBe(true);
    expect(await shared.level.read('/news/yangiliklar/3/')).toBeNull();

    // 40 MB: refused by its length inside Redis, never sent to the replica.
    redis.cli('EVAL', "redis.call('SET', KEYS[1], string.rep('x', 40 * 1024 * 1024)) return 1", '1', 'site:test:d:/news/yangiliklar/4/');
    expect(await shared.level.read('/news/yangiliklar/4/')).toBeNull();
    expect(shared.health.rejectedEntries).toBe(4);
  });

  it('counts an answer Redis sent in time as in time although the replica was busy when it came', async () => {
    // A page's deferred data is read, or claimed, while the page's shell renders and holds the event loop.
    // Timed out, the read would send the replica to the backend for an entry its peers hold, and the
    // claim would have it call the backend without storing the answer for them.
    const shared = await up(tier({ timeoutMs: 100 }));
    expect(await filled(shared.level, '/category/rektorot/', rectorate('from another replica'))).toBe(true);
    const errors = shared.health.commandErrors;
    const reading = shared.level.read('/category/rektorot/');
    const claiming = shared.level.claim('/category/otdellar/');
    // Ten times the timeout: Redis has long answered when the loop is free again.
    busyFor(1000);
    expect(await reading).toMatchObject({ value: { name: 'from another replica' } });
    expect(await claiming).toHaveProperty('token');
    expect(shared.health.commandErrors).toBe(errors);
  });

  it('shares entries with no fresh or stale time set (CACHE_TTL_S=0, CACHE_STALE_S=0) without holding the lock', async () => {
    const shared = await up(tier({ entryMs: 0 }));
    expect(await shared.level.fill('/about/', await claimed(shared.level, '/about/'), rectorate('any'))).toBe(true);
    // The lock was released: the next replica may fetch at once instead of waiting for the lock to lapse.
    expect(await shared.level.claim('/about/')).toHaveProperty('token');
  });

  it("shares what a replica learnt of an image source, used only when signed with the replicas' key, under its source, and small", async () => {
    const [a, b] = [await up(tier()), await up(tier())];
    const heardByA: string[] = [];
    const heardByB: string[] = [];
    a.imageFacts.onWritten((source) => heardByA.push(source));
    b.imageFacts.onWritten((source) => heardByB.push(source));
    const photo = 'https://backend.example/media/photo.jpg';
    const fact = { version: 'abcdefghijklmnop', width: 1600, height: 900, vector: false, validators: { etag: '"v1"' } };
    a.imageFacts.write(photo, fact);
    await waitUntil(() => heardByB.includes(photo));
    expect(await b.imageFacts.read(photo)).toEqual(fact);
    // b's own write reaches a after a's own announcement (one channel, in order): a never heard itself.
    b.imageFacts.write('https://backend.example/media/other.jpg', fact);
    await waitUntil(() => heardByA.length > 0);
    expect(heardByA).toEqual(['https://backend.example/media/other.jpg']);

    const keyOf = (source: string) => `site:test:img:${createHash('sha256').update(source).digest('base64url')}`;
    // Written by a replica with another key.
    const stranger = await up(tier({ signingKey: `${KEY}-other` }));
    stranger.imageFacts.write('https://backend.example/media/stranger.jpg', fact);
    await waitUntil(() => heardByB.includes('https://backend.example/media/stranger.jpg'));
    expect(await b.imageFacts.read('https://backend.example/media/stranger.jpg')).toBeNull();
    // A signed fact moved under another source's key.
    redis.cli('SET', keyOf('https://backend.example/media/moved.jpg'), redis.cli('--raw', 'GET', keyOf(photo)));
    expect(await b.imageFacts.read('https://backend.example/media/moved.jpg')).toBeNull();
    // Far larger than a fact: refused by its length, never read.
    redis.cli('EVAL', "redis.call('SET', KEYS[1], string.rep('x', 64 * 1024)) return 1", '1', keyOf('https://backend.example/media/large.jpg'));
    expect(await b.imageFacts.read('https://backend.example/media/large.jpg')).toBeNull();
    expect(b.health.rejectedEntries).toBe(3);
  });

  it('answers a cold read at once when Redis refuses the purge channel (an ACL without channel rights), and says why', async () => {
    redis.cli('ACL', 'SETUSER', 'nochannels', 'on', '>secret-password', '~*', '+@all', 'resetchannels');
    const link = new RedisLink({ url: redis.url.replace('redis://', 'redis://nochannels:secret-password@'), replica: 'acl', timeoutMs: 250, logger });
    closing.push(link);
    const level = new RedisSecondLevel({ link, replica: 'acl', build: 'test', signingKey: KEY, lockMs: 5000, entryMs: 600_000 });
    expect(await level.read('/about/')).toBeNull();
    await waitUntil(() => link.health.subscribeError !== null);
    expect(link.health.state).toBe('down');
    expect(link.health.subscribeError).toMatch(/NOPERM/);
    redis.cli('ACL', 'SETUSER', 'nochannels', 'allchannels');
    await waitUntil(() => link.up);
    expect(link.health.subscribeError).toBeNull();
  });

  it('answers a cold read at once when Redis accepts connections but never answers, and joins it once it does', async () => {
    redis.freeze();
    let link: RedisLink;
    try {
      link = new RedisLink({ url: redis.url, replica: 'frozen', timeoutMs: 100, logger });
      closing.push(link);
      const level = new RedisSecondLevel({ link, replica: 'frozen', build: 'test', signingKey: KEY, lockMs: 5000, entryMs: 600_000 });
      expect(await level.read('/about/')).toBeNull();
      expect(link.health.state).toBe('down');
      await waitUntil(() => link.health.unresponsive > 0);
    } finally {
      redis.thaw();
    }
    await waitUntil(() => link.up);
  });

  it('drops a connection that stopped answering, so that calls fail at once rather than each waiting for its timeout', async () => {
    const shared = await up(tier({ timeoutMs: 100 }));
    redis.freeze();
    try {
      await waitUntil(() => !shared.link.up);
      expect(shared.health.unresponsive).toBeGreaterThan(0);
      // The command connection too, although its PING ends at REDIS_TIMEOUT_MS, before the heartbeat's bound.
      await waitUntil(() => shared.link.command.status !== 'ready');
    } finally {
      redis.thaw();
    }
    await up(shared);
  });

  it('keeps nothing it took from Redis while its own purge was on the way there', async () => {
    const backendName = { value: 'old name' };
    const rectorateParser: Parser<{ name: string }> = Object.assign(async (json: unknown) => json as { name: string }, { entities: () => ['rectorate'] });
    let cache: DataCache | null = null;
    const inTheWindow: { read?: Promise<unknown> } = {};
    const shared = await up(
      tier({
        applyPurge: (batch) => {
          for (const prefix of batch.prefixes) cache?.purge(prefix);
          // A visitor's read, between this replica's own pass and Redis's side of the purge.
          inTheWindow.read ??= cache!.get('/rectorate/', rectorateParser);
        },
      }),
    );
    cache = new DataCache({
      source: { name: 'test', mediaBase: '', fetchJson: async () => ({ kind: 'ok', json: { name: backendName.value } }) },
      ttlMs: 600_000,
      staleMs: 0,
      maxKeys: 100,
      shared: shared.level,
    });
    // Another replica stored the old name in Redis; then an editor renames, and purges through this replica.
    expect(await filled(shared.level, '/rectorate/', rectorate('old name'))).toBe(true);
    backendName.value = 'new name';
    expect(await shared.purge({ prefix: '/rectorate/' })).toBe('sent');
    await inTheWindow.read;
    expect(await cache.get('/rectorate/', rectorateParser)).toMatchObject({ kind: 'ok', value: { name: 'new name' } });
  });

  it('sends again a purge Redis did not take in time although the connection stayed up', async () => {
    const received: PurgeBatch[] = [];
    const [sender] = await Promise.all([up(tier({ timeoutMs: 100 })), up(tier({ applied: received }))]);
    // Writes (and scripts) wait; PING is still answered, so the link stays up.
    redis.cli('CLIENT', 'PAUSE', '1500', 'WRITE');
    expect(await sender.purge({ keys: ['news:7'] })).toBe('pending');
    expect(sender.link.up).toBe(true);
    await waitUntil(() => received.some((batch) => batch.keys.includes('news:7')));
    await waitUntil(() => sender.health.pendingPurges === 0);
    expect(sender.health.purges.resent).toBe(1);
  });

  it('lets go of a claim Redis ran after this replica had given up waiting for it', async () => {
    // A lock no replica fills would keep every other one waiting for a fill that never comes.
    const shared = await up(tier({ timeoutMs: 100, lockMs: 3_600_000 }));
    redis.cli('CLIENT', 'PAUSE', '1000', 'WRITE');
    expect(await shared.level.claim('/about/')).toBe('unavailable');
    // One connection answers in order: once a write sent after the claim is answered, the claim has run.
    await waitUntil(() =>
      shared.link.command.set('written-after-the-claim', '1').then(
        () => true,
        () => false,
      ),
    );
    expect(redis.cli('EXISTS', 'site:test:l:/about/')).toBe('0');
  });

  it("claims a path itself once another replica's lock has lapsed without a fill, however long it would wait for one", async () => {
    const shared = await up(tier());
    // The lock of a replica that went away (killed, or its claim given up on): nobody will fill it.
    redis.cli('SET', 'site:test:l:/about/', 'a-replica-gone', 'PX', '300');
    const cache = new DataCache({
      source: { name: 'test', mediaBase: '', fetchJson: async () => ({ kind: 'ok', json: { name: 'from the backend' } }) },
      ttlMs: 600_000,
      staleMs: 0,
      maxKeys: 100,
      shared: shared.level,
      // Longer than the test may take: only the lock's own life ends this wait in time.
      sharedWaitMs: 3_600_000,
    });
    const parser: Parser<{ name: string }> = async (json: unknown) => json as { name: string };
    expect(await cache.get('/about/', parser)).toMatchObject({ kind: 'ok', value: { name: 'from the backend' } });
  });

  it('merges a storm of purges into a few rounds, each purge answered and each reaching the other replica', async () => {
    const received: PurgeBatch[] = [];
    const [sender, other] = await Promise.all([up(tier()), up(tier({ applied: received }))]);
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => sender.purge({ keys: [`news:${i + 1}`] })));
    expect(answers.every((answer) => answer === 'sent')).toBe(true);
    expect(sender.health.purges.batches).toBeLessThan(300);
    await waitUntil(() => new Set(received.flatMap((batch) => batch.keys)).size === 300);
    expect(other.health.purges.receivedBatches).toBeLessThan(300);
  });

  it('keeps a replica with a full data cache alive through a Redis restart', async () => {
    const backend = await startFakeBackend(coreRoutes());
    const replica = await startServer({ BACKEND_URL: backend.url, REDIS_URL: redis.url, CACHE_MAX_KEYS: '10' });
    try {
      const health = async () => (await (await fetch(`${replica.metricsUrl}/healthz`)).json()) as { redis: { state: string; resyncs: number } };
      await waitUntil(async () => (await health()).redis.state === 'up');
      for (const path of ['/', '/ru', '/en', '/about', '/ru/about', '/newsAll', '/rektorat', '/departments']) await fetch(replica.url + path);
      for (let id = 1; id <= 30; id++) await fetch(`${replica.url}/ru/news/${id}`);
      await redis.stop();
      await redis.start();
      await waitUntil(async () => (await health()).redis.resyncs > 0 && (await health()).redis.state === 'up');
      expect(replica.process.exitCode).toBeNull();
      expect((await fetch(`${replica.url}/ru/about`)).status).toBe(200);
      // What a sysadmin's dashboard shows of it.
      const metrics = await (await fetch(`${replica.metricsUrl}/metrics`)).text();
      expect(metrics).toMatch(/^site_redis_resyncs_total [1-9]/m);
      expect(metrics).toMatch(/^site_data_cache_evictions_total [1-9]/m);
      expect(metrics).toMatch(/^site_redis_pending_purges 0$/m);
    } finally {
      await replica.stop();
      await backend.close();
    }
  });

  it("wakes a replica waiting for another one's fill when its lost subscription comes back, as the fill's announcement is gone", async () => {
    const applied: PurgeBatch[] = [];
    const [a, b] = [await up(tier()), await up(tier({ applied }))];
    const path = '/news/yangiliklar/7/';
    expect(await filled(a.level, path, rectorate('filled while the waiter was not listening'))).toBe(true);
    // b has had that fill's announcement once it has a purge announced after it (one channel, in order).
    expect(await a.purge({ keys: ['marker'] })).toBe('sent');
    await waitUntil(() => applied.length > 0);
    const key = 'site:test:d:/news/yangiliklar/7/';
    const stored = redis.cli('--raw', 'GET', key);
    redis.cli('DEL', key);
    // Longer than the test may take: only a wake-up ends this wait in time.
    const waited = b.level.waitForFill(path, 3_600_000);
    // Its first read of Redis is answered before this (one connection answers in order): it found nothing.
    await b.link.command.ping();
    // The fill lands without its announcement (as one published while b's subscription was down)…
    redis.cli('SET', key, stored);
    // …and b's subscription is lost and comes back.
    const resyncs = b.health.resyncs;
    redis.cli(
      'CLIENT',
      'KILL',
      'ID',
      redis
        .cli('--raw', 'CLIENT', 'LIST')
        .split('\n')
        .find((line) => line.includes(`name=site:${b.replica}:sub`))!
        .split(' ')[0]!
        .slice(3),
    );
    await waitUntil(() => b.health.resyncs > resyncs);
    expect(await waited).toMatchObject({ value: { name: 'filled while the waiter was not listening' } });
  });
});
