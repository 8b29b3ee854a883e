/**
 * CSP nonces: 16 random bytes each, base64. Only a response that carries inline script asks for one
 * (server/security.ts), and each such response is a page rendered there and then.
 */
import { randomBytes } from 'node:crypto';

const NONCE_BYTES = 16;

export function freshNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64');
}
