/**
 * Redis as the data cache's second level (DataCache's `SharedLevel`), shared by every replica:
 *
 * - Entries: `site:<build>:d:<backend path>` → the parsed entry as JSON, expiring when even stale
 *   serving would end. Namespaced by build, so a rolling deploy never hands one build's parsed data to
 *   another build's code.
 * - Entity index: `site:t:<key>` (news:5, faculty:2; server/backend/entity-keys.ts) → the entry keys, of
 *   every build, that hold that entity: a purge by key deletes exactly those, without scanning.
 * - Single flight across replicas: `SET site:<build>:l:<path> <token> NX PX`; the holder fills and
 *   releases with a compare-and-delete; the others wait for its fill message, then read.
 * - Purge generation `site:gen`, raised by every purge: a fill that began before a purge does not store
 *   what it fetched (the compare happens in Redis, in the same script as the write).
 * - One channel, `site:events`, for purges (every replica drops what they name) and fills (wakes the
 *   replicas waiting for that entry).
 *
 * Every call is bounded by REDIS_TIMEOUT_MS and fails soft: a Redis problem reads as a miss, a refused
 * claim as "fetch it yourself", a failed write as nothing stored.
 */
import { randomBytes } from 'node:crypto';
import type { Claim, SharedEntry, SharedLevel } from '../backend/cache';
import type { RedisLink } from './redis-link';

export const EVENTS_CHANNEL = 'site:events';
/** What a call answers when Redis could not (told apart from Redis's own nil). */
const UNAVAILABLE = Symbol('unavailable');
const GENERATION = 'site:gen';

/** What replicas tell each other on EVENTS_CHANNEL. */
export type SharedEvent =
  { type: 'fill'; build: string; path: string } | { type: 'purge'; from: string; prefix: string } | { type: 'purge'; from: string; keys: string[] };

/** The lock returned the purge generation it was taken under, or nil when another replica holds it. */
const CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return redis.call('GET', KEYS[2]) or '0'
end
return false`;

/**
 * Store the entry and index its entities, only if no purge happened since the claim; then release
 * the lock if still ours and wake the waiters either way.
 */
const FILL = `
local stored = 0
if (redis.call('GET', KEYS[2]) or '0') == ARGV[2] then
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
  for i = 7, #ARGV do
    redis.call('SADD', ARGV[i], KEYS[1])
    redis.call('PEXPIRE', ARGV[i], ARGV[4])
  end
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

/** Deletes the entries that hold the given entities, in every build, and their index sets. */
const PURGE_KEYS = `
redis.call('INCR', KEYS[1])
local dropped = 0
for i = 2, #KEYS do
  local entries = redis.call('SMEMBERS', KEYS[i])
  for _, entry in ipairs(entries) do dropped = dropped + redis.call('UNLINK', entry) end
  redis.call('UNLINK', KEYS[i])
end
return dropped`;

export interface SecondLevelOptions {
  link: RedisLink;
  /** This replica's id, so that it does not apply its own purges twice. */
  replica: string;
  /** Namespace of this build's entries (server/shared-cache/build-id.ts). */
  build: string;
  /** Lifetime of a lock: past it a crashed holder's claim lapses. */
  lockMs: number;
  /** Lifetime of an entry in Redis: fresh plus stale time, as in the first level. */
  entryMs: number;
}

export class RedisSecondLevel implements SharedLevel {
  private readonly waiting = new Map<string, Set<() => void>>();
  private purgeListener: ((event: { prefix: string } | { keys: string[] }) => void) | null = null;

  constructor(private readonly options: SecondLevelOptions) {
    options.link.subscribe(EVENTS_CHANNEL, (message) => this.received(message));
  }

  async read(path: string): Promise<SharedEntry | null> {
    const text = await this.call(() => this.options.link.command.get(this.entryKey(path)));
    if (!text) return null;
    try {
      return JSON.parse(text) as SharedEntry;
    } catch {
      return null;
    }
  }

