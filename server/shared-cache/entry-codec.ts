/**
 * How a data entry is written into Redis and read back. Anyone who can reach Redis can write into it,
 * so nothing read back is trusted for being there: an entry is used only when it carries a valid
 * HMAC made with the key the replicas share (REDIS_SIGNING_KEY), over its Redis key (an entry cannot
 * be moved to another path), its entity generations and its body; when it is no larger than a backend
 * answer may be; and when its shape and its time are plausible. Anything else reads as a miss, so the
 * replica asks the backend, which it trusts.
 *
 * The stored text is three parts, one per line, so that a Lua script can read the first without
 * decoding the body:
 *
 *     news:5=<gen> news=<gen>     entity generations at fill time (server/shared-cache/second-level.ts)
 *     <mac>                       HMAC-SHA256 (base64url)
 *     {"found":true,...}          the SharedEntry as JSON
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAX_BODY_BYTES } from '../backend/http-source';
import { ENTITY_KEY } from '../backend/entity-keys';
import type { SharedEntry } from '../backend/cache';

/**
 * Largest entry read or written: a backend answer is at most MAX_BODY_BYTES, and what it parses to is
 * no larger than the answer plus the generations line. A larger value is never fetched out of Redis.
 */
export const MAX_ENTRY_BYTES = MAX_BODY_BYTES + 64 * 1024;

/** How far ahead of this replica's clock an entry's time may be (other replicas' clocks drift). */
const CLOCK_SKEW_MS = 60_000;

/** Entity key → its generation when the entry was filled. */
export type Generations = Array<[entity: string, generation: string]>;

export class EntryCodec {
  constructor(private readonly key: string) {}

  encode(redisKey: string, generations: Generations, entry: SharedEntry): string {
    const line = generations.map(([entity, generation]) => `${entity}=${generation}`).join(' ');
    const body = JSON.stringify(entry);
    return `${line}\n${this.mac(redisKey, line, body)}\n${body}`;
  }

  /** The entry, or null when it is not one this site's replicas wrote, or not a plausible one. */
  decode(redisKey: string, text: string, now: number): SharedEntry | null {
    if (text.length > MAX_ENTRY_BYTES) return null;
    const first = text.indexOf('\n');
    const second = first < 0 ? -1 : text.indexOf('\n', first + 1);
    if (second < 0) return null;
    const line = text.slice(0, first);
    const body = text.slice(second + 1);
    const entry = signedJson(text.slice(first + 1, second), this.mac(redisKey, line, body), body);
    return plausibleEntry(entry, now) ? entry : null;
  }

  private mac(redisKey: string, line: string, body: string): string {
    return createHmac('sha256', this.key).update(redisKey).update('\n').update(line).update('\n').update(body).digest('base64url');
  }
}

/**
 * `body` parsed as JSON when `given` is the MAC `expected` (both base64url; compared in constant time),
 * else undefined: what Redis gives back is used only when a replica with the key wrote it.
 */
export function signedJson(given: string, expected: string, body: string): unknown {
  const a = Buffer.from(given, 'base64url');
  const b = Buffer.from(expected, 'base64url');
  if (a.length !== b.length || !timingSafeEqual(a, b)) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What an entry must be besides signed: a replica with a wrong clock or an older build may still have
 * written it. (The soak test's tampered entries pass this, so that only their MAC refuses them.)
 */
export function plausibleEntry(entry: unknown, now: number): entry is SharedEntry {
  if (typeof entry !== 'object' || entry === null) return false;
  const { found, storedAt, entities } = entry as Partial<SharedEntry>;
  return (
    typeof found === 'boolean' &&
    typeof storedAt === 'number' &&
    Number.isFinite(storedAt) &&
    storedAt <= now + CLOCK_SKEW_MS &&
    Array.isArray(entities) &&
    entities.every((entity) => typeof entity === 'string' && ENTITY_KEY.test(entity))
  );
}
