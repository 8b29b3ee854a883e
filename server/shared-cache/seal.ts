/**
 * The signature on everything replicas read from each other through Redis: data entries, image facts,
 * fill locks and the messages on the events channel. Anyone who can reach Redis can write keys and
 * publish messages there, so a replica uses what it reads only when it carries an HMAC-SHA256 made with
 * the key every replica shares (REDIS_SIGNING_KEY).
 *
 * Each MAC names what it is for and covers every part that gives the value its meaning (the Redis key
 * it is stored under, the generations it was filled under, its body), each part prefixed with its
 * length: a value signed for one key, one purpose or one split of its parts is refused as any other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SealPurpose = 'entry' | 'fact' | 'lock' | 'event';

/** Length of a MAC in base64url: 32 bytes. */
export const MAC_CHARS = 43;

export class Seal {
  constructor(private readonly key: string) {}

  mac(purpose: SealPurpose, ...parts: string[]): string {
    const hmac = createHmac('sha256', this.key).update(purpose);
    for (const part of parts) hmac.update(`\n${part.length}\n`).update(part);
    return hmac.digest('base64url');
  }

  /**
   * The last of `parts` parsed as JSON when `given` is the MAC of them all for `purpose`, else undefined:
   * nobody else's JSON is ever parsed.
   */
  openJson(given: string, purpose: SealPurpose, ...parts: string[]): unknown {
    if (!this.verifies(given, purpose, ...parts)) return undefined;
    try {
      return JSON.parse(parts.at(-1) ?? '') as unknown;
    } catch {
      return undefined;
    }
  }

  /** In constant time: comparing as strings would tell a forger how many leading characters were right. */
  verifies(given: string, purpose: SealPurpose, ...parts: string[]): boolean {
    if (given.length !== MAC_CHARS) return false;
    const a = Buffer.from(given, 'base64url');
    const b = Buffer.from(this.mac(purpose, ...parts), 'base64url');
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