  async claim(path: string): Promise<Claim | 'taken' | 'unavailable'> {
    const token = randomBytes(9).toString('base64url');
    const generation = await this.call(
      () => this.options.link.command.eval(CLAIM, 2, this.lockKey(path), GENERATION, token, this.options.lockMs) as Promise<string | null>,
      UNAVAILABLE,
    );
    if (generation === UNAVAILABLE) return 'unavailable';
    if (generation === null) return 'taken';
    return { token, generation };
  }

  async fill(path: string, claim: Claim, entry: SharedEntry): Promise<boolean> {
    const { command } = this.options.link;
    const key = this.entryKey(path);
    const tags = entry.entities.map(tagKey);
    const stored = await this.call(
      () =>
        command.eval(
          FILL,
          3,
          key,
          GENERATION,
          this.lockKey(path),
          claim.token,
          claim.generation,
          JSON.stringify(entry),
          this.options.entryMs,
          EVENTS_CHANNEL,
          this.fillMessage(path),
          ...tags,
        ) as Promise<number>,
    );
    return stored === 1;
  }

  async release(path: string, claim: Claim): Promise<void> {
    await this.call(() => this.options.link.command.eval(RELEASE, 1, this.lockKey(path), claim.token, EVENTS_CHANNEL, this.fillMessage(path)));
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
   * Deletes what a purge names in Redis, for every build, then tells every replica. Resolves false
   * when Redis could not be reached: the caller keeps the purge to send again (server/shared-cache).
   */
  async purge(scope: { prefix: string } | { keys: string[] }): Promise<boolean> {
    const { command } = this.options.link;
    const deleted = await this.call(async () => {
      if ('keys' in scope) {
        await command.eval(PURGE_KEYS, 1 + scope.keys.length, GENERATION, ...scope.keys.map(tagKey));
      } else {
        await command.incr(GENERATION);
        await this.unlinkMatching(`site:*:d:${globEscape(scope.prefix)}*`);
      }
      const event: SharedEvent = { type: 'purge', from: this.options.replica, ...scope };
      await command.publish(EVENTS_CHANNEL, JSON.stringify(event));
      return true;
    });
    return deleted === true;
  }

  /** Purges sent by other replicas, after their Redis side is done. */
  onPurge(listener: (event: { prefix: string } | { keys: string[] }) => void): void {
    this.purgeListener = listener;
  }

  /** SCAN rather than KEYS: Redis keeps answering other replicas between batches. */
  private async unlinkMatching(pattern: string): Promise<void> {
    const { command } = this.options.link;
    let cursor = '0';
    do {
      const [next, keys] = await command.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      if (keys.length) await command.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  }

  private received(message: string): void {
    let event: SharedEvent;
    try {
      event = JSON.parse(message) as SharedEvent;
    } catch {
      return;
    }
    if (event.type === 'fill') {
      if (event.build !== this.options.build) return;
      for (const wake of this.waiting.get(event.path) ?? []) wake();
    } else if (event.type === 'purge' && event.from !== this.options.replica) {
      this.purgeListener?.('keys' in event ? { keys: event.keys } : { prefix: event.prefix });
    }
  }

  private fillMessage(path: string): string {
    const event: SharedEvent = { type: 'fill', build: this.options.build, path };
    return JSON.stringify(event);
  }

  private entryKey(path: string): string {
    return `site:${this.options.build}:d:${path}`;
  }

  private lockKey(path: string): string {
    return `site:${this.options.build}:l:${path}`;
  }

  /** Runs a Redis call; a failure (down, timeout) is counted and answers `fallback`. */
  private async call<T, F = null>(run: () => Promise<T>, fallback: F = null as F): Promise<T | F> {
    const { link } = this.options;
    // A replica's first reads (the search index's warm-up) would otherwise all miss Redis and go to
    // the backend; the wait is bounded by the connect timeout.
    if (link.starting) await link.settled;
    if (!link.up) return fallback;
    try {
      return await run();
    } catch {
      this.options.link.failed();
      return fallback;
    }
  }
}

function tagKey(entity: string): string {
  return `site:t:${entity}`;
}

/** A literal for SCAN's MATCH: its glob characters escaped. */
function globEscape(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}
