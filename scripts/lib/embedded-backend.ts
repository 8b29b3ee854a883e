/**
 * The embedded demo content served over HTTP as the real backend would serve it, counting the calls
 * it answers: the backend of `npm run bench`'s replica rows. Bundled and run by scripts/bench.mjs.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmbeddedSource } from '../../server/backend/embedded-source';

export interface EmbeddedBackend {
  url: string;
  calls(): number;
  close(): Promise<void>;
}

/**
 * `delayMs`: what a real backend's round trip and query cost, added to every answer. `photo`: when
 * given, every image the content names (/media/…) is answered with it, as a backend full of camera
 * photos would (the site then fetches them from the backend's origin through its image endpoint).
 */
export async function startEmbeddedBackend(delayMs: number, photo?: Buffer): Promise<EmbeddedBackend> {
  const source = createEmbeddedSource();
  let calls = 0;
  const server = createServer((req, res) => {
    calls++;
    if (photo && req.url?.startsWith('/media/')) {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length }).end(photo);
      return;
    }
    const answer = async () => {
      const result = await source.fetchJson(req.url ?? '/', new AbortController().signal);
      if (result.kind === 'ok') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result.json));
      else res.writeHead(result.kind === 'not-found' ? 404 : 502, { 'content-type': 'application/json' }).end('{}');
    };
    setTimeout(() => void answer(), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
