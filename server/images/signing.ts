/**
 * Signatures of image URLs: HMAC-SHA256 over what the URL asks for, truncated to 96 bits and
 * base64url-encoded (16 characters). Only URLs the server made are answered, so the endpoint cannot
 * be used as an open proxy or to encode arbitrary sizes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const SIGNATURE_BYTES = 12;

export class Signer {
  private readonly key: Buffer;

  /** `key` unset: a random one, so that nothing about it can be guessed (URLs then last as long as the process). */
  constructor(key: string | null) {
    this.key = key ? Buffer.from(key) : randomBytes(32);
  }

  sign(message: string): string {
    return createHmac('sha256', this.key).update(message).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
  }

  /** In constant time: comparing as strings would tell an attacker how many leading characters were right. */
  verify(message: string, signature: string): boolean {
    const expected = Buffer.from(this.sign(message));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
