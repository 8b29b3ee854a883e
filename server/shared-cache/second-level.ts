/**
 * Redis as the data cache's second level (DataCache's `SharedLevel`), shared by every replica.
 *
 * Redis runs as a pure cache at its `maxmemory` with `allkeys-lru` (deploy/): ANY key may be evicted
 * at any moment, so no purge may depend on a key still being there. The layout, and why each part
 * holds under eviction:
 *
 * - Entries: `site:<build>:d:<backend path>` → a signed entry (entry-codec.ts) that names the
 *   generation of every entity it holds (news:5, faculty:2; server/backend/entity-keys.ts). Namespaced
 *   by build, so a rolling deploy never hands one build's parsed data to another build's code.
 * - Entity generations: `site:t:<entity>` → a random token, replaced by every purge of that entity
 *   and created (if absent) by a fill. An entry is used only while every generation it names is still
 *   the current one; a purged entity's entries are dropped on their next read. An evicted generation
 *   drops every entry that names it, and its new token can never equal an old one: when in doubt,
 *   an entry is dropped, never served. (An index of entries per entity, deleted by a purge, would be
 *   evicted before the entries, which every read keeps recent, and the purge would find nothing.)
 * - Purge generation `site:gen`, replaced by every purge with a later one (Redis's clock in
 *   microseconds, one more where the clock has not moved on): a fill stores only if it is still the
 *   generation its claim saw, so a fill that began before a purge stores nothing. Evicted, it reads as
 *   absent, which matches no claim. The entry carries it, signed, and so does the purge's message: a
 *   replica refuses an entry filled before a purge it knows of, however Redis was put back as it was
 *   before the purge (purge-floors.ts).
 * - Single flight across replicas: `SET site:<build>:l:<path> <token> NX PX`, the token signed for its
 *   key and its end (lock-token.ts); the holder fills and releases with a compare-and-delete; the others
 *   wait for its fill message, then read, never longer than the lock has left. A lock no replica set
 *   is taken over at once. An evicted lock costs one more backend call, nothing else.
 * - One channel, `site:events`, for purges (every replica drops what they name) and fills (wakes the
 *   replicas waiting for that entry), signed and bounded (events.ts); image-facts.ts announces on it too.
 *
 * Nothing read from Redis is larger than what a replica writes: entries and lock values are measured
 * with STRLEN before they are sent, generations before they are used, and the keys a purge deletes never
 * leave Redis. Every call is bounded by REDIS_TIMEOUT_MS and fails soft: a Redis problem reads as a miss,
 * a refused claim as "fetch it yourself", a failed write as nothing stored.
 */
import { randomBytes } from 'node:crypto';
import type { Claim, SharedEntry, SharedLevel, Taken } from '../backend/cache';
import { ENTITY_KEY } from '../backend/entity-keys';
import { EntryCodec, MAX_ENTRY_BYTES, type Generations } from './entry-codec';
import { EVENTS_CHANNEL, type EventFields, type SharedEvent, type SharedEvents } from './events';
import { lockHeldFor, lockToken, MAX_LOCK_CHARS } from './lock-token';
import type { PurgeBatch } from './purge-batch';
import type { OnRefused, RefusedKind } from './refusals';
import { PurgeFloors } from './purge-floors';
import type { RedisLink } from './redis-link';
import type { Seal } from './seal';

/** What a call answers when Redis could not (told apart from Redis's own nil). */
const UNAVAILABLE = Symbol('unavailable');
const GENERATION = 'site:gen';
const ENTITY_PREFIX = 'site:t:';
/** Longest prefix a purge names (server/purge.ts). */
const MAX_PREFIX_CHARS = 512;
/** An entity generation is a token of 12 characters: a longer value is none a replica wrote. */
const MAX_GENERATION_CHARS = 32;

const newToken = () => randomBytes(9).toString('base64url');

/**
 * Every key a replica reads is a string. One someone made another type (a hash, a list, a set) holds
 * nothing a replica wrote, and every command that reads it as a string fails: `site:gen` as a hash kept
 * every purge from reaching the other replicas, a lock as a list kept a path from being claimed. Such a
 * key is deleted before it is read, so that it reads as absent and the replicas' next write replaces it.
 */
