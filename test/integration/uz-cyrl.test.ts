/**
 * The uz-cyrl rendition (Uzbek in Cyrillic, made from the Latin content) through routes, discovery and
 * search, against a fake backend. Expected Cyrillic texts come from the site's own transliteration
 * (shared/cyrillic.ts), so these tests check where it is applied, not its spelling rules.
 */
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyrillicText } from '../../shared/cyrillic';
import { formatDate } from '../../shared/format';
import { catalogueMade, pagesStored, testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { newsItem } from '../helpers/fixtures';
import { discoveryRoutes } from '../helpers/fixtures-discovery';

const SITE = 'https://ztu.example.uz';
const RENDITIONS = [
  { tag: 'uz', prefix: '' },
  { tag: 'uz-Cyrl', prefix: '/uz-cyrl' },
  { tag: 'ru', prefix: '/ru' },
  { tag: 'en', prefix: '/en' },
];
const CYRILLIC = /[\u0400-\u04ff]/;

/** Rich text with what must stay as written: a link, an e-mail address, code and marked Latin names. */
const RICH_NEWS = newsItem(301, {
  title_uz: 'Ochiq eshiklar kuni',
  desc_uz:
    '<p>Batafsil <a href="https://ztu.uz/qabul">qabul sahifasida</a>, savollar: info@ztu.uz. ' +
    'Buyruq: <code>npm run build</code>. Mehmon: <span lang="en">Open Day</span>, <span translate="no">Samsung Galaxy</span>.</p>' +
    '<p><img src="https://ztu.uz/media/bino.jpg" alt="Yangi oʻquv binosi"> <span title="Oliy taʼlim muassasasi">OTM</span></p>',
  created_at: '2026-09-15T10:00:00+05:00',
});
/** A hostile Latin title and rich text: markup and a javascript: link. */
const HOSTILE_NEWS = newsItem(302, {
  title_uz: '<script>alert(1)</script> javascript:alert(2) yangilik',
  desc_uz: '<p><a href="javascript:alert(3)">bosing</a> <img src=x onerror="alert(4)"> matn</p><script>alert(5)</script>',
});

let backend: FakeBackend;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  backend = await startFakeBackend({
    ...discoveryRoutes(),
    '/news/yangiliklar/301/': { json: RICH_NEWS },
    '/news/yangiliklar/302/': { json: HOSTILE_NEWS },
  });
  app = testApp(backend.url);
});
afterAll(() => backend.close());

const parse = (html: string) => new JSDOM(html).window.document;
const parseXml = (xml: string) => new JSDOM(xml, { contentType: 'application/xml' }).window.document;

