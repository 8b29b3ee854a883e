/**
 * Content-coding negotiation (RFC 9110 12.5.3) for bytes we hold already encoded: stored pages and the
 * build's .br/.gz assets. negotiator reads the header (q-values, `*`, identity's implicit weight), the
 * same library compression() uses for pages it compresses on the fly, so both paths agree; ties go to
 * the smallest body: br, then gzip, then identity.
 */
import Negotiator from 'negotiator';
import { boundedMap } from './bounded';

export type Coding = 'br' | 'gzip';

const PREFERENCE = ['br', 'gzip', 'identity'] as const;
const ALL: readonly Coding[] = ['br', 'gzip'];

// Browsers send a handful of distinct headers, and negotiator's parse would be a visible part of a
// warm page's cost (a stored page is answered in tens of µs: the warm rows of `npm run bench`); the answers are remembered, in a bounded map so odd headers cannot grow it.
// 'identity' stands for none: a map entry cannot be null.
const answers = boundedMap<string, Coding | 'identity'>({ entries: 256 });

/**
 * The coding to send, or null for none. No header: none (RFC 9110 allows any coding then, but a client
 * that sends no Accept-Encoding is most often a tool that cannot decode). Nothing acceptable, identity
 * included (`identity;q=0`, `*;q=0`): none too. RFC 9110 lets a server disregard the header rather
 * than answer 406 (12.1, 15.5.7), and an unencoded page is something every client can read.
 */
export function pickEncoding(accept: string | undefined, available: readonly Coding[] = ALL): Coding | null {
  if (accept === undefined) return null;
  // A header value cannot hold a line break, so no header can pose as another coding set's key.
  const key = available === ALL ? accept : `${available.join(',')}\n${accept}`;
  let coding = answers.get(key);
  if (coding === undefined) {
    coding = negotiate(accept, available) ?? 'identity';
    answers.set(key, coding);
  }
  return coding === 'identity' ? null : coding;
}

function negotiate(accept: string, available: readonly Coding[]): Coding | null {
  const offered = PREFERENCE.filter((coding) => coding === 'identity' || available.includes(coding));
  const best = new Negotiator({ headers: { 'accept-encoding': accept } }).encoding(offered, PREFERENCE);
  return best === 'br' || best === 'gzip' ? best : null;
}
