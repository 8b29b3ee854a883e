/**
 * The data cache over a second level shared by replicas (the SharedLevel that server/shared-cache
 * implements on Redis), here an in-memory one the test controls: when it answers, when it is left to
 * this replica, and what a purge or a failing backend does to a fill.
 */
import { describe, expect, it } from 'vitest';
import { DataCache, type Claim, type SharedEntry, type SharedLevel, type Taken } from '../../server/backend/cache';
import type { Source, SourceResult } from '../../server/backend/source';
import { lockHeldFor, lockToken } from '../../server/shared-cache/lock-token';
import { PurgeFloors } from '../../server/shared-cache/purge-floors';
import { Seal } from '../../server/shared-cache/seal';
import { waitUntil } from '../helpers/wait';

const T0 = 1_000_000;
const TTL = 60_000;
const parseText = async (json: unknown) => String((json as { text: string }).text);

/** Another replica's claim, with a minute left on its lock. */
const TAKEN: Taken = { heldForMs: 60_000 };

/**
 * A shared level in memory; `claimed` decides what a claim answers, `wait` what a waiter gets (`waits`
 * has how long each waiter was told to wait).
 */
function memoryLevel(options: { claimed?: Claim | Taken | 'unavailable' | (() => Claim | Taken); wait?: () => Promise<SharedEntry | null> } = {}) {
  const entries = new Map<string, SharedEntry>();
  const fills: string[] = [];
  const releases: string[] = [];
  const waits: number[] = [];
  const level: SharedLevel = {
    read: async (path) => entries.get(path) ?? null,
    claim: async () => (typeof options.claimed === 'function' ? options.claimed() : (options.claimed ?? { token: 't', generation: '0' })),
    waitForFill: async (_path, ms) => {
      waits.push(ms);
      return options.wait ? options.wait() : null;
    },
    fill: async (path, _claim, entry) => {
      fills.push(path);
      entries.set(path, entry);
      return true;
    },
    release: async (path) => {
      releases.push(path);
    },
  };
  return { level, entries, fills, releases, waits };
}

function countingSource(answer: () => Promise<SourceResult> = async () => ({ kind: 'ok', json: { text: 'from the backend' } })) {
  const calls: string[] = [];
  const source: Source = {
    name: 'counting',
    mediaBase: '',
    fetchJson: (path) => {
      calls.push(path);
      return answer();
    },
  };
  return { source, calls };
}

function cacheWith(source: Source, shared: SharedLevel, now = () => T0) {
  return new DataCache({ source, ttlMs: TTL, staleMs: TTL, maxKeys: 100, shared, now });
}

