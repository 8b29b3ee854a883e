/**
 * The shared tier (server/shared-cache) on Debian's redis-server, at the edges a sysadmin meets over
 * weeks: keys evicted under memory pressure, entries written by someone else, a Redis that refuses
 * the purge channel or stops answering, purges Redis did not take, a purge storm, and a restart with
 * a full data cache. Each case is what was found to take a replica (or all of them) down, or to let a
 * purge silently do nothing.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino, { type Logger } from 'pino';
import { DataCache, type Claim, type Parser, type SharedEntry } from '../../server/backend/cache';
import { createLogger } from '../../server/logger';
import { SharedTier } from '../../server/shared-cache';
import type { PurgeBatch } from '../../server/shared-cache/purge-batch';
import { SharedEvents } from '../../server/shared-cache/events';
import { RedisLink } from '../../server/shared-cache/redis-link';
import { Seal } from '../../server/shared-cache/seal';
import { RedisSecondLevel } from '../../server/shared-cache/second-level';
import { tamperedEntries } from '../../scripts/lib/soak/hostile.mjs';
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
    resync?: () => void;
    signingKey?: string;
    logger?: Logger;
  } = {},
): SharedTier {
  const shared = new SharedTier({
    url: redis.url,
    timeoutMs: options.timeoutMs ?? 2000,
    build: 'test',
    signingKey: options.signingKey ?? KEY,
    entryMs: options.entryMs ?? 600_000,
    lockMs: options.lockMs ?? 5000,
    logger: options.logger ?? logger,
    applyPurge: options.applyPurge ?? ((batch) => options.applied?.push(batch)),
    resync: options.resync ?? (() => {}),
  });
  closing.push(shared);
  return shared;
}

/** A second level on `link` alone, as a replica with `signingKey` (another build's code, say) would make it. */
function levelOn(link: RedisLink, replica: string, signingKey = KEY): RedisSecondLevel {
  const seal = new Seal(signingKey);
  return new RedisSecondLevel({ link, events: new SharedEvents(link, seal), seal, replica, build: 'test', lockMs: 5000, entryMs: 600_000 });
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
    const lines: string[] = [];
    const shared = await up(tier({ logger: pino({ level: 'warn' }, { write: (line: string) => lines.push(line) }) }));
    expect(await filled(shared.level, '/news/yangiliklar/1/', { found: true, value: { title: 'signed' }, storedAt: Date.now(), entities: ['news:1'] })).toBe(
      true,
    );
    expect(await shared.level.read('/news/yangiliklar/1/')).toMatchObject({ value: { title: 'signed' } });
    const key = 'site:test:d:/news/yangiliklar/1/';
    const stored = redis.cli('--raw', 'GET', key);
    const [line, generation, mac, body] = stored.split('\n') as [string, string, string, string];

    // Raw HTML put into a signed entry's body by hand: the signature no longer matches.
    const hostile = body.replace('signed', '<meta http-equiv=refresh content="0;url=https://evil.example">');
    redis.cli('SET', key, `${line}\n${generation}\n${mac}\n${hostile}`);
    expect(await shared.level.read('/news/yangiliklar/1/')).toBeNull();
    // Refused entries are deleted, so the next reader does not meet them again.
    expect(redis.cli('EXISTS', key)).toBe('0');

    // Signed by a replica with another key, ten years ahead.
    const stranger = tier({ applied: [] });
    await up(stranger);
    const future: SharedEntry = { found: true, value: { title: 'future' }, storedAt: Date.now() + 10 * 365 * 86_400_000, entities: [] };
    const other = levelOn(stranger.link, 'x');
    expect(await filled(other, '/news/yangiliklar/2/', future)).toBe(true);
    expect(await shared.level.read('/news/yangiliklar/2/')).toBeNull();
    const wrongKey = levelOn(stranger.link, 'y', `${KEY}-other`);
    expect(await filled(wrongKey, '/news/yangiliklar/3/', rectorate('another key'))).toBe(true);
    expect(await shared.level.read('/news/yangiliklar/3/')).toBeNull();

    // 40 MB: refused by its length inside Redis, never sent to the replica.
    redis.cli('EVAL', "redis.call('SET', KEYS[1], string.rep('x', 40 * 1024 * 1024)) return 1", '1', 'site:test:d:/news/yangiliklar/4/');
    expect(await shared.level.read('/news/yangiliklar/4/')).toBeNull();
    expect(shared.health.rejectedEntries).toBe(4);
    // The log says what was refused: each kind once a minute, with the first key it met.
    const refused = lines.map((line) => JSON.parse(line) as { msg: string; kind: string; key: string }).filter((line) => line.msg === 'redis entry refused');
    expect(refused.map(({ kind, key }) => [kind, key])).toEqual([
      ['unsigned', key],
      ['too-large', 'site:test:d:/news/yangiliklar/4/'],
    ]);
  });

  it("acts on no message on the replicas' channel that a replica did not sign, and reads none larger than a replica sends", async () => {
    const applied: PurgeBatch[] = [];
    const [sender, receiver] = [await up(tier()), await up(tier({ applied }))];
    // A neighbour that may PUBLISH: a purge of everything, as replicas sent it before messages were signed…
    redis.cli('PUBLISH', 'site:events', JSON.stringify({ type: 'purge', from: 'neighbour', prefix: '' }));
    // …one of 6.3 MB, which each replica took 0.3-0.7 s to parse…
    redis.cli(
      'EVAL',
      `redis.call('PUBLISH', 'site:events', '{"type":"purge","from":"neighbour","prefix":"","pad":"' .. string.rep('x', 6600000) .. '"}') return 1`,
      '0',
    );
    // …and a replica with another key.
    const stranger = await up(tier({ signingKey: `${KEY}-other` }));
    expect(await stranger.purge({ prefix: '' })).toBe('sent');
    // One channel, in order: once a replica's own purge has arrived, so have the three before it.
    expect(await sender.purge({ keys: ['marker'] })).toBe('sent');
    await waitUntil(() => applied.length > 0);
    expect(applied).toEqual([{ prefixes: [], keys: ['marker'] }]);
    expect(receiver.health.rejectedMessages).toBe(3);
  });

  it('applies a purge message once, however often a neighbour publishes it again', async () => {
    const applied: PurgeBatch[] = [];
    const [sender] = [await up(tier()), await up(tier({ applied }))];
    // Whoever may SUBSCRIBE hears the replicas' signed messages.
    const heard: string[] = [];
    const listener = new Redis(redis.url);
    closing.push({ close: async () => listener.disconnect() });
    listener.on('message', (_channel: string, message: string) => heard.push(message));
    await listener.subscribe('site:events');
    expect(await sender.purge({ prefix: '' })).toBe('sent');
    await waitUntil(() => applied.length === 1 && heard.length === 1);
    for (let i = 0; i < 3; i++) redis.cli('PUBLISH', 'site:events', heard[0]!);
    expect(await sender.purge({ keys: ['marker'] })).toBe('sent');
    await waitUntil(() => applied.length > 1);
    expect(applied).toEqual([
      { prefixes: [''], keys: [] },
      { prefixes: [], keys: ['marker'] },
    ]);
  });

  it('refuses a signed entry put back after a purge, its generations with it, on every replica that knows of the purge', async () => {
    const applied: PurgeBatch[] = [];
    const [a, b] = [await up(tier()), await up(tier({ applied }))];
    const copyOf = (key: string) => redis.cli('--raw', 'GET', key);
    // By entity key: the purge replaces the generations the entry names.
    expect(await filled(a.level, '/rectorate/', rectorate('before the purge'))).toBe(true);
    const entry = copyOf('site:test:d:/rectorate/');
    const generations = ['rectorate', 'staff:1'].map((entity) => [`site:t:${entity}`, copyOf(`site:t:${entity}`)] as const);
    expect(await a.purge({ keys: ['rectorate'] })).toBe('sent');
    await waitUntil(() => applied.length === 1);
    const putBack = () => {
      redis.cli('SET', 'site:test:d:/rectorate/', entry);
      for (const [key, generation] of generations) redis.cli('SET', key, generation);
    };
    putBack();
    expect(await a.level.read('/rectorate/')).toBeNull();
    putBack();
    expect(await b.level.read('/rectorate/')).toBeNull();
    // By prefix: the purge deletes the entry.
    const news: SharedEntry = { found: true, value: { title: 'before the purge' }, storedAt: Date.now(), entities: ['news:1'] };
    expect(await filled(a.level, '/news/yangiliklar/1/', news)).toBe(true);
    const newsEntry = copyOf('site:test:d:/news/yangiliklar/1/');
    expect(await a.purge({ prefix: '/news/' })).toBe('sent');
    await waitUntil(() => applied.length === 2);
    redis.cli('SET', 'site:test:d:/news/yangiliklar/1/', newsEntry);
    expect(await b.level.read('/news/yangiliklar/1/')).toBeNull();
    expect(a.health.rejectedEntries + b.health.rejectedEntries).toBe(3);
    // Filled after the purge: used as ever.
    expect(await filled(a.level, '/news/yangiliklar/1/', { ...news, value: { title: 'after the purge' } })).toBe(true);
    expect(await b.level.read('/news/yangiliklar/1/')).toMatchObject({ value: { title: 'after the purge' } });
  });

  it("refuses the soak test's tampered entries, each by its MAC alone", async () => {
    const shared = await up(tier());
    const news: SharedEntry = {
      found: true,
      value: { id: 7, title: { en: 'News 7' }, desc: { en: '<p>Short</p>' } },
      storedAt: Date.now(),
      entities: ['news:7'],
    };
    expect(await filled(shared.level, '/news/yangiliklar/7/', news)).toBe(true);
    const key = 'site:test:d:/news/yangiliklar/7/';
    for (const { id, key: tamperedKey, text } of tamperedEntries({ key, text: redis.cli('--raw', 'GET', key) }, [900_001, 900_002], Date.now())) {
      redis.cli('SET', tamperedKey, text);
      expect(await shared.level.read(`/news/yangiliklar/${id}/`)).toBeNull();
    }
    expect(shared.health.rejectedEntries).toBe(2);
  });

  it('never waits on a lock no replica took for that path: without expiry, not signed, signed for another path, or huge', async () => {
    // Locks as long as a backend call may take: waiting on a lock without one would be waiting for ever.
    const [holder, shared] = [await up(tier({ lockMs: 3_600_000 })), await up(tier({ lockMs: 3_600_000 }))];
    await claimed(holder.level, '/about/');
    const signedForAbout = redis.cli('--raw', 'GET', 'site:test:l:/about/');
    const fetched: string[] = [];
    const cache = new DataCache({
      source: { name: 'test', mediaBase: '', fetchJson: async (path) => (fetched.push(path), { kind: 'ok', json: { name: 'from the backend' } }) },
      ttlMs: 600_000,
      staleMs: 0,
      maxKeys: 100,
      shared: shared.level,
      sharedWaitMs: 3_600_000,
    });
    const locks: Array<[path: string, write: string[]]> = [
      ['/no-expiry/', ['SET', 'site:test:l:/no-expiry/', 'a-lock-for-ever']],
      ['/unsigned/', ['SET', 'site:test:l:/unsigned/', 'a-lock', 'PX', '3600000']],
      ['/copied/', ['SET', 'site:test:l:/copied/', signedForAbout, 'PX', '3600000']],
      ['/huge/', ['EVAL', "redis.call('SET', KEYS[1], string.rep('x', 1048576), 'PX', 3600000) return 1", '1', 'site:test:l:/huge/']],
    ];
    for (const [path, write] of locks) {
      redis.cli(...write);
      expect(await cache.get(path, async (json: unknown) => json), path).toMatchObject({ kind: 'ok', value: { name: 'from the backend' } });
    }
    expect(fetched).toEqual(locks.map(([path]) => path));
    // Taken over: each entry is stored for the other replicas.
    await waitUntil(async () => (await Promise.all(locks.map(([path]) => holder.level.read(path)))).every((entry) => entry !== null));
    expect(shared.health.rejectedEntries).toBe(4);
  });

  it('comes back later each time its subscription is lost soon after it was made: a stream of messages too large for Redis resyncs no replica in a storm', async () => {
    const resyncedAt: number[] = [];
    const shared = await up(tier({ resync: () => resyncedAt.push(performance.now()) }));
    const limits = redis.cli('--raw', 'CONFIG', 'GET', 'client-output-buffer-limit').split('\n')[1]!;
    // Redis drops a subscriber whose output passes this: here 64 KB, so that a message of 1 MB does it.
    redis.cli('CONFIG', 'SET', 'client-output-buffer-limit', 'pubsub 64kb 32kb 60');
    try {
      const lostAt: number[] = [];
      for (let loss = 0; loss < 4; loss++) {
        await up(shared);
        lostAt.push(performance.now());
        redis.cli('EVAL', "redis.call('PUBLISH', 'site:events', string.rep('x', 1048576)) return 1", '0');
        await waitUntil(() => resyncedAt.length > loss);
      }
      const pauses = resyncedAt.map((at, i) => at - lostAt[i]!);
      // Twice back at once; then 1 s, then 2 s, doubling up to a minute until a subscription lasts one.
      expect(pauses[2]).toBeGreaterThanOrEqual(1000);
      expect(pauses[3]).toBeGreaterThanOrEqual(2000);
    } finally {
      redis.cli('CONFIG', 'SET', 'client-output-buffer-limit', limits);
    }
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
    // Its announcement is refused unread (not signed with the replicas' key), its fact when read.
    await waitUntil(() => b.health.rejectedMessages > 0);
    expect(heardByB).not.toContain('https://backend.example/media/stranger.jpg');
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
    const level = levelOn(link, 'acl');
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
      const level = levelOn(link, 'frozen');
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
    const [gone, shared] = [await up(tier({ lockMs: 300 })), await up(tier())];
    // The lock of a replica that went away (killed, or its claim given up on): nobody will fill it.
    await claimed(gone.level, '/about/');
    await gone.close();
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
