/**
 * The data cache of DESIGN.md: backend responses after validation and sanitising, keyed by backend
 * path. Fresh for `ttlMs`; then served stale for up to `staleMs` while one background refresh runs;
 * one upstream call per key at a time however many requests wait (single-flight); a failed fetch never
 * evicts good data; bounded by `maxKeys`. node-cache holds the entries (without cloning: entries are
 * immutable); freshness, flights and eviction are this layer's.
 */
import NodeCache from 'node-cache';
import type { Source } from './source';

export type CacheState = 'hit' | 'stale' | 'miss';

export type Lookup<T> =
  { kind: 'ok'; value: T; version: number; state: CacheState } | { kind: 'not-found'; version: number; state: CacheState } | { kind: 'failed'; reason: string };

interface Entry {
  found: boolean;
  value: unknown;
  storedAt: number;
  version: number;
  /** Roughly what the entry holds in memory, in bytes (its JSON length, two bytes a character). */
  size: number;
  /** Kept so that a page served from the page cache can refresh this entry without a loader. */
  parse: Parser<unknown>;
}

export type Freshness = 'fresh' | 'stale' | 'expired';

type FetchResult = { kind: 'stored'; entry: Entry } | { kind: 'failed'; reason: string };

interface Flight {
  promise: Promise<FetchResult>;
  controller: AbortController;
  /** Requests still waiting; when all of them leave, the upstream call is aborted. */
  waiters: number;
  /** Background refreshes serve nobody directly and are never aborted by a visitor leaving. */
  background: boolean;
  /** Set by a purge while the call was under way: its answer may predate the editor's change. */
  purged: boolean;
}

export interface CacheStats {
  hits: number;
  misses: number;
  staleServes: number;
  refreshFailures: number;
  upstreamCalls: number;
  evictions: number;
  lastUpstreamSuccess: number | null;
}

export interface DataCacheOptions {
  source: Source;
  ttlMs: number;
  staleMs: number;
  maxKeys: number;
  /**
   * Bound on what the entries hold, in bytes (estimated). A visitor or crawler walking unique URLs
   * (/news/1 … /news/99999) would otherwise grow memory until `maxKeys` entries of any size.
   */
  maxBytes?: number;
  now?: () => number;
  onUpstream?: (event: { path: string; ms: number; outcome: string }) => void;
}

/**
 * Turns backend JSON into an entity; rejects when the JSON is not what the endpoint promises. Async
 * because rich text is sanitised on another thread (server/rich-text).
 */
export type Parser<T> = (json: unknown) => Promise<T>;

let nextVersion = 1;

export class DataCache {
  readonly stats: CacheStats = {
    hits: 0,
    misses: 0,
    staleServes: 0,
    refreshFailures: 0,
    upstreamCalls: 0,
    evictions: 0,
    lastUpstreamSuccess: null,
  };
  private readonly store: NodeCache;
  private readonly flights = new Map<string, Flight>();
  private readonly now: () => number;
  private readonly storeListeners = new Set<(path: string) => void>();
  private heldBytes = 0;

  constructor(private readonly options: DataCacheOptions) {
    this.now = options.now ?? Date.now;
    this.store = new NodeCache({ stdTTL: 0, checkperiod: 0, useClones: false, maxKeys: options.maxKeys });
  }

  get source(): Source {
    return this.options.source;
  }

  get size(): number {
    return this.store.keys().length;
  }

  /** Estimated bytes the entries hold. */
  get bytes(): number {
    return this.heldBytes;
  }