const ONLY_STRINGS = `
local function onlyString(key)
  local kind = redis.call('TYPE', key)['ok']
  if kind ~= 'string' and kind ~= 'none' then redis.call('UNLINK', key) end
end
`;

/**
 * A purge generation later than KEYS[1]'s: Redis's clock in microseconds (one clock for every replica),
 * or one more than the current one where that is later (the clock has not moved on). A current value
 * that is no generation, or more than an hour ahead, counts for nothing.
 */
const NEXT_GENERATION = `${ONLY_STRINGS}
local function nextGeneration(key)
  onlyString(key)
  local time = redis.call('TIME')
  local next = tonumber(time[1]) * 1000000 + tonumber(time[2])
  local current = nil
  if redis.call('STRLEN', key) <= 16 then current = tonumber(redis.call('GET', key)) end
  if current and current >= next and current < next + 3600000000 then next = current + 1 end
  return string.format('%.0f', next)
end
`;

/**
 * Takes the lock and answers the purge generation it was taken under (making one if it was evicted or
 * is none), or, when another replica holds the lock, its value (bounded) and how many milliseconds it
 * still has. ARGV[3]: a lock this replica found broken (lock-token.ts), deleted first if still there;
 * '*' for one too long to have been read.
 */
const CLAIM = `${NEXT_GENERATION}
onlyString(KEYS[1])
onlyString(KEYS[2])
if ARGV[3] ~= '' then
  local size = redis.call('STRLEN', KEYS[1])
  if (ARGV[3] == '*' and size > ${MAX_LOCK_CHARS}) or (size <= ${MAX_LOCK_CHARS} and redis.call('GET', KEYS[1]) == ARGV[3]) then
    redis.call('DEL', KEYS[1])
  end
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  local size = redis.call('STRLEN', KEYS[2])
  if size == 0 or size > 16 or not tonumber(redis.call('GET', KEYS[2])) then redis.call('SET', KEYS[2], nextGeneration(KEYS[2])) end
  return redis.call('GET', KEYS[2])
end
local held = '*'
if redis.call('STRLEN', KEYS[1]) <= ${MAX_LOCK_CHARS} then held = redis.call('GET', KEYS[1]) end
return {held, redis.call('PTTL', KEYS[1])}`;

/**
 * The current generation of each entity (KEYS), made where absent or too long to be one, each made to
 * live at least as long as the entry about to name it.
 */
const GENERATIONS = `${ONLY_STRINGS}
local out = {}
for i = 1, #KEYS do
  onlyString(KEYS[i])
  if redis.call('STRLEN', KEYS[i]) > ${MAX_GENERATION_CHARS} then redis.call('DEL', KEYS[i]) end
  redis.call('SET', KEYS[i], ARGV[1], 'NX')
  redis.call('PEXPIRE', KEYS[i], ARGV[2])
  out[i] = redis.call('GET', KEYS[i])
end
return out`;

/**
 * Stores the entry only if no purge happened since the claim (the generations it names were read
 * after the claim, so they are current too); then releases the lock if still ours and wakes the
 * waiters either way.
 */
const FILL = `
local stored = 0
if redis.call('GET', KEYS[2]) == ARGV[2] then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
  stored = 1
end
if redis.call('GET', KEYS[3]) == ARGV[1] then redis.call('DEL', KEYS[3]) end
redis.call('PUBLISH', ARGV[5], ARGV[6])
return stored`;

/** Compare-and-delete of a claim that stored nothing (the backend failed). */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
redis.call('PUBLISH', ARGV[2], ARGV[3])
return 1`;

/**
 * The entry, if every entity generation it names is still current (an entry a purge, or an eviction,
 * has made obsolete is deleted here); 0 for one larger than a backend answer may be, left in Redis.
 */
const READ = `
if redis.call('STRLEN', KEYS[1]) > tonumber(ARGV[1]) then return 0 end
local text = redis.call('GET', KEYS[1])
if not text then return false end
local line = string.sub(text, 1, (string.find(text, '\\n', 1, true) or 1) - 1)
for entity, generation in string.gmatch(line, '([^ =]+)=([^ ]+)') do
  if redis.call('GET', ARGV[2] .. entity) ~= generation then
    redis.call('UNLINK', KEYS[1])
    return false
  end
