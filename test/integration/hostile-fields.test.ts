/**
 * A hostile backend's fields through the real parse path, in the process as shipped (the built server
 * with the Dockerfile's node flags: a 256 MB heap): megabyte titles and descriptions made of long runs
 * of every letter class, in every language field, listed and on their own. The replica keeps answering
 * /healthz while it makes the pages, every page stays under the size docs/content.md states, and the
 * process lives on. Then what a visitor's URL can make a page reflect.
 */
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { productionNodeFlags } from '../../scripts/lib/site-process.mjs';
import { FIELD_BOUNDS, LIST_BOUNDS } from '../../server/backend/fields';
import { MAX_BODY_BYTES } from '../../server/backend/http-source';
import { RICH_TEXT_LIMITS } from '../../server/rich-text/limits';
import { PAGE_PATH_MAX_CHARS } from '../../shared/page-query';
import { SEARCH_QUERY_MAX_CHARS } from '../../shared/constants';
import { testApp } from '../helpers/app';
import { startFakeBackend, type Answer, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, newsItem } from '../helpers/fixtures';
import { startServer, type RunningServer } from '../helpers/server-process';

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Runs of each letter class a text transform may treat specially: Latin and Cyrillic letters, the
 * Uzbek letter marks ʻ and ʼ and the ASCII apostrophe, digits, the characters of e-mail and web
 * addresses, combining marks, right-to-left controls and zero-width joiners.
 */
const LETTER_CLASSES = ['a', 'б', 'gʻ', 'ʼ', "'", '7', '@', '.', '-', 'e\u0301\u0302', '\u202E\u200F', '\u200D'];

/**
 * About `bytes` of UTF-8: a run of each letter class in turn (from `lead` on), as long as the size
 * allows, between them the word 'ab' (so that /search?q=ab finds the item).
 */
function hostileText(bytes: number, lead = 0): string {
  const classes = [...LETTER_CLASSES.slice(lead), ...LETTER_CLASSES.slice(0, lead)];
  const each = Math.floor(bytes / classes.length);
  return classes.map((unit) => unit.repeat(Math.max(1, Math.floor(each / Buffer.byteLength(unit))))).join(' ab ');
}

const FIELDS = ['title_uz', 'title_ru', 'title_en', 'desc_uz', 'desc_ru', 'desc_en'] as const;

/** A news list page of `items`, the first of the backend's pages (of `pages`). */
function listPage(items: unknown[], page = 1, pages = 1): Answer {
  return answer({ count: items.length, next: page < pages ? `/news/yangiliklar/?page=${page + 1}` : null, previous: null, results: items });
}

/** An answer written once: the fake backend runs in this process, which must not stall on megabytes of JSON while it watches the replica. */
function answer(json: unknown): Answer {
  return { raw: JSON.stringify(json) };
}

/** As much as one backend answer may hold (the site refuses a larger one), less room for the rest of it. */
const LARGEST_FIELD = MAX_BODY_BYTES - 64 * 1024;

/**
 * The pages asked for, each with the largest size it may have whatever the backend sends
 * (docs/content.md, "What a page can weigh").
 */
const PAGES: Record<string, number> = {
  '/news/1': 1024 * 1024,
  '/uz-cyrl/news/1': 1024 * 1024,
  '/ru/news/1': 1024 * 1024,
  '/en/news/1': 1024 * 1024,
  '/search?q=ab': 128 * 1024,
  '/newsAll': 640 * 1024,
};

/**
 * Longest a /healthz may take while the hostile pages are made: ten times the slowest seen on a machine
 * with eight times as many runnable processes as cores (about 1.6 s); a replica frozen on a field takes
 * minutes, or dies.
 */
const HEALTH_LIMIT_MS = 20_000;
/**
 * Longest the replica's own work may hold its event loop meanwhile, as its metrics measure it (not
 * counting its waits for a core, so the machine's load does not count): ten times the slowest seen
 * (0.06-0.17 s, parsing an answer of 8 MB); a freeze on a field is minutes.
 */
const OWN_DELAY_LIMIT_S = 2;

