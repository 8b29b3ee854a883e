/**
 * HTTP semantics a proxy, cache or crawler relies on (issue 12): content-coding negotiation, one
 * ETag per coding and If-None-Match as RFC 9110 reads it, read-only pages (405), and a purge
 * endpoint that checks the token before the body and never purges on a body it does not understand.
 * Embedded content (no backend), so every page is whole and stored after its first render.
 */
import { request as httpRequest } from 'node:http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { pagesStored, testApp } from '../helpers/app';

const TOKEN = 'x'.repeat(32);
// A crawler waits for the whole page, so the first render is never streamed (and is stored) however
// slowly this machine loads the content.
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** An app whose page cache holds `path`, and the page as HTML. */
async function warm(path = '/about') {
  const app = testApp(null, { CACHE_PURGE_TOKEN: TOKEN });
  const first = await request(app).get(path).set('user-agent', CRAWLER).set('accept-encoding', 'identity').expect(200);
  await pagesStored(app, 1);
  return { app, html: first.text };
}

// Weights decide; equal weights go to the smaller body (br, then gzip, then none).
const cases: Array<[accept: string, coding: string | undefined]> = [
  ['gzip;q=0.9', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['br; q=0, gzip', 'gzip'],
  ['*', 'br'],
  ['gzip, br', 'br'],
  ['br;q=0.9, gzip;q=0.5', 'br'],
  ['br;q=0.5, gzip', 'gzip'],
  ['identity', undefined],
  ['gzip;q=0, br;q=0', undefined],
  // Nothing acceptable at all: the header is disregarded and the page goes unencoded (server/encoding.ts).
  ['identity;q=0', undefined],
];

describe('content-coding negotiation of stored pages', () => {
  it('sends the coding the weights in Accept-Encoding choose, decodable to the page', async () => {
    const { app, html } = await warm();
    const renders = app.locals.renders;
    for (const [accept, coding] of cases) {
      // supertest decodes br and gzip itself, and fails on a body that is not what Content-Encoding says.
      const res = await request(app).get('/about').set('accept-encoding', accept).expect(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(res.text, accept).toBe(html);
    }
    expect(app.locals.renders).toBe(renders);
  });
});

describe('content-coding negotiation of pages rendered for the request', () => {
  it('compresses a page rendered whole in the coding the weights choose, decodable to the page', async () => {
    // The page cache off: every request renders, as a miss does.
    const app = testApp(null, { PAGE_CACHE_MAX_MB: '0' });
    const html = (await request(app).get('/about').set('user-agent', CRAWLER).set('accept-encoding', 'identity').expect(200)).text;
    const renders = app.locals.renders;
    for (const [accept, coding] of cases) {
      const res = await request(app).get('/about').set('user-agent', CRAWLER).set('accept-encoding', accept).expect(200);
      expect(res.headers['content-encoding'], accept).toBe(coding);
      expect(res.headers.vary, accept).toBe('Accept-Encoding');
      expect(res.text, accept).toBe(html);
    }
    expect(app.locals.renders).toBe(renders + cases.length);
  });

  it('answers HEAD with the length GET sends in that coding, and no body', async () => {
    const app = testApp(null, { PAGE_CACHE_MAX_MB: '0' });
    const raw = (method: 'GET' | 'HEAD') =>
      new Promise<{ length: string | undefined; coding: string | undefined; received: number }>((resolve, reject) => {
        const server = app.listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          const req = httpRequest({ port, host: '127.0.0.1', path: '/about', method, headers: { 'accept-encoding': 'br', 'user-agent': CRAWLER } }, (res) => {
            let received = 0;
            res.on('data', (chunk: Buffer) => (received += chunk.length));
            res.on('end', () => {
              server.close();
              resolve({ length: res.headers['content-length'], coding: res.headers['content-encoding'], received });
            });
          });
          req.on('error', reject);
          req.end();
        });
      });
    const get = await raw('GET');
    expect(get.coding).toBe('br');
    expect(Number(get.length)).toBe(get.received);
    const head = await raw('HEAD');
    expect(head).toEqual({ length: get.length, coding: 'br', received: 0 });
  });
});

describe('the stylesheet announced with the headers', () => {
  it("names the page's stylesheet in a Link preload, rendered or stored, so a browser asks for it before parsing", async () => {
    const { app, html } = await warm('/ru/about');
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(stylesheet).toMatch(/^\/assets\/site-.+\.css$/);
    const stored = await request(app).get('/ru/about').set('accept-encoding', 'br').expect(200);
    const missing = await request(app).get('/news/999999').set('accept-encoding', 'gzip').expect(404);
    for (const res of [stored, missing]) expect(res.headers.link).toBe(`<${stylesheet}>; rel=preload; as=style`);
  });
});

