import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyrillicText } from '../../shared/cyrillic';
import { PAGE_TABLE as PAGES } from '../../shared/page-table';
import { UNIVERSITY_NAMES } from '../../shared/site';
import { catalogueMade, testApp } from '../helpers/app';
import { waitUntil } from '../helpers/wait';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { ALL_NEWS, discoveryRoutes, HOSTILE_NEWS_TITLE } from '../helpers/fixtures-discovery';
import { imageSource } from '../helpers/image-urls';

const SITE = 'https://ztu.example.uz';
const LANGS = [
  { lang: 'uz', tag: 'uz', prefix: '' },
  { lang: 'uz-cyrl', tag: 'uz-Cyrl', prefix: '/uz-cyrl' },
  { lang: 'ru', tag: 'ru', prefix: '/ru' },
  { lang: 'en', tag: 'en', prefix: '/en' },
] as const;

let backend: FakeBackend;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  backend = await startFakeBackend(discoveryRoutes());
  app = testApp(backend.url);
});
afterAll(() => backend.close());

/** A well-formed XML document, or a thrown parse error (jsdom's XML parser is strict). */
function parseXml(text: string): Document {
  return new JSDOM(text, { contentType: 'application/xml' }).window.document;
}

function parseHtml(text: string): Document {
  return new JSDOM(text).window.document;
}

/** The result links of a search page, in order. */
function resultLinks(html: string): string[] {
  return [...parseHtml(html).querySelectorAll('.search-results .search-hit__title a')].map((a) => a.getAttribute('href')!);
}

async function search(prefix: string, q: string) {
  const res = await request(app).get(`${prefix}/search`).query({ q }).expect(200);
  return { res, links: resultLinks(res.text) };
}

