/**
 * How a data entry is written into Redis and read back. Anyone who can reach Redis can write into it,
 * so nothing read back is trusted for being there: an entry is used only when it carries a valid
 * HMAC made with the key the replicas share (REDIS_SIGNING_KEY, ./seal.ts), over its Redis key (an
 * entry cannot be moved to another path), the generations it was filled under and its body; when it
 * is no larger than a backend answer may be; and when its shape and its time are plausible. Anything
 * else reads as a miss, so the replica asks the backend, which it trusts.
 *
 * The stored text is four parts, one per line, so that a Lua script can read the first without
 * decoding the body:
 *
 *     news:5=<gen> news=<gen>     entity generations at fill time (server/shared-cache/second-level.ts)
 *     <purge generation>          `site:gen` when the fill was claimed: a purge since refuses it (./purge-floors.ts)
 *     <mac>                       HMAC-SHA256 (base64url) over the key and the three other parts
 *     {"found":true,...}          the SharedEntry as JSON
 */
import { MAX_BODY_BYTES } from '../backend/http-source';
import { ENTITY_KEY } from '../backend/entity-keys';
import type { SharedEntry } from '../backend/cache';
import type { Seal } from './seal';

/**
 * Largest entry read or written: a backend answer is at most MAX_BODY_BYTES, and what it parses to is
 * no larger than the answer plus the generations line. A larger value is never fetched out of Redis.
 */
export const MAX_ENTRY_BYTES = MAX_BODY_BYTES + 64 * 1024;

/** How far ahead of this replica's clock an entry's time may be (other replicas' clocks drift). */
const CLOCK_SKEW_MS = 60_000;

/** Entity key → its generation when the entry was filled. */
export type Generations = Array<[entity: string, generation: string]>;

/** An entry as read back: what it holds, and the purge generation its fill was claimed under. */
export interface SignedEntry {
  entry: SharedEntry;
  filledUnder: string;
}

export class EntryCodec {
  constructor(private readonly seal: Seal) {}

  encode(redisKey: string, generations: Generations, filledUnder: string, entry: SharedEntry): string {
    const line = generations.map(([entity, generation]) => `${entity}=${generation}`).join(' ');
    const body = JSON.stringify(entry);
    return `${line}\n${filledUnder}\n${this.seal.mac('entry', redisKey, line, filledUnder, body)}\n${body}`;
  }

  /** The entry, or null when it is not one this site's replicas wrote under `redisKey`, or not a plausible one. */
  decode(redisKey: string, text: string, now: number): SignedEntry | null {
    if (text.length > MAX_ENTRY_BYTES) return null;
    const parts = entryParts(text);
    if (!parts) return null;
    const { line, filledUnder, mac, body } = parts;
    const entry = this.seal.openJson(mac, 'entry', redisKey, line, filledUnder, body);
    return plausibleEntry(entry, now) ? { entry, filledUnder } : null;
  }
}

/** The four lines of a stored entry, or null when the text does not have them. */
function entryParts(text: string): { line: string; filledUnder: string; mac: string; body: string } | null {
  const first = text.indexOf('\n');
  const second = first < 0 ? -1 : text.indexOf('\n', first + 1);
  const third = second < 0 ? -1 : text.indexOf('\n', second + 1);
  if (third < 0) return null;
  return { line: text.slice(0, first), filledUnder: text.slice(first + 1, second), mac: text.slice(second + 1, third), body: text.slice(third + 1) };
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
