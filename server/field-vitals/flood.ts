/**
 * The beacon endpoint's bounds: a token bucket per client and one for the whole process, checked before
 * the body is read. A client is its address (the first one not a trusted proxy's, as Express reads
 * X-Forwarded-For), kept only as a salted hash in a bounded map of recent clients: the address itself is
 * never stored. A sender with more addresses than the map holds, or behind many, still meets the total.
 */
import { createHash, randomBytes } from 'node:crypto';
import { boundedMap } from '../bounded';

export interface Rate {
  /** Tokens added a second. */
  perSecond: number;
  /** The most a bucket holds: the burst taken at once. */
  burst: number;
}

export interface FloodLimits {
  client: Rate;
  total: Rate;
  /** Clients remembered (least recently seen out first). */
  clients: number;
}

/**
 * A page view sends one beacon. A campus or a mobile operator puts many visitors behind one address,
 * which must not lose their measurements: one beacon a second, forty at once, is a lab of students all
 * leaving their pages together. nginx's limit_req in front (deploy/nginx.conf) has the same rate.
 */
export const FLOOD_LIMITS: FloodLimits = {
  client: { perSecond: 1, burst: 40 },
  total: { perSecond: 200, burst: 400 },
  clients: 10_000,
};

interface Bucket {
  tokens: number;
  at: number;
}

function refill(bucket: Bucket, rate: Rate, now: number): void {
  bucket.tokens = Math.min(rate.burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * rate.perSecond);
  bucket.at = now;
}

export interface FloodGate {
  /** Whether a beacon from this address may be read now (and it is then counted against both bounds). */
  admit(address: string): boolean;
}

export function floodGate(limits: FloodLimits, now: () => number): FloodGate {
  const salt = randomBytes(16);
  const clients = boundedMap<string, Bucket>({ entries: limits.clients });
  const total: Bucket = { tokens: limits.total.burst, at: now() };
  return {
    admit(address) {
      const at = now();
      refill(total, limits.total, at);
      // A process at its bound refuses before it asks who is sending: a flood from many addresses then
      // costs no hash and no entry of the map.
      if (total.tokens < 1) return false;
      const key = createHash('sha256').update(salt).update(address).digest('base64url');
      let bucket = clients.get(key);
      if (bucket) refill(bucket, limits.client, at);
      else clients.set(key, (bucket = { tokens: limits.client.burst, at }));
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      total.tokens -= 1;
      return true;
    },
  };
}
