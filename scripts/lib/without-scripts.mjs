/**
 * A proxy in front of a running site that sends its pages without the hydration bundle: the module
 * script and its modulepreload hints are taken out of every HTML response; everything else passes as
 * it is. `npm run lighthouse` measures the same pages through it, as the floor of what the page itself
 * costs: what Lighthouse's simulation charges for our JavaScript is the difference between the rows.
 * The HTML is gzipped again (level 6), so the page's own bytes are charged as the site sends them.
 */
import { createServer, request } from 'node:http';
import { gzipSync } from 'node:zlib';

const HYDRATION_TAGS = /<link rel="modulepreload"[^>]*>|<script type="module"[^>]*><\/script>/g;

/** Starts the proxy for `siteUrl`; returns its `url` and `close()`. */
export async function startWithoutScripts(siteUrl) {
  const server = createServer((req, res) => {
    const headers = { ...req.headers, host: new URL(siteUrl).host };
    const html = req.headers.accept?.includes('text/html');
    if (html) headers['accept-encoding'] = 'identity';
    const upstream = request(new URL(req.url, siteUrl), { method: req.method, headers }, (answer) => {
      // A page asked for without `Accept: text/html` (not a navigation) comes compressed: as it is.
      if (!html || !/^text\/html/.test(answer.headers['content-type'] ?? '')) {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () => {
        const page = Buffer.from(Buffer.concat(chunks).toString('utf8').replace(HYDRATION_TAGS, ''));
        const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
        const body = gzip ? gzipSync(page) : page;
        const rest = { ...answer.headers };
        // The body is no longer the one these described (the validator included).
        for (const name of ['content-length', 'transfer-encoding', 'content-encoding', 'etag']) delete rest[name];
        res.writeHead(answer.statusCode, { ...rest, 'content-length': body.length, ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
        res.end(body);
      });
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
