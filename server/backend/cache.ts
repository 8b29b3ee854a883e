/**
 * The data cache (docs/architecture.md, "Data cache"): backend responses after validation and sanitising, keyed by backend
 * path. Fresh for `ttlMs`; then served stale for up to `staleMs` while one background refresh runs;
 * one upstream call per key at a time however many requests wait (single-flight); a failed fetch never
 * evicts good data; bounded by `maxKeys`. node-cache holds the entries (without cloning: entries are
 * immutable); freshness, flights and eviction are this layer's.
 */
import { createHash } from 'node:crypto';
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
  /** A hash of the parsed value's JSON: a refresh that parses to the same keeps the entry's version. */
  digest: string;
  /** Kept so that a page served from the page cache can refresh this entry without a loader. */
  parse: Parser<unknown>;
  /** The backend entities (news:5, faculty:2; server/backend/entity-keys.ts) it holds, for purges by key. */
  entities: string[];
  /** Order of storing: `expireAll` expires every entry up to a point in it without rewriting any. */
  seq: number;
}

/** An entry as the second level holds it: parsed once, by whichever replica fetched it. */
export interface SharedEntry {
  found: boolean;
  value: unknown;
  storedAt: number;
  entities: string[];
}

/** The right to make the one upstream call for a path across replicas (SharedLevel.claim). */
export interface Claim {
  token: string;
  /** The purge generation when claimed: a purge since then makes the fill store nothing. */
  generation: string;
}

/** Another replica holds the claim, for at most this long: past it, the claim lapses unless filled. */
export interface Taken {
  heldForMs: number;
}

/**
 * A second cache level shared by replicas (server/shared-cache: Redis). Every method fails soft:
 * null, 'unavailable' or false when the level cannot answer in time.
 */
export interface SharedLevel {
  read(path: string): Promise<SharedEntry | null>;
  claim(path: string): Promise<Claim | Taken | 'unavailable'>;
  /** Another replica holds the claim: its entry once it has stored it, or null after `ms`. */
  waitForFill(path: string, ms: number, signal?: AbortSignal): Promise<SharedEntry | null>;
  fill(path: string, claim: Claim, entry: SharedEntry): Promise<boolean>;
  release(path: string, claim: Claim): Promise<void>;
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
  /** Entries taken from the shared level instead of the backend. */
  sharedFills: number;
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
  /** The level replicas share; absent, this process's own entries are the only level. */
  shared?: SharedLevel;
  /** How long a replica waits for another's fill of the same path before calling the backend itself. */
  sharedWaitMs?: number;
  onUpstream?: (event: { path: string; ms: number; outcome: string }) => void;
  /** A fresh entry taken from the shared level instead of the backend. */
  onSharedFill?: (path: string) => void;
}

/**
 * Turns backend JSON into an entity; rejects when the JSON is not what the endpoint promises. Async
 * because rich text is sanitised on another thread (server/rich-text).
 */
export interface Parser<T> {
  (json: unknown): Promise<T>;
  /** The backend entities a parsed value holds (server/backend/entity-keys.ts). */
  entities?(value: T): string[];
}

let nextVersion = 1;
let nextSeq = 1;

/**
 * What an entry costs beyond its JSON: the key, the Entry object, node-cache's record. A not-found
 * entry has no JSON, and a crawler inventing ids makes thousands of them: they must count too.
 */
const ENTRY_OVERHEAD_BYTES = 256;

/** How many times a replica waits for others' fills of one path before it calls the backend itself. */
const MAX_CLAIM_ROUNDS = 3;