describe('the data cache over a shared level', () => {
  it('takes a fresh shared entry without calling the backend, keeping its age', async () => {
    const { source, calls } = countingSource();
    const { level, entries } = memoryLevel();
    entries.set('/a/', { found: true, value: 'from another replica', storedAt: T0 - TTL + 1000, entities: [] });
    let now = T0;
    const cache = cacheWith(source, level, () => now);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'from another replica', state: 'miss' });
    expect(calls).toEqual([]);
    expect(cache.stats.sharedFills).toBe(1);
    // Stored a second before its TTL ran out on the other replica: it is stale here a second later too.
    now += 1001;
    expect(cache.peek('/a/')?.freshness).toBe('stale');
  });

  it('fetches, stores for the others and releases nothing else when it holds the claim', async () => {
    const { source, calls } = countingSource();
    const { level, entries, fills, releases } = memoryLevel();
    const cache = cacheWith(source, level);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'from the backend' });
    expect(calls).toEqual(['/a/']);
    await waitUntil(() => fills.length > 0);
    expect(fills).toEqual(['/a/']);
    expect(entries.get('/a/')).toMatchObject({ found: true, value: 'from the backend', storedAt: T0 });
    expect(releases).toEqual([]);
  });

  it("waits for another replica's fill instead of calling the backend", async () => {
    const { source, calls } = countingSource();
    const filled: SharedEntry = { found: true, value: 'filled elsewhere', storedAt: T0, entities: ['news:1'] };
    const { level } = memoryLevel({ claimed: TAKEN, wait: async () => filled });
    const cache = cacheWith(source, level);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'filled elsewhere' });
    expect(calls).toEqual([]);
    // The entities came with it: a purge by key finds the entry.
    expect(cache.purgeEntities(['news:1'])).toBe(1);
  });

  it('calls the backend itself when the fill it waited for never came, and stores nothing shared', async () => {
    const { source, calls } = countingSource();
    const { level, fills } = memoryLevel({ claimed: TAKEN, wait: async () => null });
    const cache = cacheWith(source, level);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'from the backend' });
    expect(calls).toEqual(['/a/']);
    expect(fills).toEqual([]);
  });

  it('claims again when the fill it waited for stored nothing, and stores for the others itself', async () => {
    const { source, calls } = countingSource();
    // The holder's fill ended without an entry (a purge since its claim): the claim is free again.
    let claims = 0;
    const { level, fills } = memoryLevel({ claimed: () => (++claims === 1 ? TAKEN : { token: 't2', generation: '1' }), wait: async () => null });
    const cache = cacheWith(source, level);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'from the backend' });
    expect(claims).toBe(2);
    expect(calls).toEqual(['/a/']);
    await waitUntil(() => fills.length > 0);
    expect(fills).toEqual(['/a/']);
  });

  it('takes the entry another replica stored between its read and its claim, and lets the claim go', async () => {
    const { source, calls } = countingSource();
    const { level, entries, releases } = memoryLevel();
    let reads = 0;
    level.read = async (path) => {
      // The first read misses; by the claim, another replica has filled the path and released its lock.
      if (++reads === 2) entries.set(path, { found: true, value: 'filled meanwhile', storedAt: T0, entities: [] });
      return entries.get(path) ?? null;
    };
    const cache = cacheWith(source, level);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'filled meanwhile' });
    expect(calls).toEqual([]);
    await waitUntil(() => releases.length > 0);
    expect(releases).toEqual(['/a/']);
  });

  it("waits for another replica's fill no longer than its lock has left, then claims the path itself", async () => {
    const { source, calls } = countingSource();
    // A holder that went away fills nothing: once its lock has lapsed, the next claim is this replica's.
    let claims = 0;
    const { level, fills, waits } = memoryLevel({ claimed: () => (++claims === 1 ? { heldForMs: 40 } : { token: 't2', generation: '1' }) });
    const cache = new DataCache({ source, ttlMs: TTL, staleMs: TTL, maxKeys: 100, shared: level, now: () => T0, sharedWaitMs: 3_600_000 });
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'from the backend' });
    expect(waits).toEqual([40]);
    expect(calls).toEqual(['/a/']);
    await waitUntil(() => fills.length > 0);
  });

  it('waits a bounded number of rounds while other replicas keep the claim', async () => {
    const { source, calls } = countingSource();
    let waits = 0;
    const { level, fills } = memoryLevel({ claimed: TAKEN, wait: async () => (waits++, null) });
    const cache = cacheWith(source, level);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'from the backend' });
    expect(waits).toBe(3);
    expect(calls).toEqual(['/a/']);
    expect(fills).toEqual([]);
  });

  it('serves an older shared copy when the backend fails, and releases its claim', async () => {
    const { source } = countingSource(async () => ({ kind: 'failed', reason: 'HTTP 502' }));
    const { level, entries, releases } = memoryLevel();
    entries.set('/a/', { found: true, value: 'older', storedAt: T0 - TTL - 1000, entities: [] });
    const cache = cacheWith(source, level);
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'older' });
    await waitUntil(() => releases.length > 0);
    expect(releases).toEqual(['/a/']);
  });

  it('does not store for the others what it fetched before a purge', async () => {
    let answer: ((result: SourceResult) => void) | undefined;
    const { source } = countingSource(() => new Promise((resolve) => (answer = resolve)));
    const { level, fills, releases } = memoryLevel();
    const cache = cacheWith(source, level);
    const reading = cache.get('/news/1/', parseText);
    await waitUntil(() => answer !== undefined);
    cache.purge('/news/');
    answer!({ kind: 'ok', json: { text: 'before the edit' } });
    await expect(reading).resolves.toMatchObject({ kind: 'ok', value: 'before the edit' });
    await waitUntil(() => releases.length > 0);
    expect(releases).toEqual(['/news/1/']);
    expect(fills).toEqual([]);
  });

  it('checks every entry again after expireAll, and still serves one when that check fails', async () => {
    let fail = false;
    const { source, calls } = countingSource(async () => (fail ? { kind: 'failed', reason: 'down' } : { kind: 'ok', json: { text: `call ${calls.length}` } }));
    const { level } = memoryLevel({ claimed: 'unavailable' });
    const cache = cacheWith(source, level);
    await cache.get('/a/', parseText);
    cache.expireAll();
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ value: 'call 2', state: 'miss' });
    cache.expireAll();
    fail = true;
    await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ value: 'call 2', state: 'stale' });
  });
});