  /**
   * The entry for `path`, fetching it if needed. `signal` is the visitor's: when every visitor waiting
   * for a cold key has left, its upstream call is aborted.
   */
  async get<T>(path: string, parse: Parser<T>, signal?: AbortSignal): Promise<Lookup<T>> {
    const entry = this.store.get<Entry>(path);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age < this.options.ttlMs) {
      this.stats.hits++;
      return this.answer<T>(entry, 'hit');
    }
    if (entry && age < this.options.ttlMs + this.options.staleMs) {
      this.stats.staleServes++;
      this.refreshInBackground(path, parse);
      return this.answer<T>(entry, 'stale');
    }
    this.stats.misses++;
    const result = await this.join(path, parse, signal);
    if (result.kind === 'stored') return this.answer<T>(result.entry, 'miss');
    // Too old to serve in normal times, but better than nothing while the backend is down.
    if (entry) {
      this.stats.staleServes++;
      return this.answer<T>(entry, 'stale');
    }
    return { kind: 'failed', reason: result.reason };
  }

  /**
   * Drops every entry whose backend path starts with `prefix` (all entries when it is empty). Calls
   * under way for those paths may carry the answer from before the editor's change: their waiters
   * still get it, but it is not stored, and the next reader starts a new call.
   */
  purge(prefix = ''): number {
    const keys = this.store.keys().filter((key) => key.startsWith(prefix));
    for (const key of keys) this.drop(key);
    for (const [path, flight] of this.flights) {
      if (!path.startsWith(prefix)) continue;
      flight.purged = true;
      this.flights.delete(path);
    }
    return keys.length;
  }

  /**
   * Calls `listener` after every entry stored (a fill or a refresh: a new version), so that what is
   * derived from many entries (the search index, the sitemap) can rebuild in the background instead of
   * polling. Returns the unsubscribe function.
   */
  onStore(listener: (path: string) => void): () => void {
    this.storeListeners.add(listener);
    return () => this.storeListeners.delete(listener);
  }

  /** The version of the entry for `path` now, or null when there is none. */
  versionOf(path: string): number | null {
    return this.store.get<Entry>(path)?.version ?? null;
  }

  /**
   * Version and freshness of an entry without reading it; a stale one gets its background refresh
   * started, exactly as a read would. Used by the page cache to decide whether stored HTML is current.
   */
  peek(path: string): { version: number; freshness: Freshness } | null {
    const entry = this.store.get<Entry>(path);
    if (!entry) return null;
    const age = this.now() - entry.storedAt;
    if (age < this.options.ttlMs) return { version: entry.version, freshness: 'fresh' };
    if (age < this.options.ttlMs + this.options.staleMs) {
      this.stats.staleServes++;
      this.refreshInBackground(path, entry.parse);
      return { version: entry.version, freshness: 'stale' };
    }
    return { version: entry.version, freshness: 'expired' };
  }

  private answer<T>(entry: Entry, state: CacheState): Lookup<T> {
    return entry.found ? { kind: 'ok', value: entry.value as T, version: entry.version, state } : { kind: 'not-found', version: entry.version, state };
  }

  private refreshInBackground(path: string, parse: Parser<unknown>): void {
    if (this.flights.has(path)) {
      this.flights.get(path)!.background = true;
      return;
    }
    const flight = this.start(path, parse);
    flight.background = true;
    void flight.promise.then((result) => {
      if (result.kind === 'failed') this.stats.refreshFailures++;
    });
  }

  private join(path: string, parse: Parser<unknown>, signal?: AbortSignal): Promise<FetchResult> {
    const current = this.flights.get(path);
    // A call every earlier visitor left is being aborted: a new visitor starts a new one.
    const flight = current && !current.controller.signal.aborted ? current : this.start(path, parse);
    flight.waiters++;
    if (signal) {
      const leave = () => {
        flight.waiters--;
        if (flight.waiters === 0 && !flight.background) flight.controller.abort();
      };
      if (signal.aborted) leave();
      else {
        signal.addEventListener('abort', leave, { once: true });
        void flight.promise.finally(() => signal.removeEventListener('abort', leave));
      }
    }
    return flight.promise;
  }

  private start(path: string, parse: Parser<unknown>): Flight {
    const controller = new AbortController();
    const flight: Flight = { controller, waiters: 0, background: false, purged: false, promise: Promise.resolve(null as never) };
    flight.promise = this.fetchAndStore(path, parse, flight).finally(() => {
      if (this.flights.get(path) === flight) this.flights.delete(path);
    });
    this.flights.set(path, flight);
    return flight;
  }

  private async fetchAndStore(path: string, parse: Parser<unknown>, flight: Flight): Promise<FetchResult> {
    const started = this.now();
    this.stats.upstreamCalls++;
    const result = await this.options.source.fetchJson(path, flight.controller.signal);
    // A purged call's answer goes to its waiters only: the entry stays absent until a call after the purge.
    const keep = (found: boolean, value: unknown): Entry =>
      flight.purged ? { found, value, storedAt: this.now(), version: nextVersion++, size: 0, parse } : this.put(path, found, value, parse);
    let outcome: FetchResult;
    if (result.kind === 'failed') {
      outcome = { kind: 'failed', reason: result.reason };
    } else if (result.kind === 'not-found') {
      outcome = { kind: 'stored', entry: keep(false, null) };
    } else {
      try {
        outcome = { kind: 'stored', entry: keep(true, await parse(result.json)) };
      } catch (error) {
        outcome = { kind: 'failed', reason: `unexpected response: ${(error as Error).message}` };
      }
    }
    if (outcome.kind === 'stored') this.stats.lastUpstreamSuccess = this.now();
    this.options.onUpstream?.({
      path,
      ms: this.now() - started,
      outcome: outcome.kind === 'stored' ? result.kind : outcome.reason,
    });
    return outcome;
  }

  private put(path: string, found: boolean, value: unknown, parse: Parser<unknown>): Entry {
    const size = found ? 2 * (JSON.stringify(value)?.length ?? 0) : 0;
    const entry: Entry = { found, value, storedAt: this.now(), version: nextVersion++, size, parse };
    this.drop(path);
    // Oldest stored first (node-cache keeps insertion order, and a refresh stores anew).
    while (this.options.maxBytes !== undefined && this.heldBytes + size > this.options.maxBytes && this.evictOldest());
    while (true) {
      try {
        this.store.set(path, entry);
        this.heldBytes += size;
        for (const listener of this.storeListeners) listener(path);
        return entry;
      } catch (error) {
        // node-cache refuses new keys at maxKeys (ECACHEFULL): make room by dropping the oldest entry.
        if ((error as { name?: string }).name !== 'ECACHEFULL' || !this.evictOldest()) return entry;
      }
    }
  }

  private evictOldest(): boolean {
    const oldest = this.store.keys()[0];
    if (oldest === undefined) return false;
    this.drop(oldest);
    this.stats.evictions++;
    return true;
  }

  private drop(path: string): void {
    const entry = this.store.get<Entry>(path);
    if (!entry) return;
    this.heldBytes -= entry.size;
    this.store.del(path);
  }
}
