/**
 * createHttpSource against real loopback HTTP servers: the limits every backend call must obey (timeout
 * including the body, body size in bytes, redirects) and failure reasons that say what happened.
 * Synchronisation is by events (request seen, connection closed), never by sleeping.
 */
import { getEventListeners, once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/site-process.mjs';
import { createHttpSource } from '../../server/backend/http-source';
import { startFakeBackend } from '../helpers/fake-backend';

const MB = 1024 * 1024;
const noSignal = new AbortController().signal;

interface TestServer {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

const servers: TestServer[] = [];
afterEach(async () => {
  vi.unstubAllGlobals();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server on 127.0.0.1 answering with `handler`, recording the paths it was asked for. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<TestServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    handler(req, res);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const handle: TestServer = {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  servers.push(handle);
  return handle;
}

/** Resolves when the response's connection closes, whoever closed it. */
const closed = (res: ServerResponse) => new Promise<void>((resolve) => res.once('close', () => resolve()));

/** A promise with its resolver, for "the server has got this far". */
function signalled<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A full garbage collection. The old client's AbortSignal.any([signal, AbortSignal.timeout()]) lost its
 * timeout when the timeout signal was collected (nodejs/node#57736); forcing collections mid-call is
 * what "under memory pressure" does to it.
 */
const forceGc: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

describe('createHttpSource: time limit', () => {
  it('fails with "timeout" when the body never finishes, and closes the connection', async () => {
    const seen = signalled<{ closed: Promise<void> }>();
    const backend = await serve((_req, res) => {
      seen.resolve({ closed: closed(res) });
      res.writeHead(200, { 'content-type': 'application/json' });
      forceGc();
      res.write('{"results": [', () => {
        forceGc();
        setImmediate(forceGc);
      });
    });
    const source = createHttpSource(backend.url, 1000);

    const result = await source.fetchJson('/news/', noSignal);

    expect(result).toEqual({ kind: 'failed', reason: 'timeout' });
    // On a very busy machine the timer can end the call before the server has even read the request;
    // when it has, its connection must be closed.
    if (backend.requests.length > 0) await (await seen.promise).closed;
  });

  it('fails with "aborted" when the caller aborts, and closes the connection', async () => {
    const seen = signalled<{ closed: Promise<void> }>();
    const backend = await serve((_req, res) => seen.resolve({ closed: closed(res) }));
    const source = createHttpSource(backend.url, 60_000);
    const caller = new AbortController();

    const call = source.fetchJson('/news/', caller.signal);
    const { closed: connectionClosed } = await seen.promise;
    caller.abort();

    expect(await call).toEqual({ kind: 'failed', reason: 'aborted' });
    await connectionClosed;
  });

  it('fails with "aborted" without calling when the caller has already aborted', async () => {
    const backend = await serve((_req, res) => res.end('{}'));
    const caller = new AbortController();
    caller.abort();
    const result = await createHttpSource(backend.url, 60_000).fetchJson('/news/', caller.signal);
    expect(result).toEqual({ kind: 'failed', reason: 'aborted' });
    expect(backend.requests).toEqual([]);
  });

  it('leaves no listeners behind on a long-lived caller signal', async () => {
    const backend = await serve((req, res) => {
      if (req.url === '/ok/') res.end('{}');
      else res.writeHead(500).end();
    });
    const source = createHttpSource(backend.url, 60_000);
    const longLived = new AbortController().signal;

    await source.fetchJson('/ok/', longLived);
    await source.fetchJson('/fails/', longLived);
    await source.fetchJson('/ok/', longLived);

    expect(getEventListeners(longLived, 'abort')).toHaveLength(0);
  });
});

describe('createHttpSource: size limit', () => {
  it('stops reading a chunked body past 8 MB and closes the connection before the backend is done', async () => {
    const total = 50 * MB;
    const written = signalled<number>();
    const backend = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // no content-length: chunked
      void writeUntilClosed(res, total).then(written.resolve);
    });
    const source = createHttpSource(backend.url, 60_000);

    const result = await source.fetchJson('/huge/', noSignal);

    expect(result).toEqual({ kind: 'failed', reason: 'response too large' });
    // What the server wrote before the close: the 8 MB read plus what sat in socket buffers.
    expect(await written.promise).toBeLessThan(total / 2);
  });

  it('refuses a declared content-length over the limit without reading it', async () => {
    const backend = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 2000 });
      res.write('[');
    });
    const result = await createHttpSource(backend.url, 60_000, { maxBodyBytes: 1000 }).fetchJson('/x/', noSignal);
    expect(result).toEqual({ kind: 'failed', reason: 'response too large' });
  });

  it('counts bytes, not UTF-16 units: Cyrillic over the limit in bytes fails', async () => {
    const body = JSON.stringify({ title: 'Янгиликлар'.repeat(60) }); // 613 UTF-16 units, 1213 bytes
    expect(body.length).toBeLessThan(1000);
    expect(Buffer.byteLength(body)).toBeGreaterThan(1000);
    const backend = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    const result = await createHttpSource(backend.url, 60_000, { maxBodyBytes: 1000 }).fetchJson('/x/', noSignal);
    expect(result).toEqual({ kind: 'failed', reason: 'response too large' });
  });

  it('decodes UTF-8 split across chunks when the body is within the limit', async () => {
    const bytes = Buffer.from(JSON.stringify({ title: 'Янгиликлар' }));
    const backend = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(bytes.subarray(0, 12)); // ends inside a two-byte letter
      res.end(bytes.subarray(12));
    });
    const result = await createHttpSource(backend.url, 60_000, { maxBodyBytes: 1000 }).fetchJson('/x/', noSignal);
    expect(result).toEqual({ kind: 'ok', json: { title: 'Янгиликлар' } });
  });
});