/** Asks for /healthz again and again until `work` settles: the slowest answer, and every failure. */
async function healthDuring(url: string, work: Promise<unknown>): Promise<{ slowestMs: number; failures: string[] }> {
  let settled = false;
  void work.finally(() => (settled = true)).catch(() => {});
  let slowestMs = 0;
  const failures: string[] = [];
  while (!settled) {
    const started = performance.now();
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(HEALTH_LIMIT_MS) });
      if (res.status !== 200) failures.push(`status ${res.status}`);
      await res.arrayBuffer();
    } catch (error) {
      failures.push(String(error));
    }
    slowestMs = Math.max(slowestMs, performance.now() - started);
    // A turn between asks, so that the watching does not load the machine it watches.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { slowestMs, failures };
}

/** Every page of PAGES, one after another: its status and its size in bytes as sent before any compression. */
async function pageSizes(url: string): Promise<Record<string, { status: number; bytes: number }>> {
  const sizes: Record<string, { status: number; bytes: number }> = {};
  for (const path of Object.keys(PAGES)) {
    const res = await fetch(`${url}${path}`, { headers: { 'user-agent': CRAWLER, 'accept-encoding': 'identity' } });
    sizes[path] = { status: res.status, bytes: (await res.arrayBuffer()).byteLength };
  }
  return sizes;
}

/** Runs `use` with a fake backend answering `routes` (and the core pages' paths), closed after. */
async function withBackend(routes: Record<string, Answer>, use: (backend: FakeBackend) => Promise<void>): Promise<void> {
  const backend = await startFakeBackend({ ...coreRoutes(), ...routes });
  try {
    await use(backend);
  } finally {
    await backend.close();
  }
}

async function expectReplicaHolds(routes: Record<string, Answer>): Promise<void> {
  await withBackend(routes, async (backend) => {
    // The process as the Dockerfile runs it; its start-up reads every news list page (the search index).
    const server = await startServer({ BACKEND_URL: backend.url }, { nodeArgs: [...productionNodeFlags(), 'dist/server/index.js'] });
    try {
      await expectHolds(server);
    } finally {
      await server.stop('SIGKILL');
    }
  });
}

/**
 * Asks for every page of PAGES while watching /healthz: each answer in time, the process's own work never
 * holding its loop long, each page whole and under its size, and the process still there after.
 */
async function expectHolds(server: RunningServer): Promise<void> {
  const pages = pageSizes(server.url);
  const health = await healthDuring(server.url, pages);
  const sizes = await pages;
  const metrics = await (await fetch(`${server.metricsUrl}/metrics`)).text();
  const ownDelayS = Number(/^site_eventloop_own_delay_max_seconds (\S+)$/m.exec(metrics)?.[1]);

  expect(health.failures).toEqual([]);
  expect(health.slowestMs).toBeLessThan(HEALTH_LIMIT_MS);
  expect(ownDelayS).toBeLessThan(OWN_DELAY_LIMIT_S);
  for (const [path, largest] of Object.entries(PAGES)) {
    expect({ path, status: sizes[path]!.status }).toEqual({ path, status: 200 });
    expect({ path, underBound: sizes[path]!.bytes <= largest }).toEqual({ path, underBound: true });
  }
  expect(server.process.exitCode).toBeNull();
  expect(server.process.signalCode).toBeNull();
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
}

describe('a hostile backend field costs a replica neither its liveness nor its memory', () => {
  it('holds with a listed news item whose six language fields are 1 MB each, and items led by every letter class', async () => {
    const huge = Object.fromEntries(FIELDS.map((field, i) => [field, hostileText(1_000_000, i)]));
    const led = LETTER_CLASSES.map((_, lead) => newsItem(lead + 2, Object.fromEntries(FIELDS.map((field) => [field, hostileText(32_000, lead)]))));
    const item = newsItem(1, huge);
    await expectReplicaHolds({ '/news/yangiliklar/': listPage([item, ...led]), '/news/yangiliklar/1/': answer(item) });
  }, 240_000);

  it('holds with each language field as large as a backend answer may be, listed and on its own', async () => {
    // One field at the size limit per answer: the list's pages, one for each field, and the item itself.
    const routes: Record<string, Answer> = {};
    FIELDS.forEach((field, i) => {
      const item = newsItem(1 + i, { [field]: hostileText(LARGEST_FIELD, i) });
      routes[i === 0 ? '/news/yangiliklar/' : `/news/yangiliklar/?page=${i + 1}`] = listPage([item], i + 1, FIELDS.length);
    });
    routes['/news/yangiliklar/1/'] = answer(newsItem(1, { desc_uz: hostileText(LARGEST_FIELD, 3) }));
    await expectReplicaHolds(routes);
  }, 240_000);
});