describe('site search', () => {
  it('finds Latin text from Cyrillic Uzbek and marks the matched Latin word', async () => {
    const { res, links } = await search('', 'ўқув');
    expect(links).toContain('/news/201');
    expect(res.text).toContain('<mark>o‘quv</mark>');
  });

  for (const q of ["o'quv", 'oʻquv', 'o’quv', 'o`quv', 'O‘QUV']) {
    it(`finds the news item written "o‘quv" for the query ${q}`, async () => {
      expect((await search('', q)).links).toContain('/news/201');
    });
  }

  for (const q of ["g'alaba", 'gʻalaba', 'shahar', 'SHAHAR MAYDONIDA']) {
    it(`finds Cyrillic Uzbek text ('Ғалаба … шаҳар майдонида') for the Latin query ${q}`, async () => {
      const { res, links } = await search('', q);
      expect(links).toContain('/news/202');
      expect(res.text).toMatch(/<mark>(Ғалаба|шаҳар)<\/mark>/);
    });
  }

  it('finds Russian by a word prefix (учеб → учебный) and links to the Russian page', async () => {
    const { res, links } = await search('/ru', 'учеб');
    expect(links).toContain('/ru/news/201');
    expect(res.text).toContain('<mark>учебный</mark>');
    expect(res.text).toContain('<html lang="ru"');
  });

  it('finds English by a word prefix (admiss) and links to the English page', async () => {
    const { links } = await search('/en', 'admiss');
    expect(links).toContain('/en/news/203');
  });

  it('links every result to a page in the language it was asked in', async () => {
    for (const { prefix } of LANGS) {
      const { links } = await search(prefix, 'universitet university университет');
      const all = [...links, ...(await search(prefix, 'a')).links, ...(await search(prefix, 'ta')).links];
      for (const link of all) {
        if (prefix) expect(link.startsWith(`${prefix}/`) || link === prefix).toBe(true);
        else expect(link).not.toMatch(/^\/(ru|en)(\/|$)/);
      }
    }
  });

  it('finds staff, faculties, programme codes, articles, vacancies and static pages', async () => {
    expect((await search('', 'Karimov Anvar')).links).toContain('/department/1');
    expect((await search('/ru', 'Экономика')).links).toContain('/ru/department/1');
    expect((await search('', '60230100')).links).toContain('/kunduzgi');
    expect((await search('/en', 'Article en-article')).links).toContain('/en/qqk/1');
    expect((await search('', 'Kimyo')).links).toContain('/Vacancies');
    expect((await search('', 'turar joyi')).links).toContain('/TTJ');
    expect((await search('/ru', 'общежитие')).links).toContain('/ru/TTJ');
  });

  it('shows a count, the kind and the date of each result, and keeps the query in the search box', async () => {
    const { res } = await search('/en', 'admission');
    const doc = parseHtml(res.text);
    expect(doc.querySelector('.search-count')?.textContent).toMatch(/Results found: [1-9]\d*/);
    expect(doc.querySelector('.search-hit__kind')?.textContent).toBeTruthy();
    expect(doc.querySelector('.search-hit time')?.getAttribute('datetime')).toBeTruthy();
    expect((doc.querySelector('main input[name="q"]') as HTMLInputElement).value).toBe('admission');
    expect(doc.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('says so when nothing matches', async () => {
    const { res, links } = await search('', 'qwxzjv');
    expect(links).toEqual([]);
    expect(res.text).toContain('Topilgan natijalar: 0');
    expect(res.text).toContain('Hech narsa topilmadi');
  });

  it('shows the search box and a hint for an empty query', async () => {
    for (const url of ['/search', '/search?q=', '/ru/search?q=%20%20']) {
      const res = await request(app).get(url).expect(200);
      const doc = parseHtml(res.text);
      expect(doc.querySelector('main form[role="search"] input[name="q"]')).not.toBeNull();
      expect(doc.querySelector('main .notice')?.textContent?.length).toBeGreaterThan(20);
      expect(doc.querySelector('.search-results')).toBeNull();
    }
  });

  it('never answers a bad query with a 5xx, and never reflects its markup', async () => {
    const bad = ['<script>alert(1)</script>', 'a'.repeat(5000), '"><img src=x onerror=alert(1)>', '\u0000', 'ўқув'.repeat(300)];
    for (const q of bad) {
      const res = await request(app).get('/search').query({ q });
      expect(res.status).toBeLessThan(500);
      expect(res.text).not.toContain('<script>alert(1)');
      expect(res.text).not.toContain('<img src=x');
      const value = (parseHtml(res.text).querySelector('main input[name="q"]') as HTMLInputElement).value;
      expect(Array.from(value).length).toBeLessThanOrEqual(200);
    }
    for (const url of ['/search?q=%00', '/search?q=%E0%A4%A', '/search?q[]=a&q[]=b', '/en/search?q=%3Cscript%3E']) {
      const res = await request(app).get(url);
      expect(res.status, url).toBeLessThan(500);
      expect(res.text).not.toContain('<script>alert');
    }
  });

  it('never calls the backend per query, and never keeps results in the page cache', async () => {
    await search('', 'qabul');
    const calls = backend.calls();
    const renders = app.locals.renders;
    for (let i = 0; i < 5; i++) await search('', 'qabul');
    expect(backend.calls()).toBe(calls);
    expect(app.locals.renders - renders).toBe(5);
  });
});

describe('robots.txt', () => {
  it('lets crawlers fetch every page, noindex ones too (to read the noindex), and names the sitemap', async () => {
    const res = await request(app).get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
    const lines = res.text.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const disallowed = lines.filter((line) => line.startsWith('Disallow:')).map((line) => line.slice('Disallow:'.length).trim());
    // Google's matching: a rule is a path prefix, `$` anchors its end, `*` matches anything.
    const blocked = (path: string) =>
      disallowed.some((rule) =>
        new RegExp(
          `^${rule
            .replace(/[.+?^{}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '.*')
            .replace(/\\\$$/, '$')}`,
        ).test(path),
      );
    for (const page of PAGES.filter((p) => p.noindex)) {
      for (const { prefix } of LANGS) expect(blocked(`${prefix}/${page.path}`), `${prefix}/${page.path}`).toBe(false);
    }
    for (const path of ['/search', '/search?q=talaba', '/ru/search', '/testimonials', '/_database', '/']) expect(blocked(path), path).toBe(false);
  });

  it('answers a revalidation with 304', async () => {
    const first = await request(app).get('/robots.txt').expect(200);
    await request(app)
      .get('/robots.txt')
      .set('If-None-Match', first.headers.etag as string)
      .expect(304);
  });
});

describe('validators of the sitemap and the feeds', () => {
  for (const url of ['/sitemap.xml', '/rss.xml', '/ru/rss.xml', '/en/rss.xml']) {
    it(`${url} sends the same ETag and Last-Modified each time and answers conditional requests with 304`, async () => {
      const first = await request(app).get(url).set('Accept-Encoding', 'gzip').expect(200);
      const etag = first.headers.etag as string;
      const lastModified = first.headers['last-modified'] as string;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(new Date(lastModified).toUTCString()).toBe(lastModified);
      const again = await request(app).get(url).expect(200);
      expect([again.headers.etag, again.headers['last-modified']]).toEqual([etag, lastModified]);
      const byTag = await request(app).get(url).set('If-None-Match', etag).expect(304);
      expect(byTag.text ?? '').toBe('');
      await request(app).get(url).set('If-Modified-Since', lastModified).expect(304);
      await request(app).get(url).set('If-None-Match', '"other"').set('If-Modified-Since', lastModified).expect(200);
      await request(app)
        .get(url)
        .set('If-Modified-Since', new Date(Date.parse(lastModified) - 1000).toUTCString())
        .expect(200);
    });
  }
});

describe('the sitemap and the feeds of a new replica whose backend hangs', () => {
  it('answer 503 with Retry-After before a proxy would give up on the replica, and the documents once the catalogue is made', async () => {
    const slow = await startFakeBackend(discoveryRoutes());
    let answerNow!: () => void;
    const mayAnswer = new Promise<void>((resolve) => (answerNow = resolve));
    slow.set('/news/yangiliklar/', { raw: await fetch(`${backend.url}/news/yangiliklar/`).then((r) => r.text()), until: mayAnswer });
    try {
      // The catalogue waits for the held news list, so whatever the machine's speed the wait is over first.
      const fresh = testApp(slow.url, { BACKEND_TIMEOUT_MS: '60000' }, { crawlerWaitMs: 50 });
      for (const url of ['/sitemap.xml', '/rss.xml', '/en/rss.xml']) {
        const res = await request(fresh).get(url).expect(503);
        expect(res.headers['retry-after']).toBe('60');
        expect(res.headers['cache-control']).toBe('no-store');
      }
      answerNow();
      await waitUntil(async () => (await request(fresh).get('/sitemap.xml')).status === 200);
    } finally {
      answerNow();
      await slow.close();
    }
  });
});

describe('sitemap.xml', () => {
  let doc: Document;
  let locs: string[];
  beforeAll(async () => {
    await catalogueMade(app);
    const res = await request(app).get('/sitemap.xml').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/);
    doc = parseXml(res.text);
    locs = [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent);
  });

  it('lists every indexable route of the route table in the three languages, with absolute URLs', () => {
    for (const page of PAGES.filter((p) => !p.noindex && !p.path.includes(':'))) {
      for (const { prefix } of LANGS) {
        const path = page.path ? `${prefix}/${page.path}` : prefix || '/';
        expect(locs, path).toContain(SITE + path);
      }
    }
    for (const loc of locs) expect(loc.startsWith(`${SITE}/`)).toBe(true);
  });

  it('leaves out search and the mock screens', () => {
    for (const page of PAGES.filter((p) => p.noindex)) {
      expect(locs.filter((loc) => loc.toLowerCase().endsWith(`/${page.path.toLowerCase()}`))).toEqual([]);
    }
  });

  it('lists every news item (all pages), article and faculty page, with lastmod where there is a date', () => {
    for (const { id } of ALL_NEWS) for (const { prefix } of LANGS) expect(locs).toContain(`${SITE}${prefix}/news/${id}`);
    for (const { prefix } of LANGS) {
      expect(locs).toContain(`${SITE}${prefix}/qqk/1`);
      expect(locs).toContain(`${SITE}${prefix}/department/1`);
      expect(locs).toContain(`${SITE}${prefix}/department/2`);
    }
    const news = [...doc.getElementsByTagName('url')].find((url) => url.getElementsByTagName('loc')[0]!.textContent === `${SITE}/ru/news/201`)!;
    expect(news.getElementsByTagName('lastmod')[0]?.textContent).toBe('2026-10-25T04:00:00.000Z');
  });

  it('dates each list by its newest item, and leaves undated pages without lastmod', () => {
    const lastmod = (loc: string) =>
      [...doc.getElementsByTagName('url')].find((url) => url.getElementsByTagName('loc')[0]!.textContent === loc)!.getElementsByTagName('lastmod')[0]
        ?.textContent ?? null;
    const newestNews = new Date(Math.max(...ALL_NEWS.map((item) => Date.parse(item.created_at)))).toISOString();
    for (const { prefix } of LANGS) {
      expect(lastmod(`${SITE}${prefix}/newsAll`)).toBe(newestNews);
      expect(lastmod(`${SITE}${prefix}/qqk`)).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(lastmod(`${SITE}${prefix}/about`)).toBeNull();
    }
  });

  it('gives every <url> its uz, uz-Cyrl, ru, en and x-default alternates', () => {
    const urls = [...doc.getElementsByTagName('url')];
    expect(urls.length).toBe(locs.length);
    for (const url of urls) {
      const links = [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')];
      expect(links.map((l) => l.getAttribute('hreflang'))).toEqual(['uz', 'uz-Cyrl', 'ru', 'en', 'x-default']);
      const loc = url.getElementsByTagName('loc')[0]!.textContent;
      expect(links.map((l) => l.getAttribute('href'))).toContain(loc);
      for (const link of links) expect(link.getAttribute('href')!.startsWith(`${SITE}/`)).toBe(true);
    }
  });
});

describe('RSS feeds', () => {
  for (const { lang, tag, prefix } of LANGS) {
    it(`${prefix || ''}/rss.xml is RSS 2.0 of the latest 20 news in ${lang}, well-formed despite a hostile title`, async () => {
      const res = await request(app).get(`${prefix}/rss.xml`).set('Accept-Encoding', 'gzip').expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
      const doc = parseXml(res.text);
      expect(doc.documentElement.getAttribute('version')).toBe('2.0');
      expect(doc.querySelector('channel > language')?.textContent).toBe(tag);
      const items = [...doc.getElementsByTagName('item')];
      expect(items).toHaveLength(20);
      const titles = items.map((item) => item.getElementsByTagName('title')[0]!.textContent);
      const uz = 'Yangi o‘quv binosi ochildi';
      const expected = { uz, 'uz-cyrl': cyrillicText(uz), ru: 'Открыт новый учебный корпус', en: 'New teaching building opens' }[lang];
      expect(titles[0]).toBe(expected);
      // Forbidden characters dropped, markup kept as text.
      const hostile = lang === 'uz-cyrl' ? cyrillicText(HOSTILE_NEWS_TITLE) : HOSTILE_NEWS_TITLE;
      expect(titles).toContain(hostile.replace(/[\uFFFF\uD800]/g, ''));
      for (const item of items) {
        const link = item.getElementsByTagName('link')[0]!.textContent;
        expect(link).toMatch(new RegExp(`^${SITE}${prefix}/news/\\d+$`));
        expect(item.getElementsByTagName('guid')[0]!.textContent).toBe(link);
        expect(Number.isNaN(Date.parse(item.getElementsByTagName('pubDate')[0]!.textContent))).toBe(false);
        expect(item.getElementsByTagName('description')[0]!.textContent).not.toContain('<');
      }
      expect(res.text).not.toContain('<script>');
    });
  }

  it('is linked from the head of every page, in the page language', async () => {
    for (const { prefix } of LANGS) {
      const doc = parseHtml((await request(app).get(`${prefix}/about`).expect(200)).text);
      expect(doc.querySelector('head link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe(`${SITE}${prefix}/rss.xml`);
    }
  });
});

describe('link previews and structured data', () => {
  // Open Graph has one Uzbek locale, uz_UZ, for both scripts.
  const OG_LOCALE = { uz: 'uz_UZ', 'uz-cyrl': 'uz_UZ', ru: 'ru_RU', en: 'en_US' } as const;

  function meta(doc: Document, property: string): string | null {
    return doc.querySelector(`head meta[property="${property}"], head meta[name="${property}"]`)?.getAttribute('content') ?? null;
  }

  function jsonLd(doc: Document): Array<Record<string, unknown>> {
    return [...doc.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent) as Record<string, unknown>);
  }

  async function page(url: string) {
    const res = await request(app).get(url).expect(200);
    return { html: res.text, doc: parseHtml(res.text) };
  }

  for (const { lang, tag, prefix } of LANGS) {
    it(`${prefix || '/'}: og tags, twitter card and the university's JSON-LD on the home page (${lang})`, async () => {
      const { doc } = await page(prefix || '/');
      const canonical = doc.querySelector('link[rel="canonical"]')!.getAttribute('href');
      expect(meta(doc, 'og:url')).toBe(canonical);
      expect(meta(doc, 'og:type')).toBe('website');
      expect(meta(doc, 'og:title')).toBeTruthy();
      expect(meta(doc, 'og:description')).toBeTruthy();
      expect(meta(doc, 'og:site_name')).toBeTruthy();
      expect(meta(doc, 'og:image')).toBe(`${SITE}/media/default/share.png`);
      expect(meta(doc, 'og:image:width')).toBe('1200');
      expect(meta(doc, 'og:image:height')).toBe('630');
      expect(meta(doc, 'og:locale')).toBe(OG_LOCALE[lang]);
      const alternates = [...doc.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) => m.getAttribute('content')).sort();
      expect(alternates).toEqual([...new Set(Object.values(OG_LOCALE))].filter((v) => v !== OG_LOCALE[lang]).sort());
      expect(meta(doc, 'twitter:card')).toBe('summary_large_image');
      // A shared link to the home page names the university, in the page's language.
      expect(meta(doc, 'og:title')).toBe(UNIVERSITY_NAMES[lang].name);
      expect(doc.querySelector('meta[name="twitter:title"]')?.getAttribute('content')).toBe(UNIVERSITY_NAMES[lang].name);
      expect(doc.querySelector('meta[name="twitter:description"]')?.getAttribute('content')).toBe(meta(doc, 'og:description'));
      expect(doc.querySelector('meta[name="twitter:image"]')?.getAttribute('content')).toBe(meta(doc, 'og:image'));
      const university = jsonLd(doc).find((d) => d['@type'] === 'CollegeOrUniversity')!;
      expect(university).toBeTruthy();
      // One entity, described alike on every page: one @id, one url, every language's name.
      expect(university['@id']).toBe(`${SITE}/#university`);
      expect(university.url).toBe(`${SITE}/`);
      expect([university.name, ...(university.alternateName as string[])]).toEqual(
        expect.arrayContaining(Object.values(UNIVERSITY_NAMES).flatMap(({ name, shortName }) => [name, shortName])),
      );
      expect(university).not.toHaveProperty('availableLanguage');
      expect((university.contactPoint as { availableLanguage: string[] }).availableLanguage).toEqual(['uz', 'uz-Cyrl', 'ru', 'en']);
      expect(university.logo).toMatch(new RegExp(`^${SITE}/`));
      expect(university.telephone).toBeTruthy();
      expect((university.address as { addressCountry: string }).addressCountry).toBe('UZ');
      expect(university.sameAs).toEqual(expect.arrayContaining([expect.stringMatching(/instagram/), expect.stringMatching(/t\.me/)]));
      expect(jsonLd(doc).some((d) => d['@type'] === 'BreadcrumbList')).toBe(false);
    });

    it(`${prefix}/news/201: an article preview with its date and a NewsArticle (${lang})`, async () => {
      const { doc } = await page(`${prefix}/news/201`);
      expect(meta(doc, 'og:type')).toBe('article');
      expect(meta(doc, 'article:published_time')).toBe('2026-10-25T09:00:00+05:00');
      expect(meta(doc, 'og:url')).toBe(`${SITE}${prefix}/news/201`);
      // The item's own photo is the preview: the image endpoint's 1200x630 crop of it, absolute.
      const preview = meta(doc, 'og:image') ?? '';
      expect(preview).toMatch(new RegExp(`^${SITE}/_img/[\\w-]+/og/`));
      expect(imageSource(preview)).toBe(`${backend.url}/media/news/n201.jpg`);
      expect([meta(doc, 'og:image:width'), meta(doc, 'og:image:height')]).toEqual(['1200', '630']);
      const article = jsonLd(doc).find((d) => d['@type'] === 'NewsArticle')!;
      expect(article.headline).toBe(meta(doc, 'og:title'));
      expect(article.datePublished).toBe('2026-10-25T09:00:00+05:00');
      expect(article.inLanguage).toBe(tag);
      expect(article.image).toEqual([preview]);
      // No author and no edit date from the backend: the university wrote it, and it is as published.
      expect(article.author).toMatchObject({ '@type': 'CollegeOrUniversity', '@id': `${SITE}/#university` });
      expect(article.dateModified).toBe(article.datePublished);
      expect(meta(doc, 'article:modified_time')).toBeNull();
      const crumbs = jsonLd(doc).find((d) => d['@type'] === 'BreadcrumbList')!;
      const items = crumbs.itemListElement as Array<{ position: number; item: string }>;
      expect(items.map((i) => i.position)).toEqual([1, 2, 3]);
      expect(items.map((i) => i.item)).toEqual([`${SITE}${prefix || '/'}`, `${SITE}${prefix}/newsAll`, `${SITE}${prefix}/news/201`]);
    });

    it(`${prefix}/about: a website preview and a breadcrumb trail (${lang})`, async () => {
      const { doc } = await page(`${prefix}/about`);
      expect(meta(doc, 'og:type')).toBe('website');
      expect(meta(doc, 'og:url')).toBe(`${SITE}${prefix}/about`);
      expect(meta(doc, 'og:locale')).toBe(OG_LOCALE[lang]);
      const crumbs = jsonLd(doc).find((d) => d['@type'] === 'BreadcrumbList')!;
      expect((crumbs.itemListElement as unknown[]).length).toBe(2);
    });

    it(`${prefix}/qqk/1: an Article with its date (${lang})`, async () => {
      const { doc } = await page(`${prefix}/qqk/1`);
      expect(meta(doc, 'og:type')).toBe('article');
      const article = jsonLd(doc).find((d) => d['@type'] === 'Article')!;
      expect(article.datePublished).toBe('2025-02-18T10:00:00+05:00');
      expect(article.inLanguage).toBe(tag);
      // The backend names the author and the last edit.
      // A backend name is Uzbek content: the uz-cyrl rendition writes it in Cyrillic.
      expect(article.author).toEqual({ '@type': 'Person', name: lang === 'uz-cyrl' ? cyrillicText('Bahodir Karimov') : 'Bahodir Karimov' });
      expect(article.dateModified).toBe('2025-03-01T12:30:00+05:00');
      expect(meta(doc, 'article:modified_time')).toBe('2025-03-01T12:30:00+05:00');
    });
  }

  it('makes a later page of a list canonical to itself, in every language, and page 1 to the list', async () => {
    for (const list of ['/newsAll', '/publicNews', '/newsUnversity', '/xalqaroNews']) {
      for (const { prefix } of LANGS) {
        const { doc } = await page(`${prefix}${list}?page=2&utm_source=x`);
        expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href'), list).toBe(`${SITE}${prefix}${list}?page=2`);
        expect(meta(doc, 'og:url')).toBe(`${SITE}${prefix}${list}?page=2`);
        const alternates = [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => link.getAttribute('href'));
        expect(alternates).toEqual([
          `${SITE}${list}?page=2`,
          `${SITE}/uz-cyrl${list}?page=2`,
          `${SITE}/ru${list}?page=2`,
          `${SITE}/en${list}?page=2`,
          `${SITE}${list}?page=2`,
        ]);
      }
    }
    const first = await page('/newsAll?page=1');
    expect(first.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/newsAll`);
    // A page that is no list keeps its plain URL whatever the query says.
    const about = await page('/about?page=3');
    expect(about.doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/about`);
  });

  it('keeps a hostile title inside its JSON-LD and meta tags', async () => {
    const { html, doc } = await page('/en/news/204');
    expect(html).not.toContain('<script>alert(1)');
    const article = jsonLd(doc).find((d) => d['@type'] === 'NewsArticle')!;
    expect(article.headline).toContain('</script><script>alert(1)</script> & Co');
    for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) expect(script.innerHTML).not.toMatch(/[<>&]/);
  });

  it('writes the canonical URL (and og:url) in the route table spelling whatever the case asked', async () => {
    const { doc } = await page('/RU/ABOUT');
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${SITE}/ru/about`);
    expect(meta(doc, 'og:url')).toBe(`${SITE}/ru/about`);
  });
});

describe('with the backend failing', () => {
  it('still serves a well-formed sitemap of the pages, empty feeds and search, none of them cached at the edge', async () => {
    const down = await startFakeBackend({ '/news/yangiliklar/': { status: 500 }, '/news/maqolalar/': { raw: '{not json' } });
    try {
      const failing = testApp(down.url);
      await catalogueMade(failing);
      const sitemap = await request(failing).get('/sitemap.xml').expect(200);
      const locs = [...parseXml(sitemap.text).getElementsByTagName('loc')].map((loc) => loc.textContent);
      expect(locs).toContain(`${SITE}/ru/about`);
      expect(locs.some((loc) => loc.includes('/news/'))).toBe(false);
      expect(sitemap.headers['cache-control']).toBe('no-store');
      const feed = await request(failing).get('/en/rss.xml').expect(200);
      expect(parseXml(feed.text).getElementsByTagName('item')).toHaveLength(0);
      expect(feed.headers['cache-control']).toBe('no-store');
      const found = await request(failing).get('/en/search').query({ q: 'dormitory' }).expect(200);
      expect(resultLinks(found.text)).toContain('/en/TTJ');
    } finally {
      await down.close();
    }
  });
});

describe('the index follows the data', () => {
  it('rebuilds in the background when the backend data changes, and meanwhile answers from the last build', async () => {
    const local = await startFakeBackend(discoveryRoutes());
    try {
      let now = 1_000_000;
      const fresh = testApp(local.url, { CACHE_TTL_S: '1' }, { now: () => now });
      const find = async (q: string) => resultLinks((await request(fresh).get('/search').query({ q }).expect(200)).text);
      expect(await find('Zilzilaga')).toEqual([]);
      const page1 = discoveryRoutes()['/news/yangiliklar/']! as { json: { results: unknown[] } };
      local.set('/news/yangiliklar/', {
        json: {
          ...page1.json,
          results: [{ ...(page1.json.results[0] as object), id: 201, title_uz: 'Zilzilaga tayyorgarlik mashqi' }, ...page1.json.results.slice(1)],
        },
      });
      now += 1100;
      const before = fresh.locals.cache.versionOf('/news/yangiliklar/');
      await find('Zilzilaga'); // sees the entries stale: they refresh, and the index follows
      // The refresh is an HTTP call: wait until the new list is stored, then for the rebuild it starts.
      await waitUntil(() => fresh.locals.cache.versionOf('/news/yangiliklar/') !== before);
      await fresh.locals.search.idle();
      // A build that ended before the list's store, and was not used since, catches up on its next
      // use (which still answers from it): one more query and build, then the new item is found.
      await find('Zilzilaga');
      await fresh.locals.search.idle();
      expect(await find('Zilzilaga')).toContain('/news/201');
    } finally {
      await local.close();
    }
  });
});
