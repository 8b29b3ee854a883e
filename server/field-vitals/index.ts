/**
 * POST /_vitals (FIELD_VITALS_PATH): field Web Vitals beacons from the browser (client/field-vitals.ts)
 * into Prometheus histograms (./metrics.ts). Answered before Express, as stored pages are
 * (server/app.ts): a beacon needs none of Express's work or the page's headers, and a flood of them then
 * costs no more a request than warm pages do (`npm run bench:field-vitals`, docs/performance.md).
 *
 * What is cheap to check is checked before the body is read: another site's pages are refused (403), a
 * flood per client and in total (429, ./flood.ts), and bots dropped (204, counted; their user agent is
 * read here and never kept). Then a body of at most MAX_BODY_BYTES is read (413 past it) and checked
 * strictly (./beacon.ts: 400), and its path turned into its page's route pattern and rendition
 * (./page-label.ts). Nothing of a beacon is logged or kept but the histograms' counts: no cookie is
 * read, no address or user agent stored. With RUM_SAMPLE=0 the endpoint does not exist (404).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isbot } from 'isbot';
import type { Registry } from 'prom-client';
import { FIELD_VITALS_PATH } from '../../shared/field-vitals';
import { readBeacon } from './beacon';
import { FLOOD_LIMITS, floodGate, type FloodLimits } from './flood';
import { registerFieldVitalsMetrics, type RefusalReason } from './metrics';
import { pageLabel } from './page-label';

/** A beacon is about 150 bytes; ten times that leaves room and no more. */
export const MAX_BODY_BYTES = 1536;

/** sendBeacon sends a string as text/plain; JSON's own type is taken too. */
const BODY_TYPES = new Set(['text/plain', 'application/json']);

/** The answers a flood gets, made once. */
const TOO_MANY = Buffer.from('too many beacons');
const CROSS_SITE = Buffer.from("beacons come from the site's own pages");

/** The status logged for a request whose client left before it was answered (nginx's). */
const CLIENT_CLOSED = 499;

export interface FieldVitalsOptions {
  /** RUM_SAMPLE > 0. */
  enabled: boolean;
  registry: Registry;
  now: () => number;
  /** The client's address as the app reads it (through its trusted proxies); used only to bound a flood. */
  clientAddress: (req: IncomingMessage) => string;
  limits?: FloodLimits;
}

export interface FieldVitalsEndpoint {
  /**
   * True when `req` is for the endpoint: it is then answered here, and `onAnswered` runs once with the
   * status and the request's arrival (for the request log and metrics, as every response gets).
   */
  answer(req: IncomingMessage, res: ServerResponse, onAnswered: (answered: { status: number; started: bigint }) => void): boolean;
}

export function fieldVitalsEndpoint({ enabled, registry, now, clientAddress, limits = FLOOD_LIMITS }: FieldVitalsOptions): FieldVitalsEndpoint {
  const metrics = registerFieldVitalsMetrics(registry);
  const gate = floodGate(limits, now);
  const handle = (req: IncomingMessage, res: ServerResponse, onAnswered: (answered: { status: number; started: bigint }) => void) => {
    const started = process.hrtime.bigint();
    const reply = (status: number, text?: string | Buffer, headers?: Record<string, string>) => {
      const body = typeof text === 'string' ? Buffer.from(text) : text;
      res.setHeader('cache-control', 'no-store');
      if (body) {
        res.setHeader('content-type', 'text/plain; charset=utf-8');
        res.setHeader('content-length', body.length);
        res.setHeader('x-content-type-options', 'nosniff');
      }
      res.writeHead(status, headers);
      res.end(body);
      onAnswered({ status, started });
    };
    const refuse = (status: number, reason: RefusalReason, text: string | Buffer, headers?: Record<string, string>) => {
      metrics.refuse(reason);
      reply(status, text, headers);
    };
    if (!enabled) return reply(404);
    if (req.method !== 'POST') return reply(405, undefined, { allow: 'POST' });
    // Browsers say where a request comes from; another site's page cannot send beacons here.
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return refuse(403, 'cross-site', CROSS_SITE);
    if (!gate.admit(clientAddress(req))) return refuse(429, 'rate-limited', TOO_MANY);
    // After the flood gate: telling a robot costs more than the gate's refusal.
    if (isbot(req.headers['user-agent'] ?? '')) {
      metrics.refuse('bot');
      return reply(204);
    }
    const type = (req.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
    const coding = req.headers['content-encoding'];
    if (!BODY_TYPES.has(type) || (coding !== undefined && coding !== 'identity')) {
      return refuse(400, 'invalid', 'send the beacon as text/plain or application/json, uncompressed');
    }
    // The connection is closed after the answer: the rest of a body too large is never read.
    const tooLarge = () => refuse(413, 'too-large', `a beacon is at most ${MAX_BODY_BYTES} bytes`, { connection: 'close' });
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return tooLarge();
    readBody(req, MAX_BODY_BYTES).then(
      (body) => {
        if (body === null) return tooLarge();
        const beacon = readBeacon(body);
        if ('error' in beacon) return refuse(400, 'invalid', beacon.error);
        metrics.accept(beacon, pageLabel(beacon.path));
        reply(204);
      },
      () => {
        res.destroy();
        onAnswered({ status: CLIENT_CLOSED, started });
      },
    );
  };
  return {
    answer(req, res, onAnswered) {
      if (!isEndpoint(req.url)) return false;
      handle(req, res, onAnswered);
      return true;
    },
  };
}

function isEndpoint(url: string | undefined): boolean {
  if (!url?.startsWith(FIELD_VITALS_PATH)) return false;
  const next = url.charAt(FIELD_VITALS_PATH.length);
  return next === '' || next === '?';
}

/** The body as text, or null once it is longer than `limit` bytes (the rest is not read). */
function readBody(req: IncomingMessage, limit: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        req.off('data', onData);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
    // A client that left mid-body: no end will come (a settled promise ignores this).
    req.once('close', () => reject(new Error('the client closed the connection')));
  });
}

/**
 * The client's address as Express reads it (req.ip): the nearest address in the socket's and the
 * X-Forwarded-For chain that is not a trusted proxy's. `trusted` is Express's compiled `trust proxy`.
 */
export function clientAddress(req: IncomingMessage, trusted: (address: string, hop: number) => boolean): string {
  let address = req.socket.remoteAddress ?? '';
  const forwarded = req.headers['x-forwarded-for'];
  if (typeof forwarded !== 'string') return address;
  // From the nearest hop outwards, as long as the one that handed the request on is trusted.
  let end = forwarded.length;
  for (let hop = 0; end > 0 && trusted(address, hop); hop++) {
    const start = forwarded.lastIndexOf(',', end - 1);
    const next = forwarded.slice(start + 1, end).trim();
    end = start === -1 ? 0 : start;
    if (next) address = next;
    else hop--;
  }
  return address;
}