describe('ETags and If-None-Match', () => {
  it('gives each content coding of a stored page its own ETag', async () => {
    const { app } = await warm();
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (accept) => (await request(app).get('/about').set('accept-encoding', accept).expect(200)).headers.etag),
    );
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(new Set(tags).size).toBe(3);
  });

  it('answers 304 for a list holding the tag, a weak form of it, or *; 200 for any other tag', async () => {
    const { app } = await warm();
    const get = (ifNoneMatch: string) => request(app).get('/about').set('accept-encoding', 'gzip').set('if-none-match', ifNoneMatch);
    const gz = (await request(app).get('/about').set('accept-encoding', 'gzip').expect(200)).headers.etag!;
    const br = (await request(app).get('/about').set('accept-encoding', 'br').expect(200)).headers.etag!;
    const hit = await get(`"elsewhere", ${gz}`).expect(304);
    expect(hit.headers.etag).toBe(gz);
    expect(hit.headers.vary).toBe('Accept-Encoding');
    expect(hit.text ?? '').toBe('');
    await get(`W/${gz}`).expect(304);
    await get('*').expect(304);
    await get('"elsewhere"').expect(200);
    // The br copy's tag does not validate the gzip copy.
    const other = await get(br).expect(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });

  it('does the same for pre-compressed assets', async () => {
    const { app } = await warm('/');
    const page = await request(app).get('/').expect(200);
    const entry = /<script type="module" src="([^"]+)"/.exec(page.text)![1]!;
    const byCoding = new Map<string, string>();
    for (const accept of ['br', 'gzip;q=0.9', 'identity']) {
      const res = await request(app).get(entry).set('accept-encoding', accept).expect(200);
      expect(res.headers.vary).toBe('Accept-Encoding');
      byCoding.set(accept, res.headers.etag!);
    }
    expect(new Set(byCoding.values()).size).toBe(3);
    const gz = byCoding.get('gzip;q=0.9')!;
    const get = (ifNoneMatch: string) => request(app).get(entry).set('accept-encoding', 'gzip').set('if-none-match', ifNoneMatch);
    await get(`"elsewhere", W/${gz}`).expect(304);
    await get('*').expect(304);
    const other = await get(byCoding.get('br')!).expect(200);
    expect(other.headers['content-encoding']).toBe('gzip');
  });
});

describe('pages are read-only', () => {
  for (const path of ['/', '/about']) {
    for (const method of ['post', 'put', 'delete', 'patch', 'options'] as const) {
      it(`${method.toUpperCase()} ${path} → 405 with Allow: GET, HEAD`, async () => {
        const { app } = await warm(path);
        const res = await request(app)[method](path).expect(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(res.headers['cache-control']).toBe('no-store');
      });
    }
  }
});

describe('the purge endpoint', () => {
  const purge = (app: ReturnType<typeof testApp>, path = '/_cache/purge') => request(app).post(path).set('authorization', `Bearer ${TOKEN}`);

  it('refuses a wrong token before reading the body: 401, not 400 or 413', async () => {
    const { app } = await warm();
    const wrong = (body: string) =>
      request(app)
        .post('/_cache/purge')
        .set('authorization', `Bearer ${'y'.repeat(32)}`)
        .set('content-type', 'application/json')
        .send(body);
    const res = await wrong('{"prefix": ').expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    await wrong(`{${'x'.repeat(8000)}`).expect(401);
    expect(app.locals.pageCache.size).toBe(1);
  });

  it('refuses a body that is not application/json with 415 and purges nothing', async () => {
    const { app } = await warm();
    await purge(app).set('content-type', 'text/plain').send('prefix=/news/').expect(415);
    expect(app.locals.pageCache.size).toBe(1);
    const renders = app.locals.renders;
    await request(app).get('/about').expect(200);
    expect(app.locals.renders).toBe(renders);
  });

  it.each([
    ['an array', '[]'],
    ['an array of objects', '[{"prefix": "/news/"}]'],
    ['a misspelt field', '{"prefx": "/news/"}'],
    ['an empty body', ''],
  ])('refuses %s with 400 and purges nothing', async (_what, body) => {
    const { app } = await warm();
    await purge(app).set('content-type', 'application/json').send(body).expect(400);
    expect(app.locals.pageCache.size).toBe(1);
  });

  it('refuses a POST with no body at all: purging everything takes an explicit {}', async () => {
    const { app } = await warm();
    await purge(app).expect(400);
    expect(app.locals.pageCache.size).toBe(1);
    await purge(app).send({}).expect(204);
    expect(app.locals.pageCache.size).toBe(0);
  });

  it('is only the exact path, and answers other methods with 405 and Allow: POST', async () => {
    const { app } = await warm();
    await purge(app, '/_CACHE/purge').send({}).expect(405);
    await purge(app, '/_Cache/Purge').send({}).expect(405);
    expect(app.locals.pageCache.size).toBe(1);
    const get = await request(app).get('/_cache/purge').expect(405);
    expect(get.headers.allow).toBe('POST');
  });
});

describe('404 pages', () => {
  // A news item an editor publishes a minute after a crawler asked for it must not stay "not found"
  // in a shared cache (it was s-maxage=60 plus a day of stale-while-revalidate).
  it('are never kept by shared caches', async () => {
    const app = testApp(null);
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
    // An unknown path is a 404 for anyone; an unknown id is one for a crawler, which waits for the data
    // (a person may get the shell first, with status 200, when the data is late).
    const cases: Array<[string, string]> = [
      ['/nope', browser],
      ['/ru/nope', CRAWLER],
      ['/en/nope', browser],
      ['/news/999999', CRAWLER],
    ];
    for (const [path, agent] of cases) {
      const res = await request(app).get(path).set('user-agent', agent).expect(404);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    expect(app.locals.pageCache.size).toBe(0);
  });
});
