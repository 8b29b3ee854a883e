/**
 * The value of a fill lock (`site:<build>:l:<path>`, ./second-level.ts): signed for its key and for the
 * time it lapses, so that a replica waits only on a lock another replica took, and never longer than a
 * lock lives. Anything else at a lock's key (a value no replica signed, one signed for another path, one
 * long lapsed, one with no expiry or a longer one than replicas set) is a broken lock: taken over at
 * once, as if absent. Otherwise anyone who can write into Redis could make every miss of a path, on
 * every replica, wait for a fill that never comes.
 */
import { randomBytes } from 'node:crypto';
import type { Seal } from './seal';

/** How far the clocks of two replicas may drift apart. */
const CLOCK_SKEW_MS = 60_000;

/** Longest lock value read back: a token is about 80 characters. */
export const MAX_LOCK_CHARS = 256;

export function lockToken(seal: Seal, lockKey: string, lockMs: number, now: number): string {
  const claim = `${now + lockMs}.${randomBytes(9).toString('base64url')}`;
  return `${claim}.${seal.mac('lock', lockKey, claim)}`;
}

/**
 * How long a replica may wait on the lock at `lockKey` (`value`, `pttl` as Redis answered), or null
 * when it is broken and to be taken over.
 */
export function lockHeldFor(seal: Seal, lockKey: string, value: string, pttl: number, lockMs: number, now: number): number | null {
  if (pttl < 0 || pttl > lockMs) return null;
  const mac = value.lastIndexOf('.');
  const claim = value.slice(0, Math.max(0, mac));
  const lapsesAt = Number(claim.slice(0, claim.indexOf('.')));
  if (!Number.isFinite(lapsesAt) || lapsesAt < now - CLOCK_SKEW_MS || lapsesAt > now + lockMs + CLOCK_SKEW_MS) return null;
  return seal.verifies(value.slice(mac + 1), 'lock', lockKey, claim) ? pttl : null;
}