describe('what a replica knows of purges (server/shared-cache/purge-floors.ts)', () => {
  const before = '1770000000000000';
  const purgedAt = '1770000000000100';
  const after = '1770000000000200';

  it('refuses an entry filled before a purge that covers it, by entity or by prefix, and no other', () => {
    const floors = new PurgeFloors();
    expect(floors.record({ prefixes: ['/news/'], keys: ['rectorate'] }, purgedAt)).toBe(true);
    expect(floors.refuses('/news/yangiliklar/1/', ['news:1'], before)).toBe(true);
    expect(floors.refuses('/category/rektorot/', ['rectorate', 'rector:1'], before)).toBe(true);
    expect(floors.refuses('/category/otdellar/', ['departments'], before)).toBe(false);
    expect(floors.refuses('/news/yangiliklar/1/', ['news:1'], purgedAt)).toBe(false);
    expect(floors.refuses('/category/rektorot/', ['rectorate'], after)).toBe(false);
    // A generation no replica's script writes is older than every purge.
    expect(floors.refuses('/news/yangiliklar/1/', ['news:1'], 'x')).toBe(true);
  });

  it('tells a replayed purge from a new one, a purge of everything covering every other', () => {
    const floors = new PurgeFloors();
    expect(floors.record({ prefixes: [], keys: ['news:5'] }, purgedAt)).toBe(true);
    expect(floors.record({ prefixes: [], keys: ['news:5'] }, purgedAt)).toBe(false);
    expect(floors.record({ prefixes: [], keys: ['news:5'] }, before)).toBe(false);
    expect(floors.record({ prefixes: [''], keys: [] }, after)).toBe(true);
    expect(floors.record({ prefixes: ['/news/'], keys: ['news:6'] }, purgedAt)).toBe(false);
    expect(floors.refuses('/about/', [], purgedAt)).toBe(true);
  });

  it('stays bounded: past its bound, what it knows becomes one purge of everything at the latest generation', () => {
    const floors = new PurgeFloors();
    for (let i = 0; i < 300; i++) floors.record({ prefixes: [`/news/yangiliklar/${i}/`], keys: [] }, String(1770000000000000 + i));
    // The 257th prefix folded the 256 before it and itself into a purge of everything at its generation…
    expect(floors.refuses('/about/', [], '1770000000000255')).toBe(true);
    expect(floors.refuses('/about/', [], '1770000000000256')).toBe(false);
    // …and those after it are known one by one again.
    expect(floors.refuses('/news/yangiliklar/299/', [], '1770000000000298')).toBe(true);
    expect(floors.refuses('/news/yangiliklar/298/', [], '1770000000000298')).toBe(false);
  });
});

describe('fill locks (server/shared-cache/lock-token.ts)', () => {
  const seal = new Seal('shared-level-test-signing-key-0123456789');
  const lockKey = 'site:b:l:/about/';
  const now = 1_000_000_000;
  const LOCK_MS = 6000;
  const token = lockToken(seal, lockKey, LOCK_MS, now);

  it('waits on a lock a replica took for this path, as long as it has left', () => {
    expect(lockHeldFor(seal, lockKey, token, 4000, LOCK_MS, now + 2000)).toBe(4000);
  });

  it('takes over any other at once', () => {
    expect(lockHeldFor(seal, lockKey, token, -1, LOCK_MS, now), 'no expiry').toBeNull();
    expect(lockHeldFor(seal, lockKey, token, LOCK_MS + 1, LOCK_MS, now), 'longer than a lock lives').toBeNull();
    expect(lockHeldFor(seal, 'site:b:l:/rektorat/', token, 4000, LOCK_MS, now), 'another path').toBeNull();
    expect(lockHeldFor(seal, lockKey, token, 4000, LOCK_MS, now + 3_600_000), 'lapsed an hour ago').toBeNull();
    expect(lockHeldFor(new Seal('another-signing-key-0123456789-abcdef'), lockKey, token, 4000, LOCK_MS, now), 'another key').toBeNull();
    expect(lockHeldFor(seal, lockKey, 'a-lock', 4000, LOCK_MS, now), 'not signed').toBeNull();
  });
});
