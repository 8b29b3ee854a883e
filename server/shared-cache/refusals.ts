/**
 * What a replica read from Redis and refused, by kind, told to the log at most once a minute per kind
 * (with how many more were refused meanwhile): the RedisEntriesRejected alert says that something was
 * refused, this says what, so that a sysadmin can tell a neighbour writing into Redis from a replica of
 * another key or build.
 */
import type { Logger } from '../logger';
import { oncePerKind } from '../once-per-kind';

export type RefusedKind =
  /** Longer than any backend answer may be: left in Redis unread. */
  | 'too-large'
  /** Not signed with REDIS_SIGNING_KEY for its key, or not an entry any replica writes. */
  | 'unsigned'
  /** Signed, but filled before a purge this replica knows of: an older copy put back. */
  | 'purged'
  /** A fill lock no replica took, or one that would keep replicas waiting for good. */
  | 'broken-lock'
  /** An image source's shared facts, unsigned, too large or implausible. */
  | 'image-fact';

export const REFUSAL_LOG_INTERVAL_MS = 60_000;

export type OnRefused = (kind: RefusedKind, key: string) => void;

/** Logs each kind at most once per REFUSAL_LOG_INTERVAL_MS; the key is cut, since anyone can name one. */
export function refusalLog(logger: Logger, now?: () => number): OnRefused {
  const refusals = oncePerKind<RefusedKind>(REFUSAL_LOG_INTERVAL_MS, now);
  return (kind, key) => refusals(kind, (alsoSince) => logger.warn({ kind, key: key.slice(0, 200), alsoSince }, 'redis entry refused'));
}
