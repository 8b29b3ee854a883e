/**
 * A page rendered whole, compressed for the one response that asked for it. Done here in one
 * synchronous call rather than by compression() as the bytes are written: the page is complete, so
 * brotli can be used where it is accepted without one native encoder per in-flight response (the
 * reason streamed responses stay on gzip, see `gzipOnTheFly` in app.ts), and at a quality chosen for a
 * response sent once: brotli quality 1, brotli's one-pass fragment compressor, makes about gzip-6's
 * size in a fraction of its time. Quality 2 saves a few per cent more bytes but sets up larger hash
 * tables on every call, which costs a cold render more than the bytes save (compare the cold rows of
 * `npm run bench` before changing it). What is stored in the page cache is compressed again, once, at
 * higher settings (page-cache.ts).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import { pickEncoding } from './encoding';

/** compression()'s threshold: below it, the coding's own framing outweighs what it saves. */
const MIN_BYTES = 1024;
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 18 };

/** Sends `html` in the coding the request accepts (none when it accepts none); headers other than the coding's are the caller's. */
export function endWithCodedBody(req: Request, res: Response, html: Buffer): void {
  // The header as the client sent it: gzipOnTheFly (app.ts) narrows the request's copy to gzip.
  const accept = 'acceptEncoding' in res.locals ? (res.locals.acceptEncoding as string | undefined) : req.headers['accept-encoding'];
  const coding = html.length >= MIN_BYTES ? pickEncoding(accept) : null;
  let body = html;
  if (coding === 'br') body = brotliCompressSync(html, { params: BROTLI_PARAMS });
  else if (coding === 'gzip') body = gzipSync(html);
  if (coding) res.setHeader('Content-Encoding', coding);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}
