import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, HOSTILE_TITLE, newsItem, newsPages } from '../helpers/fixtures';
import { testApp } from '../helpers/app';

let backend: FakeBackend;
let app: ReturnType<typeof testApp>;

const hostileNews = newsItem(66, {
  image: 'javascript:alert(1)',
  title_uz: HOSTILE_TITLE,
  title_ru: '\u2028</SCRIPT><img src=x onerror=alert(2)>',
  title_en: '<!--',
  desc_uz: '<p onclick="alert(3)">ok</p><script>alert(4)</script><a href="javascript:alert(5)">link</a><iframe src="https://evil.example"></iframe>',
  desc_ru: '<img src="x" onerror="alert(6)">',
  desc_en: '<svg><script>alert(7)</script></svg>',
});

/** Two-byte and four-byte characters beside a hostile end tag: a whole page must carry them exactly. */
const multiByteNews = newsItem(67, {
  title_uz: 'Oʻquv yili boshlandi 🎓 </script>',
  title_ru: 'Учебный год «2026» начался 🎓 </script>',
});

beforeAll(async () => {
  backend = await startFakeBackend({
    '/news/yangiliklar/67/': { json: multiByteNews },
    ...coreRoutes(),
    ...newsPages(3),
    '/news/yangiliklar/': { json: { count: 1, next: null, previous: null, results: [hostileNews] } },
    '/news/yangiliklar/66/': { json: hostileNews },
    '/category/rektorot/': {
      json: [{ id: 1, image: 'javascript:alert(8)', name_uz: '<b onmouseover=alert(9)>R</b>', cantact: '"><script>alert(10)</script>', email: 'x@y.uz' }],
    },
  });
  app = testApp(backend.url);
});
afterAll(() => backend.close());

