/**
 * A page rendered whole, compressed for the one response that asked for it. Done here in one
 * synchronous call rather than by compression() as the bytes are written: the page is complete, so
 * brotli can be used where it is accepted without one native encoder per in-flight response (the
 * reason streamed responses stay on gzip, see `gzipOnTheFly` in app.ts), and at a quality chosen for a
 * response sent once: brotli quality 1 makes 12.3 KB of the 65 KB home page in 0.12 ms, about gzip-6's
 * size (12.4 KB, 0.56 ms). Quality 2 (11.5 KB, 0.18 ms on its own) cost a cold `/` 1.4 ms more in the
 * server, measured side by side (6.4 against 5.0 ms of CPU): it sets up larger hash tables on every
 * call, where quality 1 is brotli's one-pass fragment compressor. What is stored in the page cache is
 * compressed again, once, at higher settings (page-cache.ts).
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
