/**
 * A neighbour with write access to the replicas' Redis who makes their keys another type than the
 * strings replicas write: the purge generation a hash, a lock or an entity generation a list. Every
 * command that read such a key as a string failed, so `site:gen` as a hash kept every editor's purge
 * from reaching the other replicas (answered 202, sent again every second for ever) and a list as a lock
 * kept a path from being claimed and shared. Such a key now reads as absent and is replaced.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SharedEntry } from '../../server/backend/cache';
import { createLogger } from '../../server/logger';
import { SharedTier } from '../../server/shared-cache';
import type { PurgeBatch } from '../../server/shared-cache/purge-batch';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../helpers/redis-server';
import { waitUntil } from '../helpers/wait';

let redis: RunningRedis;
const replicas: SharedTier[] = [];

/** A replica's shared tier on the test's Redis, connected, recording the purges other replicas send it. */
async function replica(applied: PurgeBatch[] = []): Promise<SharedTier> {
  const shared = new SharedTier({
    url: redis.url,
    timeoutMs: 2000,
    build: 'test',
    signingKey: 'outside-redis-test-signing-key-0123456789',
    entryMs: 600_000,
    lockMs: 5000,
    logger: createLogger('silent'),
    applyPurge: (batch) => applied.push(batch),
    resync: () => {},
  });
  replicas.push(shared);
  await waitUntil(() => shared.link.up);
  return shared;
}

const entry = (name: string): SharedEntry => ({ found: true, value: { name }, storedAt: Date.now(), entities: ['rectorate'] });

describe.skipIf(!REDIS_SERVER)("keys of another type than a replica's", () => {
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    await Promise.all(replicas.splice(0).map((shared) => shared.close()));
    redis.cli('FLUSHALL');
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('sends a purge to every replica although a neighbour made the purge generation a hash', async () => {
    const applied: PurgeBatch[] = [];
    const [editor] = [await replica(), await replica(applied)];
    redis.cli('DEL', 'site:gen');
    redis.cli('HSET', 'site:gen', 'neighbour', '1');
    expect(await editor.purge({ keys: ['news:1'] })).toBe('sent');
    await waitUntil(() => applied.length === 1);
    expect(applied).toEqual([{ prefixes: [], keys: ['news:1'] }]);
  });

  it('claims, fills and shares a path whose lock and entity generation a neighbour made lists', async () => {
    const [filler, reader] = [await replica(), await replica()];
    redis.cli('RPUSH', 'site:test:l:/rectorate/', 'neighbour');
    redis.cli('RPUSH', 'site:t:rectorate', 'neighbour');
    const claim = await filler.level.claim('/rectorate/');
    expect(claim).toMatchObject({ token: expect.any(String) as unknown });
    expect(await filler.level.fill('/rectorate/', claim as Exclude<typeof claim, 'unavailable' | { heldForMs: number }>, entry('from the backend'))).toBe(true);
    expect(await reader.level.read('/rectorate/')).toMatchObject({ value: { name: 'from the backend' } });
  });
});
