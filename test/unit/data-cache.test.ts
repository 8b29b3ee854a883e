import { describe, expect, it } from 'vitest';
import { DataCache } from '../../server/backend/cache';
import type { Source, SourceResult } from '../../server/backend/source';

/** A source whose calls the test answers by hand, one at a time, in the order they were made. */
function manualSource() {
  const calls: Array<{ path: string; signal: AbortSignal; answer: (result: SourceResult) => void }> = [];
  const waiting: Array<() => void> = [];
  const source: Source = {
    name: 'manual',
    mediaBase: '',
    fetchJson: (path, signal) =>
      new Promise((resolve) => {
        calls.push({ path, signal, answer: resolve });
        waiting.splice(0).forEach((wake) => wake());
      }),
  };
  /** Resolves once `count` calls have been made. */
  const called = async (count: number) => {
    while (calls.length < count) await new Promise<void>((resolve) => waiting.push(resolve));
  };
  return { source, calls, called };
}

const parseText = async (json: unknown) => String((json as { text: string }).text);

function cacheOn(source: Source) {
  return new DataCache({ source, ttlMs: 60_000, staleMs: 60_000, maxKeys: 100 });
}

describe('the data cache with a backend that is slow to answer', () => {
  it('starts a new call for a visitor who arrives after the only other visitor left and aborted the call', async () => {
    const { source, calls, called } = manualSource();
    const cache = cacheOn(source);
    const first = new AbortController();
    const leaving = cache.get('/a/', parseText, first.signal);
    await called(1);
    first.abort();
    expect(calls[0]!.signal.aborted).toBe(true);

    // The aborted call has not settled yet (a real one takes a moment to close its socket).
    const arriving = cache.get('/a/', parseText, new AbortController().signal);
    await called(2);
    calls[1]!.answer({ kind: 'ok', json: { text: 'fresh' } });
    calls[0]!.answer({ kind: 'failed', reason: 'aborted' });
    await expect(arriving).resolves.toMatchObject({ kind: 'ok', value: 'fresh' });
    await leaving;
    expect(cache.versionOf('/a/')).not.toBeNull();
  });

  it('does not store as fresh an answer that was under way when an editor purged', async () => {
    const { source, calls, called } = manualSource();
    const cache = cacheOn(source);
    const before = cache.get('/news/1/', parseText);
    await called(1);
    cache.purge('/news/');
    // A reader after the purge does not join the old call.
    const after = cache.get('/news/1/', parseText);
    await called(2);
    calls[0]!.answer({ kind: 'ok', json: { text: 'before the edit' } });
    await expect(before).resolves.toMatchObject({ kind: 'ok', value: 'before the edit' });
    expect(cache.versionOf('/news/1/')).toBeNull();
    calls[1]!.answer({ kind: 'ok', json: { text: 'after the edit' } });
    await expect(after).resolves.toMatchObject({ kind: 'ok', value: 'after the edit' });
    await expect(cache.get('/news/1/', parseText)).resolves.toMatchObject({ kind: 'ok', value: 'after the edit', state: 'hit' });
    expect(calls).toHaveLength(2);
  });

  it('leaves calls for other paths alone when purging a prefix', async () => {
    const { source, calls, called } = manualSource();
    const cache = cacheOn(source);
    const other = cache.get('/category/a/', parseText);
    await called(1);
    cache.purge('/news/');
    calls[0]!.answer({ kind: 'ok', json: { text: 'kept' } });
    await other;
    expect(cache.versionOf('/category/a/')).not.toBeNull();
  });
});

describe('the data cache bounded in bytes', () => {
  it('drops the oldest entries when what it holds would pass maxBytes, however few keys it has', async () => {
    const source: Source = { name: 'sized', mediaBase: '', fetchJson: async (path) => ({ kind: 'ok', json: { text: `${path}:${'x'.repeat(1000)}` } }) };
    const cache = new DataCache({ source, ttlMs: 60_000, staleMs: 60_000, maxKeys: 1000, maxBytes: 10_000 });
    for (let i = 1; i <= 20; i++) await cache.get(`/news/${i}/`, parseText);
    // Each entry is ~2 KB estimated (two bytes a character): four or five fit, the newest.
    expect(cache.bytes).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeGreaterThanOrEqual(4);
    expect(cache.versionOf('/news/20/')).not.toBeNull();
    expect(cache.versionOf('/news/1/')).toBeNull();
    expect(cache.stats.evictions).toBe(20 - cache.size);
    cache.purge();
    expect(cache.bytes).toBe(0);
  });
});

