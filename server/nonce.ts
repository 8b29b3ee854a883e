/**
 * CSP nonces: 16 random bytes each, base64. Drawn from a pool filled 256 nonces at a time, because a
 * stored page is answered in tens of microseconds and one getrandom call per response showed in the
 * profile. Every slice of the pool is used once.
 */
import { randomFillSync } from 'node:crypto';

const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let offset = pool.length;

export function freshNonce(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const nonce = pool.toString('base64', offset, offset + NONCE_BYTES);
  offset += NONCE_BYTES;
  return nonce;
}