describe('pages made of fields past their bounds', () => {
  /** Characters that cost the most bytes in a page: escaped in HTML and in JSON, or three bytes of UTF-8. */
  const costly = (length: number) => 'ab ' + '"<&€'.repeat(Math.ceil(length / 4)).slice(0, length - 3);
  /** An image URL at its bound: a longer one is no image, which costs less. */
  const IMAGE = `https://cdn.example.org/${'i'.repeat(FIELD_BOUNDS.imageUrl - 28)}.jpg`;
  /** Titles, names and lists past their bounds; the image and the description at theirs, as the costliest that is kept. */
  const item = (id: number, titleChars: number, descChars: number) => ({
    ...newsItem(id),
    image: IMAGE,
    author: costly(titleChars),
    category: 'public',
    ...Object.fromEntries(
      ['uz', 'ru', 'en'].flatMap((lang) => [
        [`title_${lang}`, costly(titleChars)],
        [`desc_${lang}`, 'ab ' + '€'.repeat(descChars - 3)],
      ]),
    ),
  });

  it('keeps every page under the size docs/content.md states for it', async () => {
    // Ten times as many news as a page keeps, their titles five times their bound (what one answer may hold).
    const listed = Array.from({ length: 10 * LIST_BOUNDS.newsPage }, (_, i) => item(i + 1, 1500, 100));
    const routes = { '/news/yangiliklar/': listPage(listed), '/news/yangiliklar/1/': answer(item(1, 100_000, RICH_TEXT_LIMITS.maxShownChars)) };
    await withBackend(routes, async (backend) => {
      const app = testApp(backend.url);
      for (const [path, largest] of Object.entries(PAGES)) {
        const res = await request(app).get(path).set('user-agent', CRAWLER).expect(200);
        expect({ path, underBound: Buffer.byteLength(res.text) <= largest }).toEqual({ path, underBound: true });
      }
    });
  });
});

describe('what a URL can make a page reflect', () => {
  const app = testApp(null);

  it('cuts a 5,000-character query before any page reads it: its search page is the size of a short one', async () => {
    const short = await request(app).get('/search?q=ab').expect(200);
    const long = await request(app)
      .get(`/search?q=${'ab'.repeat(2500)}`)
      .expect(200);
    expect(long.text).not.toContain('ab'.repeat(SEARCH_QUERY_MAX_CHARS / 2 + 1));
    const input = new JSDOM(long.text).window.document.querySelector('main input[name="q"]') as HTMLInputElement;
    expect(input.value).toBe('ab'.repeat(SEARCH_QUERY_MAX_CHARS / 2));
    // Reflected in the head, the language links and the display panel, 200 characters each time: the page
    // grows by less than the query's own length (it grew by 13 times that).
    expect(long.text.length).toBeLessThan(short.text.length + 5000);
    // The worst a query can do (four-byte characters, percent-encoded in every link) stays under the stated 128 KiB.
    const worst = await request(app)
      .get(`/search?q=${encodeURIComponent('😀"&'.repeat(400))}`)
      .expect(200);
    expect(Buffer.byteLength(worst.text)).toBeLessThan(128 * 1024);
  });

  it('shows an 8 KB unknown path as a 404 that reflects no more than 256 characters of it', async () => {
    const short = await request(app).get('/ru/nope').expect(404);
    const path = 'x'.repeat(8 * 1024);
    const long = await request(app).get(`/ru/${path}`).expect(404);
    expect(long.text).toContain('Unexpected Application Error!');
    expect(long.text).not.toContain('x'.repeat(PAGE_PATH_MAX_CHARS));
    // Reflected about 17 times, at most 256 characters each: the page grows by less than the path's own length.
    expect(long.text.length).toBeLessThan(short.text.length + path.length);
    // The worst a path can do (quotes and ampersands, escaped wherever it is written) stays under the stated 64 KiB.
    const worst = await request(app)
      .get(`/ru/${'&"'.repeat(1500)}`)
      .expect(404);
    expect(Buffer.byteLength(worst.text)).toBeLessThan(64 * 1024);
  });

  it('cuts the other parameters pages read too', async () => {
    const long = await request(app)
      .get(`/Vacancies?department=${'d'.repeat(5000)}&type=${'t'.repeat(5000)}`)
      .expect(200);
    expect(long.text).not.toContain('d'.repeat(SEARCH_QUERY_MAX_CHARS + 1));
    expect(long.text).not.toContain('t'.repeat(SEARCH_QUERY_MAX_CHARS + 1));
  });
});