describe('the data cache across refreshes', () => {
  /** A cache on a clock the test moves, the entry for `/a/` stored from `text`, and a way to refresh it. */
  async function refreshing() {
    const { source, calls, called } = manualSource();
    let now = 1_000_000;
    const cache = new DataCache({ source, ttlMs: 60_000, staleMs: 60_000, maxKeys: 100, now: () => now });
    const stored = () =>
      new Promise<void>((resolve) => {
        const stop = cache.onStore(() => (stop(), resolve()));
      });
    const first = cache.get('/a/', parseText);
    await called(1);
    calls[0]!.answer({ kind: 'ok', json: { text: 'same' } });
    await first;
    /** Lets the entry go stale, asks for it (served stale, refreshed in the background) and answers the refresh. */
    const refresh = async (text: string) => {
      now += 61_000;
      const count = calls.length;
      await expect(cache.get('/a/', parseText)).resolves.toMatchObject({ state: 'stale' });
      await called(count + 1);
      const done = stored();
      calls[count]!.answer({ kind: 'ok', json: { text } });
      await done;
      return cache.get('/a/', parseText);
    };
    return { cache, refresh, calls, called };
  }

  it('keeps the version when a refresh brings back the same data', async () => {
    const { cache, refresh } = await refreshing();
    const before = await cache.get('/a/', parseText);
    const after = await refresh('same');
    expect(after).toMatchObject({ kind: 'ok', state: 'hit', value: 'same' });
    expect(cache.versionOf('/a/')).toBe(before.kind === 'ok' ? before.version : NaN);
  });

  it('gives a new version when the data changed, and after a purge whatever the data', async () => {
    const { cache, refresh, calls, called } = await refreshing();
    const first = cache.versionOf('/a/');
    await expect(refresh('changed')).resolves.toMatchObject({ kind: 'ok', value: 'changed' });
    const second = cache.versionOf('/a/');
    expect(second).not.toBe(first);
    cache.purge('/a/');
    const refill = cache.get('/a/', parseText);
    await called(3);
    calls[2]!.answer({ kind: 'ok', json: { text: 'changed' } });
    await expect(refill).resolves.toMatchObject({ kind: 'ok', state: 'miss', value: 'changed' });
    expect(cache.versionOf('/a/')).not.toBe(second);
  });
});

describe('the data cache after a lost purge channel (expireAll)', () => {
  it('marks a full cache for checking again without failing, then fetches each entry again and keeps serving it if that fails', async () => {
    let failing = false;
    const calls: string[] = [];
    const source: Source = {
      name: 'counting',
      mediaBase: '',
      fetchJson: async (path) => {
        calls.push(path);
        return failing ? { kind: 'failed', reason: 'HTTP 500' } : { kind: 'ok', json: { text: `${path} v${calls.length}` } };
      },
    };
    // node-cache refuses every set at maxKeys, even of a key it holds: the resync must not rely on one.
    const cache = new DataCache({ source, ttlMs: 60_000, staleMs: 60_000, maxKeys: 10 });
    for (let i = 1; i <= 10; i++) await cache.get(`/news/${i}/`, parseText);
    expect(cache.size).toBe(10);
    expect(() => cache.expireAll()).not.toThrow();
    expect(cache.peek('/news/1/')).toMatchObject({ freshness: 'expired' });
    await expect(cache.get('/news/1/', parseText)).resolves.toMatchObject({ kind: 'ok', state: 'miss', value: '/news/1/ v11' });
    failing = true;
    await expect(cache.get('/news/2/', parseText)).resolves.toMatchObject({ kind: 'ok', state: 'stale', value: '/news/2/ v2' });
    // What was stored after the resync is fresh again.
    await expect(cache.get('/news/1/', parseText)).resolves.toMatchObject({ state: 'hit' });
  });

  it('counts not-found entries against maxBytes, so that a crawler inventing ids cannot fill it for free', async () => {
    const source: Source = { name: 'empty', mediaBase: '', fetchJson: async () => ({ kind: 'not-found' }) };
    const cache = new DataCache({ source, ttlMs: 60_000, staleMs: 60_000, maxKeys: 1_000_000, maxBytes: 64 * 1024 });
    for (let i = 1; i <= 5000; i++) await cache.get(`/news/yangiliklar/${i}/`, parseText);
    expect(cache.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(cache.size).toBeLessThan(5000);
  });
});