end
return text`;

/**
 * A purge's first step: a new purge generation (fills under way store nothing), answered, and new
 * generations for the entities named (their entries are dropped on their next read).
 */
const NEW_GENERATIONS = `${NEXT_GENERATION}
local generation = nextGeneration(KEYS[1])
redis.call('SET', KEYS[1], generation)
for i = 2, #KEYS do redis.call('SET', KEYS[i], ARGV[1], 'PX', ARGV[2]) end
return generation`;

/**
 * One round of deleting the entries under a prefix, for every build: SCAN rather than KEYS, so that Redis
 * answers other replicas between rounds, and inside Redis, so that no key name (of any length anyone
 * wrote) is sent to the replica. Answers the cursor of the next round, '0' after the last.
 */
const UNLINK_MATCHING = `
local found = redis.call('SCAN', ARGV[1], 'MATCH', ARGV[2], 'COUNT', 1000)
for _, key in ipairs(found[2]) do redis.call('UNLINK', key) end
return found[1]`;

/** A purge's last step, once Redis holds nothing it names: one message per scope, in the form every build reads. */
const ANNOUNCE = `
for i = 2, #ARGV do redis.call('PUBLISH', ARGV[1], ARGV[i]) end
return 1`;

export interface SecondLevelOptions {
  link: RedisLink;
  /** The replicas' channel, signed and bounded. */
  events: SharedEvents;
  /** Signs entries and locks with REDIS_SIGNING_KEY, the same on every replica. */
  seal: Seal;
  /** This replica's id, so that it does not apply its own purges twice. */
  replica: string;
  /** Namespace of this build's entries (server/shared-cache/build-id.ts). */
  build: string;
  /** Lifetime of a lock: past it a crashed holder's claim lapses. */
  lockMs: number;
  /** Lifetime of an entry in Redis: fresh plus stale time, as in the first level. */
  entryMs: number;
  /** Told of each entry or lock refused (./refusals.ts). */
  onRefused?: OnRefused;
  now?: () => number;
}

export class RedisSecondLevel implements SharedLevel {
  /**
   * Entries and locks read from Redis and refused: not signed with this site's key or signed for another
   * key, too large or implausible, filled before a purge this replica knows of, or a lock that could
   * keep replicas waiting for good.
   */
  rejectedEntries = 0;
  private readonly waiting = new Map<string, Set<() => void>>();
  private purgeListener: ((batch: PurgeBatch) => void) | null = null;
  private readonly codec: EntryCodec;
  private readonly floors = new PurgeFloors();
  /** Redis refuses PX 0: an entry with no fresh or stale time lives for a millisecond, which shares nothing. */
  private readonly entryMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SecondLevelOptions) {
    this.codec = new EntryCodec(options.seal);
    this.entryMs = Math.max(1, options.entryMs);
    this.now = options.now ?? Date.now;
    options.events.on('fill', (fields) => this.filled(fields));
    options.events.on('purge', (fields) => this.purged(fields));
    // The subscription was lost: a fill announced meanwhile never arrives, so whoever waits for one
    // reads Redis again now rather than at the end of its wait.
    options.link.onResync(() => {
      for (const waiters of this.waiting.values()) for (const wake of waiters) wake();
    });
  }

  async read(path: string): Promise<SharedEntry | null> {
    const key = this.entryKey(path);
    const text = await this.call(() => this.send<string | 0 | null>(this.options.link.command.eval(READ, 1, key, MAX_ENTRY_BYTES, ENTITY_PREFIX)));
    if (text === null) return null;
    const signed = text === 0 ? null : this.codec.decode(key, text, this.now());
    const refused: RefusedKind | null =
      text === 0 ? 'too-large' : !signed ? 'unsigned' : this.floors.refuses(path, signed.entry.entities, signed.filledUnder) ? 'purged' : null;
    if (refused || !signed) {
      this.refuse(refused ?? 'unsigned', key);
      void this.call(() => this.send(this.options.link.command.unlink(key)));
      return null;
    }
    return signed.entry;
  }

  private refuse(kind: RefusedKind, key: string): void {
    this.rejectedEntries++;
    this.options.onRefused?.(kind, key);
  }

  async claim(path: string): Promise<Claim | Taken | 'unavailable'> {
    const { lockMs, seal } = this.options;
    const lockKey = this.lockKey(path);
    const token = lockToken(seal, lockKey, lockMs, this.now());
    let broken = '';
    // Twice at most: a broken lock is taken over once; one broken again at once is left to the next reader.
    for (let attempt = 1; attempt <= 2; attempt++) {
      const answer = await this.call(
        () => this.send<string | [held: string, pttl: number]>(this.options.link.command.eval(CLAIM, 2, lockKey, GENERATION, token, lockMs, broken)),
        UNAVAILABLE,
      );
      if (answer === UNAVAILABLE) {
        // A claim that timed out here may still be run by Redis (a pause, a slow moment): its lock would make
        // every other replica wait for a fill that never comes. Let go of it, after it on the same connection.
        void this.release(path, { token, generation: '' });
        return 'unavailable';
      }
      if (typeof answer === 'string') return { token, generation: answer };
      const [held, pttl] = answer;
      const heldForMs = lockHeldFor(seal, lockKey, held, pttl, lockMs, this.now());
      if (heldForMs !== null) return { heldForMs };
      this.refuse('broken-lock', lockKey);
      broken = held;
    }
    return 'unavailable';
  }

  async fill(path: string, claim: Claim, entry: SharedEntry): Promise<boolean> {
    const { command } = this.options.link;
    const key = this.entryKey(path);
    const stored = await this.call(async () => {
      const tags = entry.entities.map((entity) => ENTITY_PREFIX + entity);
      const current = tags.length ? await this.send<Array<string | null>>(command.eval(GENERATIONS, tags.length, ...tags, newToken(), this.entryMs)) : [];
      const generations: Generations = entry.entities.map((entity, i) => [entity, current[i] ?? '']);
      const text = this.codec.encode(key, generations, claim.generation, entry);
      // Readers would refuse it: the replica keeps it to itself, and the waiters fetch their own.
      if (Buffer.byteLength(text) > MAX_ENTRY_BYTES) return this.release(path, claim).then(() => 0);
      const args = [claim.token, claim.generation, text, this.entryMs, EVENTS_CHANNEL, this.fillMessage(path)];
      return this.send<number>(command.eval(FILL, 3, key, GENERATION, this.lockKey(path), ...args));
    });
    return stored === 1;
  }

  async release(path: string, claim: Claim): Promise<void> {
    await this.call(() => this.send(this.options.link.command.eval(RELEASE, 1, this.lockKey(path), claim.token, EVENTS_CHANNEL, this.fillMessage(path))));
  }

  /**
   * Resolves when another replica's fill (or failed fill) of `path` is announced, or after `ms`, or
   * when `signal` aborts; then reads the entry. A lost message costs only the wait.
   */
  async waitForFill(path: string, ms: number, signal?: AbortSignal): Promise<SharedEntry | null> {
    let wake = () => {};
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const waiters = this.waiting.get(path) ?? new Set();
    waiters.add(wake);
    this.waiting.set(path, waiters);
    const timer = setTimeout(wake, ms);
    signal?.addEventListener('abort', wake, { once: true });
    try {
      // Registered before this read: a fill that lands between the claim and now is seen here.
      const now = await this.read(path);
      if (now) return now;
      await woken;
      return await this.read(path);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', wake);
      waiters.delete(wake);
      if (waiters.size === 0) this.waiting.delete(path);
    }
  }

  /**
   * Makes what a purge names unusable in Redis, for every build, then tells every replica. Resolves
   * false when Redis could not be reached or did not answer in time: the caller keeps the purge to
   * send again (server/shared-cache). Sending one twice is harmless.
   */
  async purge(batch: PurgeBatch): Promise<boolean> {
    const { command } = this.options.link;
    const done = await this.call(async () => {
      const tags = batch.keys.map((entity) => ENTITY_PREFIX + entity);
      const generation = await this.send<string>(command.eval(NEW_GENERATIONS, 1 + tags.length, GENERATION, ...tags, newToken(), this.entryMs));
      for (const prefix of batch.prefixes) await this.unlinkMatching(`site:*:d:${globEscape(prefix)}*`);
      // Known here from now on, as the others know it from its message: an entry read while the prefix's
      // keys were being deleted is no one's tampering (this replica's caches are purged again after this).
      this.floors.record(batch, generation);
      const from = this.options.replica;
      const events: SharedEvent[] = batch.prefixes.map((prefix) => ({ type: 'purge', from, generation, prefix }));
      if (batch.keys.length) events.push({ type: 'purge', from, generation, keys: batch.keys });
      await this.send(command.eval(ANNOUNCE, 0, EVENTS_CHANNEL, ...events.map((event) => this.options.events.message(event))));
      return true;
    });
    return done === true;
  }

  /** Purges sent by other replicas, after their Redis side is done. */
  onPurge(listener: (batch: PurgeBatch) => void): void {
    this.purgeListener = listener;
  }

  private async unlinkMatching(pattern: string): Promise<void> {
    let cursor = '0';
    do cursor = await this.send<string>(this.options.link.command.eval(UNLINK_MATCHING, 0, cursor, pattern));
    while (cursor !== '0');
  }

  /** A fill of this build wakes whoever waits for it: they read the signed entry. */
  private filled({ build, path }: EventFields): void {
    if (build === this.options.build && typeof path === 'string') for (const wake of this.waiting.get(path) ?? []) wake();
  }

  /** Another replica's purge, unless it is one already known here (a replay, or this replica's own). */
  private purged(fields: EventFields): void {
    const purge = purgeOf(fields);
    if (!purge || purge.from === this.options.replica || !this.floors.record(purge.batch, purge.generation)) return;
    this.purgeListener?.(purge.batch);
  }

  private fillMessage(path: string): string {
    return this.options.events.message({ type: 'fill', build: this.options.build, path });
  }

  private entryKey(path: string): string {
    return `site:${this.options.build}:d:${path}`;
  }

  private lockKey(path: string): string {
    return `site:${this.options.build}:l:${path}`;
  }

  /** One command, bounded by REDIS_TIMEOUT_MS (RedisLink.bounded). */
  private send<T>(command: Promise<unknown>): Promise<T> {
    return this.options.link.bounded(command as Promise<T>);
  }

  /** Runs a Redis call; a failure (down, timeout) is counted and answers `fallback`. */
  private async call<T, F = null>(run: () => Promise<T>, fallback: F = null as F): Promise<T | F> {
    const { link } = this.options;
    // A replica's first reads (the search index's warm-up) would otherwise all miss Redis and go to
    // the backend; the wait is bounded by the connect timeout.
    if (link.starting) await link.settled;
    return link.attempt(run, fallback);
  }
}

/** A literal for SCAN's MATCH: its glob characters escaped. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/** A signed purge message in the shape replicas send, or null. */
function purgeOf({ from, generation, prefix, keys }: EventFields): { from: string; generation: string; batch: PurgeBatch } | null {
  if (typeof from !== 'string' || typeof generation !== 'string') return null;
  if (typeof prefix === 'string' && prefix.length <= MAX_PREFIX_CHARS) return { from, generation, batch: { prefixes: [prefix], keys: [] } };
  if (Array.isArray(keys) && keys.every((key) => typeof key === 'string' && ENTITY_KEY.test(key)))
    return { from, generation, batch: { prefixes: [], keys: keys as string[] } };
  return null;
}