/** Every <script> in the page: only our module, the JSON data and nonce-bearing React runtime. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/gi)].map((m) => m[0]);
}

describe('hostile backend content', () => {
  it("never lets a title close a script, run, or leave an island's props", async () => {
    for (const url of ['/news/66', '/ru/news/66', '/en/news/66', '/', '/newsAll']) {
      const res = await request(app).get(url).expect(200);
      const html = res.text;
      expect(html).not.toContain('<script>alert');
      expect(html).not.toMatch(/<img[^>]*onerror/i);
      expect(html).not.toMatch(/onclick|onmouseover/i);
      expect(html).not.toMatch(/href="javascript:|src="javascript:/i);
      expect(html).not.toContain('<iframe');
      // Executable scripts are modules or carry the nonce; the rest are data blocks (JSON-LD, the
      // speculation rules).
      for (const tag of scripts(html)) expect(tag).toMatch(/type="module"|type="application\/ld\+json"|type="speculationrules"|nonce=/);
      // Each island's props are one attribute that parses back as JSON.
      const islands = new JSDOM(html).window.document.querySelectorAll<HTMLElement>('ztu-island');
      expect(islands.length).toBeGreaterThan(0);
      for (const island of islands) expect(() => JSON.parse(island.dataset.props!) as unknown).not.toThrow();
    }
  });

  it('carries a hostile, multi-byte title exactly in a page rendered at once', async () => {
    // A whole page is encoded by its byte length (server/render.tsx `whole`): a length counted in
    // characters instead of bytes would cut the document's end.
    for (const [url, title] of [
      ['/news/66', HOSTILE_TITLE],
      ['/news/67', multiByteNews.title_uz],
      ['/ru/news/67', multiByteNews.title_ru],
    ] as const) {
      const res = await request(app).get(url).expect(200);
      expect(res.headers['x-accel-buffering']).toBeUndefined(); // rendered whole, not streamed
      expect(res.text.endsWith('<div id="page-end" hidden=""></div></body></html>')).toBe(true);
      const doc = new JSDOM(res.text).window.document;
      expect(doc.querySelector('h1')!.textContent).toBe(title);
    }
  });

  it('shows a hostile title as text', async () => {
    const res = await request(app).get('/news/66').expect(200);
    expect(res.text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('replaces a javascript: image with the default image', async () => {
    const res = await request(app).get('/news/66').expect(200);
    expect(res.text).toContain('src="/media/default/news.svg"');
    const people = await request(app).get('/rektorat').expect(200);
    expect(people.text).toContain('src="/media/default/person.svg"');
    expect(people.text).not.toContain('<script>alert(10)');
  });
});

describe('security headers', () => {
  it('allows the inline scripts of a streamed page by a fresh nonce, and gives a page with none a CSP with no nonce', async () => {
    backend.set('/news/yangiliklar/77/', { json: newsItem(77), delayMs: 300 });
    const browser = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36';
    const streaming = testApp(backend.url, {}, { headStartMs: 0 });
    const a = await request(streaming).get('/news/77').set('user-agent', browser).expect(200);
    backend.set('/news/yangiliklar/78/', { json: newsItem(78), delayMs: 300 });
    const b = await request(streaming).get('/news/78').set('user-agent', browser).expect(200);
    const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)![1]!;
    const nonceA = nonceOf(a.headers['content-security-policy'] ?? '');
    expect(nonceA).not.toBe(nonceOf(b.headers['content-security-policy'] ?? ''));
    const inline = [...a.text.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="(application\/(ld\+)?json|speculationrules)")[^>]*>/g)].map((m) => m[0]);
    expect(inline.length).toBeGreaterThan(0);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonceA}"`);
    const csp = a.headers['content-security-policy'] ?? '';
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'self'", 'https://www.youtube-nocookie.com']) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // A page rendered whole has no inline script: scripts from the site's origin only, no nonce.
    const whole = await request(app).get('/about').expect(200);
    expect(whole.text).not.toMatch(/<script nonce=/);
    expect(whole.headers['content-security-policy']).toMatch(/(^|;)script-src 'self' 'sha256-[^']+';/);
  });

  it('hides the framework and sets the referrer policy YouTube needs', async () => {
    const res = await request(app).get('/').expect(200);
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('compresses HTML with brotli and gzip', async () => {
    const br = await request(app).get('/about').set('accept-encoding', 'br').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await request(app).get('/about').set('accept-encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
  });
});

describe('bad URLs get the 404 page, never a 500', () => {
  const bad = [
    '/nope',
    '/ru/nope',
    '/news/abc',
    '/news/-1',
    '/news/1e9',
    '/news/%00',
    `/news/${'9'.repeat(3000)}`,
    '/news/0',
    '/news/999999',
    '/%E0%A4%A',
    '/newsAll?page=abc',
    '/en/news/1.5',
  ];
  for (const url of bad) {
    it(`GET ${url.slice(0, 40)} → 404 with the fallback page`, async () => {
      const res = await request(app).get(url);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Unexpected Application Error!');
      expect(res.text).toContain('404');
      expect(res.text).not.toMatch(/at .*\(.*:\d+:\d+\)/);
      expect(res.text).toContain('<meta name="robots" content="noindex"/>');
    });
  }
  it('keeps the page language on a 404', async () => {
    const res = await request(app).get('/ru/nope').expect(404);
    expect(res.text).toContain('<html lang="ru"');
    expect(res.text).toContain('Страница не найдена');
  });

  for (const [prefix, sentence, news] of [
    ['', 'qidiruv', 'Yangiliklarga oʻtish'],
    ['/ru', 'поиск', 'Перейти к новостям'],
    ['/en', 'Search the site', 'Go to the news'],
  ] as const) {
    it(`tells a visitor on a missing ${prefix || '/'} page where to go, in the page's language`, async () => {
      const doc = new JSDOM((await request(app).get(`${prefix}/no-such-page`).expect(404)).text).window.document;
      const main = doc.querySelector('main')!;
      expect(main.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
      expect(main.textContent).toContain('404');
      expect(main.textContent).toContain(sentence);
      const form = main.querySelector('form[role="search"]')!;
      expect(form.getAttribute('action')).toBe(`${prefix}/search`);
      expect(form.querySelector('input[name="q"]')).not.toBeNull();
      const links = [...main.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toContainEqual([news, `${prefix}/newsAll`]);
      expect(links.some(([, href]) => href === (prefix || '/'))).toBe(true);
    });
  }
});

describe('health and assets', () => {
  it('answers /healthz without calling the backend', async () => {
    backend.resetCalls();
    const res = await request(app).get('/healthz').expect(200);
    expect((res.body as { status: string }).status).toBe('ok');
    expect(backend.calls()).toBe(0);
  });

  it('serves hashed assets as immutable and unknown assets as 404', async () => {
    const page = await request(app).get('/').expect(200);
    const entry = /<script type="module" src="([^"]+)"/.exec(page.text)![1]!;
    const asset = await request(app).get(entry).expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    await request(app).get('/assets/nope-123.js').expect(404);
  });
});