describe('createHttpSource: redirects (same origin only, at most 3 hops)', () => {
  it('does not follow a redirect to another origin', async () => {
    const elsewhere = await serve((_req, res) => res.end('{"evil": true}'));
    const backend = await serve((_req, res) => res.writeHead(302, { location: `${elsewhere.url}/news/` }).end());

    const result = await createHttpSource(backend.url, 60_000).fetchJson('/news/', noSignal);

    expect(result).toEqual({ kind: 'failed', reason: `redirect to another origin (${elsewhere.url})` });
    expect(elsewhere.requests).toEqual([]);
  });

  it('follows a relative redirect within the backend origin', async () => {
    const backend = await serve((req, res) => {
      if (req.url === '/news') res.writeHead(301, { location: '/news/' }).end();
      else res.end('{"count": 1}');
    });
    const result = await createHttpSource(backend.url, 60_000).fetchJson('/news', noSignal);
    expect(result).toEqual({ kind: 'ok', json: { count: 1 } });
    expect(backend.requests).toEqual(['/news', '/news/']);
  });

  it('gives up after 3 hops', async () => {
    const backend = await serve((req, res) => res.writeHead(307, { location: `${req.url}x` }).end());
    const result = await createHttpSource(backend.url, 60_000).fetchJson('/a', noSignal);
    expect(result).toEqual({ kind: 'failed', reason: 'too many redirects' });
    expect(backend.requests).toEqual(['/a', '/ax', '/axx', '/axxx']);
  });
});

describe('createHttpSource: answers and failure reasons', () => {
  it('returns JSON, not-found, HTTP status and malformed JSON', async () => {
    const backend = await startFakeBackend({
      '/ok/': { json: { results: [1, 2] } },
      '/broken/': { status: 500 },
      '/bad-json/': { raw: '{"results": [unterminated' },
    });
    try {
      const source = createHttpSource(backend.url, 60_000);
      expect(await source.fetchJson('/ok/', noSignal)).toEqual({ kind: 'ok', json: { results: [1, 2] } });
      expect(await source.fetchJson('/missing/', noSignal)).toEqual({ kind: 'not-found' });
      expect(await source.fetchJson('/broken/', noSignal)).toEqual({ kind: 'failed', reason: 'HTTP 500' });
      expect(await source.fetchJson('/bad-json/', noSignal)).toEqual({ kind: 'failed', reason: 'malformed JSON' });
    } finally {
      await backend.close();
    }
  });

  it('names ECONNREFUSED, not "fetch failed", when nothing listens', async () => {
    const port = await freePort();
    const result = await createHttpSource(`http://127.0.0.1:${port}`, 60_000).fetchJson('/news/', noSignal);
    expect(result).toEqual({ kind: 'failed', reason: 'ECONNREFUSED' });
  });

  it('names ECONNRESET when the backend resets the connection', async () => {
    const backend = await serve((req) => req.socket.resetAndDestroy());
    const result = await createHttpSource(backend.url, 60_000).fetchJson('/news/', noSignal);
    expect(result).toEqual({ kind: 'failed', reason: 'ECONNRESET' });
  });

  it('says more than "terminated" when the backend drops the connection mid-body', async () => {
    const backend = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"results": [', () => req.socket.destroy());
    });
    const result = await createHttpSource(backend.url, 60_000).fetchJson('/news/', noSignal);
    expect(result.kind).toBe('failed');
    expect(result.kind === 'failed' && result.reason).not.toMatch(/^(terminated|fetch failed)$/);
  });
});

describe('createHttpSource: reasons buried in undici error causes', () => {
  const systemError = (code: string) => Object.assign(new Error(`connect ${code} 10.0.0.1:443`), { code });
  /** The reason reported when fetch rejects with `error` (undici's shapes, built by hand). */
  const reasonFor = async (error: unknown) => {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- undici's shapes include non-Error objects on purpose
    vi.stubGlobal('fetch', () => Promise.reject(error));
    const result = await createHttpSource('http://backend.test', 60_000).fetchJson('/news/', noSignal);
    return result.kind === 'failed' ? result.reason : result.kind;
  };

  it('finds a code nested in cause.cause', async () => {
    const error = new TypeError('fetch failed', { cause: new Error('connect failed', { cause: systemError('ENOTFOUND') }) });
    expect(await reasonFor(error)).toBe('ENOTFOUND');
  });

  it('finds a code inside an AggregateError (one error per address tried)', async () => {
    const tried = new AggregateError([systemError('ETIMEDOUT'), systemError('ETIMEDOUT')], '');
    expect(await reasonFor(new TypeError('fetch failed', { cause: tried }))).toBe('ETIMEDOUT');
  });

  it('prefers the innermost message to "fetch failed" when nothing has a code', async () => {
    const error = new TypeError('fetch failed', { cause: new Error('bad port') });
    expect(await reasonFor(error)).toBe('bad port');
  });
});

/**
 * Writes up to `total` bytes in 64 kB chunks, waiting for the socket to drain between them, until the
 * client closes the connection. Resolves with how many bytes were handed to the socket.
 */
async function writeUntilClosed(res: ServerResponse, total: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const gone = closed(res);
  let written = 0;
  while (written < total && !res.destroyed) {
    written += chunk.length;
    if (!res.write(chunk)) await Promise.race([once(res, 'drain'), gone]);
  }
  if (!res.destroyed) res.end();
  return written;
}