export class DataCache {
  readonly stats: CacheStats = {
    hits: 0,
    misses: 0,
    staleServes: 0,
    refreshFailures: 0,
    upstreamCalls: 0,
    evictions: 0,
    sharedFills: 0,
    lastUpstreamSuccess: null,
  };
  private readonly store: NodeCache;
  private readonly flights = new Map<string, Flight>();
  private readonly now: () => number;
  private readonly storeListeners = new Set<(path: string) => void>();
  /** Entity key → paths of the entries that hold it. */
  private readonly byEntity = new Map<string, Set<string>>();
  private heldBytes = 0;
  /** Entries stored up to this `seq` are expired, whatever their age (`expireAll`). */
  private expiredThrough = 0;

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
    const age = entry ? this.ageOf(entry) : Infinity;
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
    return this.dropWhere(
      this.store.keys().filter((key) => key.startsWith(prefix)),
      (path) => path.startsWith(prefix),
    );
  }

  /** Drops the entries that hold any of the entities (news:5, faculty:2), as `purge` does a prefix. */
  purgeEntities(keys: string[]): number {
    const paths = new Set(keys.flatMap((key) => [...(this.byEntity.get(key) ?? [])]));
    // A call under way has not told which entities it holds yet: all of them lose their right to store.
    return this.dropWhere([...paths], () => true);
  }

  /**
   * Makes every entry expired without dropping it: each is fetched again (from the shared level or
   * the backend) on its next read, and still served if that fails. For a replica that may have missed
   * purges while its subscription was down.
   */
  expireAll(): void {
    // Marked, not rewritten: node-cache refuses every `set` once it holds maxKeys, even of a key it has.
    this.expiredThrough = nextSeq - 1;
    this.markFlightsPurged(() => true);
  }

  /**
   * Reads the entries at `paths` again as a page's render would (those expired are fetched from the
   * shared level or the backend), without their loaders: for a stored page whose data expired.
   */
  async refetch(paths: string[]): Promise<void> {
    await Promise.all(
      paths.map((path) => {
        const entry = this.store.get<Entry>(path);
        return entry ? this.get(path, entry.parse) : Promise.resolve();
      }),
    );
  }

  private ageOf(entry: Entry): number {
    return entry.seq <= this.expiredThrough ? Infinity : this.now() - entry.storedAt;
  }

  private dropWhere(paths: string[], flightMatches: (path: string) => boolean): number {
    for (const path of paths) this.drop(path);
    this.markFlightsPurged(flightMatches);
    return paths.length;
  }

  private markFlightsPurged(matches: (path: string) => boolean): void {
    for (const [path, flight] of this.flights) {
      if (!matches(path)) continue;
      flight.purged = true;
      this.flights.delete(path);
    }
  }

  /**
   * Calls `listener` after every entry stored (a fill, or a refresh: a new version unless the data came
   * back the same), so that what is derived from many entries (the search index, the sitemap) can
   * rebuild in the background instead of polling. Returns the unsubscribe function.
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
    const age = this.ageOf(entry);
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
    const { shared } = this.options;
    if (!shared) return this.fromUpstream(path, parse, flight);
    const found = await this.fromSharedLevel(shared, path, flight);
    if ('entry' in found) {
      this.options.onSharedFill?.(path);
      return { kind: 'stored', entry: this.adopt(path, found.entry, parse, flight) };
    }
    const outcome = await this.fromUpstream(path, parse, flight);
    if (found.claim) {
      // The fill wakes the replicas waiting for this path; neither it nor the release delays this one.
      if (outcome.kind === 'stored' && !flight.purged) void shared.fill(path, found.claim, toShared(outcome.entry));
      else void shared.release(path, found.claim);
    }
    // The backend failed: another replica's older copy is better than nothing, within the stale time.
    const older = found.older;
    if (outcome.kind === 'failed' && older && this.now() - older.storedAt < this.options.ttlMs + this.options.staleMs) {
      return { kind: 'stored', entry: this.adopt(path, older, parse, flight) };
    }
    return outcome;
  }

  /**
   * A fresh entry another replica stored, or the claim to fetch it for everyone (null when Redis
   * cannot give one or another replica's fill never came), with any older shared copy as a fallback.
   *
   * A fill can end without an entry: the holder's backend call failed, or a purge since its claim kept
   * it from storing what it fetched. The waiters then claim again, so that one of them calls the
   * backend and stores for the rest, rather than each calling it and none storing. All of that within
   * one wait of `sharedWaitMs` (a fill that never comes costs no more than before) and a few rounds.
   */
  private async fromSharedLevel(
    shared: SharedLevel,
    path: string,
    flight: Flight,
  ): Promise<{ entry: SharedEntry } | { claim: Claim | null; older: SharedEntry | null }> {
    const fresh = (entry: SharedEntry | null): entry is SharedEntry => entry !== null && this.now() - entry.storedAt < this.options.ttlMs;
    let older = await shared.read(path);
    if (fresh(older)) return { entry: older };
    // A real clock, not `now`: the wait is real time even where a test stops the cache's clock.
    const deadline = performance.now() + (this.options.sharedWaitMs ?? 5000);
    for (let round = 1; ; round++) {
      const claim = await shared.claim(path);
      if (claim === 'unavailable') return { claim: null, older };
      if (!('heldForMs' in claim)) {
        // Another replica may have filled and let go of the lock between our read and our claim.
        const now = await shared.read(path);
        if (!fresh(now)) return { claim, older: now ?? older };
        void shared.release(path, claim);
        return { entry: now };
      }
      const left = deadline - performance.now();
      if (left <= 0 || round > MAX_CLAIM_ROUNDS || flight.controller.signal.aborted) return { claim: null, older };
      // Not past the lock's own life: a holder that went away (or gave up on its claim) fills nothing, and
      // once the lock has lapsed the next round's claim is this replica's.
      const filled = await shared.waitForFill(path, Math.min(left, claim.heldForMs), flight.controller.signal);
      if (fresh(filled)) return { entry: filled };
      older = filled ?? older;
    }
  }

  /** Takes an entry from the shared level as this process's own, keeping its age. */
  private adopt(path: string, shared: SharedEntry, parse: Parser<unknown>, flight: Flight): Entry {
    this.stats.sharedFills++;
    const entry = this.entryOf(shared.found, shared.value, parse, shared.entities, shared.storedAt);
    return flight.purged ? entry : this.put(path, entry);
  }

  private async fromUpstream(path: string, parse: Parser<unknown>, flight: Flight): Promise<FetchResult> {
    const started = this.now();
    this.stats.upstreamCalls++;
    const result = await this.options.source.fetchJson(path, flight.controller.signal);
    // A purged call's answer goes to its waiters only: the entry stays absent until a call after the purge.
    const keep = (found: boolean, value: unknown): Entry => {
      const entry = this.entryOf(found, value, parse, found ? (parse.entities?.(value) ?? []) : [], this.now());
      return flight.purged ? entry : this.put(path, entry);
    };
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

  private entryOf(found: boolean, value: unknown, parse: Parser<unknown>, entities: string[], storedAt: number): Entry {
    const json = found ? (JSON.stringify(value) ?? '') : '';
    const digest = found ? createHash('sha1').update(json).digest('base64url') : '';
    return { found, value, storedAt, version: nextVersion++, size: 2 * json.length + ENTRY_OVERHEAD_BYTES, digest, parse, entities, seq: nextSeq++ };
  }

  private put(path: string, fetched: Entry): Entry {
    // Most refreshes bring back what was there. Keeping the version (and the value) then keeps every
    // page rendered from it in the page cache and the search index as they are; a new version would
    // have each of them made again once a TTL, for nothing.
    const previous = this.store.get<Entry>(path);
    const same = previous !== undefined && previous.found === fetched.found && previous.digest === fetched.digest;
    const entry = same ? { ...fetched, value: previous.value, version: previous.version } : fetched;
    this.drop(path);
    // Oldest stored first (node-cache keeps insertion order, and a refresh stores anew).
    while (this.options.maxBytes !== undefined && this.heldBytes + entry.size > this.options.maxBytes && this.evictOldest());
    while (true) {
      try {
        this.store.set(path, entry);
        this.heldBytes += entry.size;
        for (const key of entry.entities) {
          const paths = this.byEntity.get(key) ?? new Set<string>();
          paths.add(path);
          this.byEntity.set(key, paths);
        }
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
    for (const key of entry.entities) {
      const paths = this.byEntity.get(key);
      paths?.delete(path);
      if (paths?.size === 0) this.byEntity.delete(key);
    }
  }
}

function toShared(entry: Entry): SharedEntry {
  return { found: entry.found, value: entry.value, storedAt: entry.storedAt, entities: entry.entities };
}
