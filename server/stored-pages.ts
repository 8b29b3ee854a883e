/**
 * Answers a request from the page cache before Express sees it: the stored bytes in the encoding the
 * client accepts, the headers prepared when the page was stored (its CSP among them: a stored page has
 * no inline script and its CSP no nonce, server/security.ts), and ETag/304. Nothing is rendered,
 * compressed, routed or wrapped again (a client that asks for no compression gets the gzip unpacked); a
 * warm page costs little more than writing its bytes (docs/architecture.md, "Decisions and why").
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { pickEncoding } from './encoding';
import { noneMatchHits } from './etag';
import { storedPageKey, type PageCache } from './page-cache';
import { displayOfRequest } from './request-display';

export interface ServedFromCache {
  route: string;
  status: number;
  started: bigint;
}

/**
 * True when the page cache answered. `onServed` runs once the response is written (request log and
 * metrics, as for every other response). A current page is answered before the first await; one whose
 * data expired is answered once that data came back unchanged (PageCache.revalidated).
 */
export async function answerFromPageCache(
  cache: PageCache,
  req: IncomingMessage,
  res: ServerResponse,
  onServed: (served: ServedFromCache) => void,
): Promise<boolean> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !req.url) return false;
  // From the request's arrival: a revalidated page's time includes fetching its data again.
  const started = process.hrtime.bigint();
  const key = storedPageKey(req.url, displayOfRequest(req.headers));
  const page = cache.get(key) ?? (await cache.revalidated(key));
  if (!page) return false;
  const headers: Record<string, string | number> = Object.fromEntries(page.headers);
  // The coding first: the ETag names the representation this client gets, and If-None-Match is
  // compared with that one.
  const coding = pickEncoding(req.headers['accept-encoding']);
  const etag = page.etags[coding ?? 'identity'];
  headers.etag = etag;
  headers.vary = 'Accept-Encoding';
  let status = page.status;
  let body: Buffer | undefined;
  if (noneMatchHits(req.headers['if-none-match'], etag)) {
    status = 304;
  } else {
    body = coding ? page[coding] : gunzipSync(page.gzip);
    if (coding) headers['content-encoding'] = coding;
    headers['content-length'] = body.length;
  }
  res.writeHead(status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  onServed({ route: page.route, status, started });
  return true;
}
