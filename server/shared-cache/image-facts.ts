/**
 * What a replica learnt of an image source (its version, its size, whether it is a vector), shared with
 * the other replicas through Redis. deploy/nginx.conf sends every variant of a source to one replica,
 * the only one that then fetches and inspects it; the others render the same pages and need the same
 * facts for their image URLs (versioned, so cached for a year) and their width and height. Without them
 * a replica's pages would keep unversioned URLs and rich-text images without a size.
 *
 * A replica that learns a source writes its fact and announces it on the replicas' channel (`site:events`,
 * so no ACL needs another channel; replicas that do not know this message ignore it); the others read
 * it then, so their pages stored with the source's unversioned URLs are made again at once (a replica
 * that starts later reads it when a page first uses the source).
 *
 * Anyone who can reach Redis can write into it, so a fact is used only when it carries a valid HMAC
 * (REDIS_SIGNING_KEY, ./seal.ts) over its key and body, names the source it is stored under, is small,
 * and has a plausible shape. Anything else reads as unknown: the replica learns the source as before,
 * when a variant of it is asked of it. An announcement is signed too (./events.ts), and only prompts a
 * read of the signed fact.
 */
import { createHash } from 'node:crypto';
import { EVENTS_CHANNEL, type EventFields, type SharedEvents } from './events';
import type { RedisLink } from './redis-link';
import type { OnRefused } from './refusals';
import { MAC_CHARS, type Seal } from './seal';

export interface ImageFact {
  version: string;
  width: number;
  height: number;
  vector: boolean;
  validators: { etag?: string; lastModified?: string };
}

/** Far more than a fact takes (a URL, a version, a size and two validators); a larger value is not read. */
const MAX_FACT_BYTES = 8 * 1024;
/**
 * A fact lives a day unless written again: every replica writes what it knows again when its periodic
 * check finds the source unchanged (server/images/versions.ts), so a fact that Redis evicted or lost in
 * a restart comes back while pages use the source.
 */
const FACT_TTL_MS = 24 * 60 * 60 * 1000;
const VERSION = /^[\w-]{16}$/;

/** Writes the fact, then announces it, in one step: nobody reads the announcement before the fact. */
const WRITE = `
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('PUBLISH', ARGV[3], ARGV[4])
return 1`;
/** The fact, or 0 for a value larger than any fact, left in Redis unread. */
const READ = `
if redis.call('STRLEN', KEYS[1]) > tonumber(ARGV[1]) then return 0 end
return redis.call('GET', KEYS[1])`;
const LARGEST_SIDE = 100_000;

export interface ImageFactsOptions {
  link: RedisLink;
  /** The replicas' channel, signed and bounded. */
  events: SharedEvents;
  /** Signs the facts with REDIS_SIGNING_KEY. */
  seal: Seal;
  /** Namespace of this build's keys (server/shared-cache/build-id.ts). */
  build: string;
  /** This replica's id: its own announcements are not read back. */
  replica: string;
  /** Told of each fact refused (./refusals.ts). */
  onRefused?: OnRefused;
}

export class SharedImageFacts {
  /** Facts read from Redis and refused: not signed with this site's key, too large, or implausible. */
  rejected = 0;

  private listener: ((source: string) => void) | null = null;

  constructor(private readonly options: ImageFactsOptions) {
    options.events.on('image', (fields) => this.announced(fields));
  }

  /** Called with each source another replica of this build wrote a fact for. */
  onWritten(listener: (source: string) => void): void {
    this.listener = listener;
  }

  /** The fact another replica wrote for `source`, or null (none, refused, or Redis unavailable). */
  async read(source: string): Promise<ImageFact | null> {
    const key = this.key(source);
    const { link } = this.options;
    const text = await link.attempt(() => link.bounded(link.command.eval(READ, 1, key, MAX_FACT_BYTES) as Promise<string | 0 | null>));
    if (text === null) return null;
    const fact = text === 0 ? null : this.decode(key, source, text);
    if (!fact) {
      this.rejected++;
      this.options.onRefused?.('image-fact', key);
    }
    return fact;
  }

  /** Writes what this replica learnt of `source`, for the others; nothing is waited for or reported. */
  write(source: string, fact: ImageFact): void {
    const key = this.key(source);
    const body = JSON.stringify({ source, ...fact });
    const { build, replica, link, seal, events } = this.options;
    const announcement = events.message({ type: 'image', build, from: replica, source });
    void link.attempt(() =>
      link.bounded(link.command.eval(WRITE, 1, key, `${seal.mac('fact', key, body)}\n${body}`, FACT_TTL_MS, EVENTS_CHANNEL, announcement)),
    );
  }

  /** Only a prompt to read the signed fact: an announcement carries nothing itself. */
  private announced({ build, from, source }: EventFields): void {
    // Only an image announcement of this build, from another replica.
    if (build === this.options.build && from !== this.options.replica && typeof source === 'string' && source) this.listener?.(source);
  }

  private decode(key: string, source: string, text: string): ImageFact | null {
    if (text[MAC_CHARS] !== '\n') return null;
    const parsed = this.options.seal.openJson(text.slice(0, MAC_CHARS), 'fact', key, text.slice(MAC_CHARS + 1));
    return plausible(parsed, source)
      ? { version: parsed.version, width: parsed.width, height: parsed.height, vector: parsed.vector, validators: parsed.validators }
      : null;
  }

  private key(source: string): string {
    return `site:${this.options.build}:img:${createHash('sha256').update(source).digest('base64url')}`;
  }
}

type StoredFact = ImageFact & { source: string };

/** Signed by a replica, but a replica of an older build or a bug may still have written it. */
function plausible(value: unknown, source: string): value is StoredFact {
  if (typeof value !== 'object' || value === null) return false;
  const { source: named, version, width, height, vector, validators } = value as Partial<StoredFact>;
  const side = (n: unknown) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= LARGEST_SIDE;
  const text = (s: unknown) => s === undefined || (typeof s === 'string' && s.length <= 512);
  return (
    named === source &&
    typeof version === 'string' &&
    VERSION.test(version) &&
    side(width) &&
    side(height) &&
    typeof vector === 'boolean' &&
    typeof validators === 'object' &&
    validators !== null &&
    text(validators.etag) &&
    text(validators.lastModified)
  );
}
