/**
 * Purges merged into one: what a replica applies, sends to Redis and keeps while Redis is away. A storm
 * of purges (an editor's script, a retry loop) then costs one pass over the caches and one Redis round
 * per batch instead of one per purge.
 */
export type PurgeScope = { prefix: string } | { keys: string[] };

/** Backend path prefixes ('' is everything) and entity keys, each without repeats. */
export interface PurgeBatch {
  prefixes: string[];
  keys: string[];
}

/** Past this many entity keys a batch purges everything: a purge may do more than asked, never less. */
const MAX_BATCH_KEYS = 1000;

const EVERYTHING: PurgeBatch = { prefixes: [''], keys: [] };

export function batchOf(scope: PurgeScope): PurgeBatch {
  return 'keys' in scope ? { prefixes: [], keys: [...new Set(scope.keys)] } : { prefixes: [scope.prefix], keys: [] };
}

export function merged(batches: PurgeBatch[]): PurgeBatch {
  const prefixes = [...new Set(batches.flatMap((batch) => batch.prefixes))];
  const keys = [...new Set(batches.flatMap((batch) => batch.keys))];
  if (prefixes.includes('') || keys.length > MAX_BATCH_KEYS) return EVERYTHING;
  // A prefix inside another purges nothing more.
  return { prefixes: prefixes.filter((prefix) => !prefixes.some((other) => other !== prefix && prefix.startsWith(other))), keys };
}