describe('uz-cyrl pages', () => {
  for (const path of ['', '/about', '/newsAll', '/news/201', '/Vacancies']) {
    it(`/uz-cyrl${path} is a uz-Cyrl page with its canonical URL and reciprocal hreflang alternates`, async () => {
      const doc = parse((await request(app).get(`/uz-cyrl${path}`).expect(200)).text);
      expect(doc.documentElement.getAttribute('lang')).toBe('uz-Cyrl');
      expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${SITE}/uz-cyrl${path}`);
      const alternates = [...doc.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
      expect(alternates).toEqual([...RENDITIONS.map(({ tag, prefix }) => [tag, `${SITE}${prefix + path || '/'}`]), ['x-default', `${SITE}${path || '/'}`]]);
      expect(doc.querySelector('h1')?.textContent).toMatch(CYRILLIC);
    });
  }

  it('is listed, reciprocally, by every other rendition of the page', async () => {
    for (const { prefix } of RENDITIONS) {
      const doc = parse((await request(app).get(`${prefix}/about`).expect(200)).text);
      expect(doc.querySelector('link[rel="alternate"][hreflang="uz-Cyrl"]')?.getAttribute('href')).toBe(`${SITE}/uz-cyrl/about`);
    }
  });

  it('answers case-insensitively (/UZ-CYRL/About) as the same rendition', async () => {
    const doc = parse((await request(app).get('/UZ-CYRL/About').expect(200)).text);
    expect(doc.documentElement.getAttribute('lang')).toBe('uz-Cyrl');
  });

  it('offers the language menu with Ўзбекча beside Oʻzbekcha, Русский and English, each a link to the same page', async () => {
    const doc = parse((await request(app).get('/uz-cyrl/about').expect(200)).text);
    const links = [...doc.querySelectorAll('.lang-switch a[hreflang]')].map((a) => [a.textContent, a.getAttribute('hreflang'), a.getAttribute('href')]);
    expect(links).toEqual([
      ['Oʻzbekcha', 'uz', '/about'],
      ['Ўзбекча', 'uz-Cyrl', '/uz-cyrl/about'],
      ['Русский', 'ru', '/ru/about'],
      ['English', 'en', '/en/about'],
    ]);
  });

  it('previews as uz_UZ (Open Graph has no Uzbek Cyrillic locale), naming each other locale once', async () => {
    const doc = parse((await request(app).get('/uz-cyrl/news/201').expect(200)).text);
    expect(doc.querySelector('meta[property="og:locale"]')?.getAttribute('content')).toBe('uz_UZ');
    const alternates = [...doc.querySelectorAll('meta[property="og:locale:alternate"]')].map((m) => m.getAttribute('content'));
    expect(alternates.sort()).toEqual(['en_US', 'ru_RU']);
    expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')).toBe(cyrillicText('Yangi o‘quv binosi ochildi'));
    const article = [...doc.querySelectorAll('script[type="application/ld+json"]')]
      .map((s) => JSON.parse(s.textContent) as Record<string, unknown>)
      .find((d) => d['@type'] === 'NewsArticle');
    expect(article?.inLanguage).toBe('uz-Cyrl');
  });

  it('shows backend titles and dates in Cyrillic: the title transliterated, the date from ICU', async () => {
    const html = (await request(app).get('/uz-cyrl/news/301').expect(200)).text;
    const doc = parse(html);
    expect(doc.querySelector('h1')?.textContent).toBe(cyrillicText('Ochiq eshiklar kuni'));
    expect(doc.querySelector('main')?.textContent).toContain(formatDate('2026-09-15T10:00:00+05:00', 'uz-cyrl')!);
    expect(formatDate('2026-09-15T10:00:00+05:00', 'uz-cyrl')).toMatch(CYRILLIC);
  });

  it('keeps the URL, e-mail address, code and text marked as Latin in rich text, and writes the rest in Cyrillic', async () => {
    const main = parse((await request(app).get('/uz-cyrl/news/301').expect(200)).text).querySelector('main')!;
    const link = main.querySelector('a[href="https://ztu.uz/qabul"]');
    expect(link?.textContent).toBe(cyrillicText('qabul sahifasida'));
    expect(main.querySelector('code')?.textContent).toBe('npm run build');
    expect(main.querySelector('[lang="en"]')?.textContent).toBe('Open Day');
    expect(main.querySelector('[translate="no"]')?.textContent).toBe('Samsung Galaxy');
    expect(main.textContent).toContain('info@ztu.uz');
    expect(main.textContent).toContain(cyrillicText('Batafsil'));
    expect(main.textContent).not.toContain('Batafsil');
  });

  it('writes the alt and title of rich text in Cyrillic: with images off the reader gets the Cyrillic description', async () => {
    const main = parse((await request(app).get('/uz-cyrl/news/301').expect(200)).text).querySelector('main')!;
    expect(main.querySelector('.prose img')?.getAttribute('alt')).toBe(cyrillicText('Yangi oʻquv binosi'));
    expect(main.querySelector('.prose span[title]')?.getAttribute('title')).toBe(cyrillicText('Oliy taʼlim muassasasi'));
    const imagesOff = parse((await request(app).get('/uz-cyrl/news/301').set('cookie', 'a11y=images:off').expect(200)).text);
    expect(imagesOff.querySelector('main .img-alt')?.textContent).toBe('Янги ўқув биноси');
  });

  it('keeps a hostile Latin title and rich text safe in Cyrillic', async () => {
    const html = (await request(app).get('/uz-cyrl/news/302').expect(200)).text;
    const main = parse(html).querySelector('main')!;
    expect(main.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
    expect(main.querySelector('[onerror]')).toBeNull();
    expect([...main.querySelectorAll('a[href]')].some((a) => /javascript:/i.test(a.getAttribute('href')!))).toBe(false);
    expect(main.querySelector('h1')?.textContent).toBe(cyrillicText('<script>alert(1)</script> javascript:alert(2) yangilik'));
    expect(html).not.toMatch(/<script>alert/i);
  });

  it('is stored in the page cache like the others: a warm page is served without rendering again', async () => {
    await request(app).get('/uz-cyrl/rektorat').expect(200);
    await pagesStored(app, 1);
    const renders = app.locals.renders;
    const again = await request(app).get('/uz-cyrl/rektorat').expect(200);
    expect(app.locals.renders).toBe(renders);
    expect(again.text).toContain('lang="uz-Cyrl"');
  });
});

describe('uz-cyrl in the sitemap and feeds', () => {
  it('lists every page in four renditions, each with uz-Cyrl among its alternates', async () => {
    await catalogueMade(app);
    const doc = parseXml((await request(app).get('/sitemap.xml').expect(200)).text);
    const locs = [...doc.getElementsByTagName('loc')].map((l) => l.textContent);
    const under = (prefix: string) => locs.filter((loc) => loc === `${SITE}${prefix}` || loc.startsWith(`${SITE}${prefix}/`));
    const cyrl = under('/uz-cyrl');
    expect(cyrl.length).toBe(under('/ru').length);
    expect(cyrl.length * 4).toBe(locs.length);
    expect(cyrl).toContain(`${SITE}/uz-cyrl/news/201`);
    for (const url of [...doc.getElementsByTagName('url')]) {
      const links = [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map((l) => l.getAttribute('hreflang'));
      expect(links).toEqual(['uz', 'uz-Cyrl', 'ru', 'en', 'x-default']);
    }
  });

  it('has one RSS feed per rendition; /uz-cyrl/rss.xml is in uz-Cyrl with Cyrillic titles and uz-cyrl links', async () => {
    for (const { prefix } of RENDITIONS) await request(app).get(`${prefix}/rss.xml`).expect(200);
    const doc = parseXml((await request(app).get('/uz-cyrl/rss.xml').expect(200)).text);
    expect(doc.querySelector('channel > language')?.textContent).toBe('uz-Cyrl');
    const item = doc.getElementsByTagName('item')[0]!;
    expect(item.getElementsByTagName('title')[0]!.textContent).toBe(cyrillicText('Yangi o‘quv binosi ochildi'));
    expect(item.getElementsByTagName('link')[0]!.textContent).toBe(`${SITE}/uz-cyrl/news/201`);
    const head = parse((await request(app).get('/uz-cyrl/about').expect(200)).text);
    expect(head.querySelector('link[type="application/rss+xml"]')?.getAttribute('href')).toBe(`${SITE}/uz-cyrl/rss.xml`);
  });
});

describe('uz-cyrl search', () => {
  const hits = async (prefix: string, q: string) => {
    const doc = parse((await request(app).get(`${prefix}/search`).query({ q }).expect(200)).text);
    return [...doc.querySelectorAll('.search-results .search-hit__title a')].map((a) => ({ href: a.getAttribute('href'), title: a.textContent }));
  };

  // Uzbek in either script finds the Uzbek content in both Uzbek renditions; ru and en search their own.
  const QUERIES: Array<[prefix: string, query: string]> = [
    ['', 'ўқув'],
    ['', "o'quv"],
    ['/uz-cyrl', 'ўқув'],
    ['/uz-cyrl', 'oʻquv'],
    ['/ru', 'учеб'],
    ['/en', 'teaching'],
  ];
  for (const [prefix, q] of QUERIES) {
    it(`${prefix}/search?q=${q} finds the news item, linking to the page in its own rendition`, async () => {
      expect((await hits(prefix, q)).map((h) => h.href)).toContain(`${prefix}/news/201`);
    });
  }

  it('lists Cyrillic titles on the uz-cyrl results page', async () => {
    const found = (await hits('/uz-cyrl', 'binosi')).find((h) => h.href === '/uz-cyrl/news/201');
    expect(found?.title).toBe(cyrillicText('Yangi o‘quv binosi ochildi'));
  });
});
