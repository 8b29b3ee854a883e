import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyrillicText } from '../../shared/cyrillic';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { HOSTILE_TITLE, newsItem } from '../helpers/fixtures';
import { articles, categoryOf, EMOJI_TEXT, studyRoutes } from '../helpers/fixtures-study';

let backend: FakeBackend;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  backend = await startFakeBackend(studyRoutes());
  app = testApp(backend.url);
});
afterAll(() => backend.close());

const LANGS = [
  { lang: 'uz', tag: 'uz', prefix: '' },
  { lang: 'uz-cyrl', tag: 'uz-Cyrl', prefix: '/uz-cyrl' },
  { lang: 'ru', tag: 'ru', prefix: '/ru' },
  { lang: 'en', tag: 'en', prefix: '/en' },
] as const;
type Lang = (typeof LANGS)[number]['lang'];

/** The fields of study are the site's own content (content/site), whatever the backend. */
const studyFields = JSON.parse(readFileSync(new URL('../../content/site/study-fields.json', import.meta.url), 'utf8')) as Array<
  Record<string, string> & { code: string }
>;

/** Text as React wrote it into the HTML, back to what a reader sees. */
function decode(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The table row of a programme code (the server marks each row with data-code). */
function row(html: string, code: string): string {
  const match = new RegExp(`<tr data-code="${code}"[^>]*>([\\s\\S]*?)</tr>`).exec(html);
  if (!match) throw new Error(`no row for ${code}`);
  return match[0];
}

/** Ids of the news cards on a page, in order. */
function cardIds(html: string): number[] {
  return [
    ...html.matchAll(
      /class="news-card__link" href="(?:\/ru|\/en|\/uz-cyrl)?\/news\/(\d+)"|href="(?:\/ru|\/en|\/uz-cyrl)?\/news\/(\d+)" class="news-card__link"/g,
    ),
  ].map((m) => Number(m[1] ?? m[2]));
}

/** The uz-cyrl rendition's needle is the uz one in the site's own transliteration. */
const withCyrillic = (routes: Array<{ path: string; needle: Omit<Record<Lang, string>, 'uz-cyrl'> }>) =>
  routes.map(({ path, needle }) => ({ path, needle: { ...needle, 'uz-cyrl': cyrillicText(needle.uz) } }));

const ROUTES: Array<{ path: string; needle: Record<Lang, string> }> = withCyrillic([
  { path: '/kunduzgi', needle: { uz: 'Filologiya uz-prog', ru: 'Filologiya ru-prog', en: 'Filologiya en-prog' } },
  { path: '/sirtqi', needle: { uz: 'Sirtqi arxitektura uz-prog', ru: 'Sirtqi arxitektura ru-prog', en: 'Sirtqi arxitektura en-prog' } },
  { path: '/magistratura', needle: { uz: 'Magistr iqtisodiyot uz-prog', ru: 'Magistr iqtisodiyot ru-prog', en: 'Magistr iqtisodiyot en-prog' } },
  { path: '/napravleniya', needle: { uz: studyFields[18]!.name_uz!, ru: studyFields[18]!.name_ru!, en: studyFields[18]!.name_en! } },
  // Item 24 is public, 25 university, 23 (no category) university, 22 international.
  { path: '/publicNews', needle: { uz: 'Yangilik 24 uz-needle', ru: 'Новость 24 ru-needle', en: 'News 24 en-needle' } },
  { path: '/newsUnversity', needle: { uz: 'Yangilik 25 uz-needle', ru: 'Новость 25 ru-needle', en: 'News 25 en-needle' } },
  { path: '/xalqaroNews', needle: { uz: 'Yangilik 22 uz-needle', ru: 'Новость 22 ru-needle', en: 'News 22 en-needle' } },
  {
    path: '/elonlar',
    needle: {
      uz: 'Mintaqaviy iqtisodiyotning barqaror oʻsishi',
      ru: 'Устойчивый рост региональной экономики',
      en: 'Sustainable regional economic growth',
    },
  },
  { path: '/qqk', needle: { uz: 'Maqola uz-article', ru: 'Статья ru-article', en: 'Article en-article' } },
  { path: '/qqk/1', needle: { uz: 'uz-art-body', ru: 'ru-art-body', en: 'en-art-body' } },
]);

describe('study and news group pages in four renditions', () => {
  for (const { lang, tag, prefix } of LANGS) {
    for (const route of ROUTES) {
      it(`GET ${prefix}${route.path} is a whole ${lang} page with its data`, async () => {
        const res = await request(app)
          .get(prefix + route.path)
          .expect(200);
        expect(res.text).toContain(`<html lang="${tag}"`);
        expect(res.text).toContain(route.needle[lang]);
        for (const other of LANGS.filter((l) => l.lang !== lang)) expect(res.text).not.toContain(route.needle[other.lang]);
        expect(res.text).toContain(`<link rel="canonical" href="https://ztu.example.uz${prefix}${route.path}"/>`);
      });
    }
  }
});

describe('programmes', () => {
  it('formats tuition per language: grouped with no-break spaces, the currency word of the language', async () => {
    const uz = await request(app).get('/kunduzgi').expect(200);
    expect(row(uz.text, '60230100')).toContain('12\u00a0600\u00a0000 so&#x27;m');
    // A numeric string from the backend is a price too.
    expect(row(uz.text, '60110400')).toContain('11\u00a0200\u00a0000 so&#x27;m');
    const ru = await request(app).get('/ru/kunduzgi').expect(200);
    expect(row(ru.text, '60230100')).toContain('12\u00a0600\u00a0000 сум');
    const en = await request(app).get('/en/kunduzgi').expect(200);
    expect(row(en.text, '60230100')).toContain('12,600,000 uzs');
  });

  it('shows a dash for a programme without a price', async () => {
    const res = await request(app).get('/en/kunduzgi').expect(200);
    const missing = row(res.text, '60310100');
    expect(missing).toContain('—');
    expect(missing).not.toMatch(/\d uzs/);
  });

  it('marks the correspondence rows that need teaching experience or an examination', async () => {
    const res = await request(app).get('/en/sirtqi').expect(200);
    for (const code of ['60110400', '60111200']) {
      expect(row(res.text, code)).toContain('At least 5 years of teaching experience required');
      expect(row(res.text, code)).not.toContain('Admission by examination');
    }
    for (const code of ['60730900', '60730100']) {
      expect(row(res.text, code)).toContain('Admission by examination');
      expect(row(res.text, code)).not.toContain('teaching experience');
    }
    expect(row(res.text, '60310100')).not.toMatch(/programme-mark/);
    const ru = await request(app).get('/ru/sirtqi').expect(200);
    expect(row(ru.text, '60110400')).toContain('Требуется педагогический стаж не менее 5 лет');
    expect(row(ru.text, '60730100')).toContain('Приём на основе экзамена');
    const uz = await request(app).get('/sirtqi').expect(200);
    expect(row(uz.text, '60111200')).toContain('Kamida 5 yillik pedagogik staj talab etiladi');
    expect(row(uz.text, '60730900')).toContain('Imtihon asosida qabul');
  });

  it('states the admission rules as text on the page they apply to', async () => {
    const sirtqi = await request(app).get('/en/sirtqi').expect(200);
    expect(sirtqi.text).toContain('Admission rules');
    expect(sirtqi.text).toContain('start in the 2nd year');
    expect(sirtqi.text).toContain('Primary Education (60110400) and Physical Culture (60111200)');
    expect(sirtqi.text).toContain('Urban Planning and Design (60730900) and Architecture (60730100) is by examination');
    // Full time: 4 years of study, the second-specialty rule, and none of the correspondence rules.
    const kunduzgi = await request(app).get('/en/kunduzgi').expect(200);
    expect(kunduzgi.text).toContain('Length of study: 4 years');
    expect(kunduzgi.text).toContain('start in the 2nd year');
    expect(kunduzgi.text).not.toContain('teaching experience');
    expect(row(kunduzgi.text, '60110400')).not.toMatch(/programme-mark/);
    expect(sirtqi.text).not.toContain('Length of study');
    const uz = await request(app).get('/kunduzgi').expect(200);
    expect(uz.text).toContain('Oʻqish muddati: 4 yil');
  });

  it('singles out the programmes opened in 2024-2025 (no second-specialty admission)', async () => {
    const res = await request(app).get('/en/kunduzgi').expect(200);
    expect(row(res.text, '60910200')).toContain('Opened in 2024–2025: no second-specialty admission');
    expect(row(res.text, '60230100')).not.toContain('Opened in 2024–2025');
  });

  it('shows the programme tab bar with full time active on /kunduzgi', async () => {
    const res = await request(app).get('/ru/kunduzgi').expect(200);
    const current = [...res.text.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map((m) => m[0]);
    expect(current.filter((a) => a.includes('tab-bar__tab'))).toEqual([expect.stringContaining('href="/ru/kunduzgi"')]);
    expect(res.text).toContain('href="https://qabul.ztu.uz/"');
  });
});

describe('fields of study', () => {
  it('shows the 19 fields with their codes, names and icons', async () => {
    expect(studyFields).toHaveLength(19);
    const res = await request(app).get('/ru/napravleniya').expect(200);
    const cards = [...res.text.matchAll(/<li class="field-card">([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
    expect(cards).toHaveLength(19);
    studyFields.forEach((field, i) => {
      expect(cards[i]).toContain(field.code);
      expect(decode(cards[i]!)).toContain(field.name_ru!);
      expect(cards[i]).toMatch(new RegExp(`<img[^>]+src="${field.icon}"[^>]+width="64"[^>]+height="64"`));
    });
  });
});

describe('news tabs', () => {
  const TABS = [
    { path: '/publicNews', keeps: (id: number) => categoryOf(id) === 'public' },
    { path: '/newsUnversity', keeps: (id: number) => categoryOf(id) === 'university' || categoryOf(id) === null },
    { path: '/xalqaroNews', keeps: (id: number) => categoryOf(id) === 'international' },
  ];

  for (const tab of TABS) {
    it(`${tab.path} shows only its own news, page by page, and marks its tab active`, async () => {
      for (const [page, ids] of [
        [1, [25, 24, 23, 22, 21, 20, 19, 18, 17, 16]],
        [2, [15, 14, 13, 12, 11, 10, 9, 8, 7, 6]],
        [3, [5, 4, 3, 2, 1]],
      ] as const) {
        const res = await request(app)
          .get(`/en${tab.path}${page > 1 ? `?page=${page}` : ''}`)
          .expect(200);
        expect(cardIds(res.text)).toEqual(ids.filter(tab.keeps));
        const tabBar = /<nav class="tab-bar"[\s\S]*?<\/nav>/.exec(res.text)![0];
        const active = [...tabBar.matchAll(/<a [^>]*aria-current="page"[^>]*>/g)].map((m) => m[0]);
        expect(active).toHaveLength(1);
        expect(active[0]).toContain(`href="/en${tab.path}"`);
        // The 'more' link continues while the backend has another page.
        expect(res.text.includes(`href="/en${tab.path}?page=${page + 1}"`)).toBe(page < 3);
      }
    });
  }

  it('keeps /newsAll showing every item of a page', async () => {
    const res = await request(app).get('/newsAll').expect(200);
    expect(cardIds(res.text)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    expect(res.text).toContain('href="/newsAll?page=2"');
  });

  it("hands 'more' to its island with the next page's URL and the list it appends to, the cards staying server HTML", async () => {
    const res = await request(app).get('/en/newsAll').expect(200);
    const doc = new JSDOM(res.text).window.document;
    const island = doc.querySelector('ztu-island[data-island="MoreNews"]')!;
    const props = JSON.parse(island.getAttribute('data-props')!) as { listId: string; next: string };
    expect(props.next).toBe('/en/newsAll?page=2');
    expect(doc.getElementById(props.listId)?.querySelectorAll('.news-grid > li')).toHaveLength(10);
    expect(doc.querySelector('.news-grid')?.closest('ztu-island')).toBeNull();
    expect(island.querySelector('a.button[rel="next"]')?.getAttribute('href')).toBe('/en/newsAll?page=2');
  });

  it('answers 404 for a malformed page parameter', async () => {
    await request(app).get('/publicNews?page=abc').expect(404);
  });
});

describe('articles', () => {
  function previews(html: string): string[] {
    return [...html.matchAll(/<p class="article-card__preview">([\s\S]*?)<\/p>/g)].map((m) => decode(m[1]!));
  }

  it('previews each article with at most 299 characters of its text plus "..."', async () => {
    for (const { prefix } of LANGS) {
      const res = await request(app).get(`${prefix}/qqk`).expect(200);
      const [long] = previews(res.text);
      expect(long).toBeDefined();
      expect(long!.endsWith('...')).toBe(true);
      expect(Array.from(long!.slice(0, -3)).length).toBeLessThanOrEqual(299);
      expect(long!.length).toBeGreaterThan(250);
      // Text, never markup: no tag, no half tag.
      expect(long).not.toContain('<');
      expect(long).not.toContain('strong');
    }
    const uz = previews((await request(app).get('/qqk').expect(200)).text)[0]!;
    expect(uz.startsWith('Muallif: Karimov uz-art-body Raqamli iqtisodiyot')).toBe(true);
  });

  it('never cuts a character in half at the preview limit', async () => {
    const res = await request(app).get('/en/qqk').expect(200);
    const emoji = previews(res.text)[1]!;
    expect(emoji).toBe(`${EMOJI_TEXT.slice(0, 300)}...`);
    // encodeURIComponent throws on half a surrogate pair.
    expect(() => encodeURIComponent(emoji)).not.toThrow();
    expect(emoji).toContain('😀...');
  });

  it('links every article to its page and shows date and viewers', async () => {
    const res = await request(app).get('/ru/qqk').expect(200);
    for (const article of articles) expect(res.text).toContain(`href="/ru/qqk/${article.id}"`);
    expect(res.text).toContain('18 февраля 2025');
    expect(res.text).toContain('842');
  });

  it('shows the whole sanitised article on /qqk/:id', async () => {
    const res = await request(app).get('/en/qqk/1').expect(200);
    expect(res.text).toContain('<h1>Article en-article</h1>');
    expect(res.text).toContain('<strong>Author:</strong>');
    expect(res.text).toContain('The digital economy of the region. '.repeat(15).trim());
    expect(res.text).toContain('February 18, 2025');
    expect(res.text).toMatch(/Views(<!-- -->)?: (<!-- -->)?842/);
  });

  it('answers 404 for an article the backend does not know, and for a malformed id', async () => {
    const res = await request(app).get('/qqk/999').expect(404);
    expect(res.text).toContain('Unexpected Application Error!');
    await request(app).get('/en/qqk/abc').expect(404);
    await request(app).get('/qqk/0').expect(404);
  });
});

describe('announcements', () => {
  it('shows the conference banner with a full text alternative and a link to the conference site', async () => {
    const res = await request(app).get('/en/elonlar').expect(200);
    const img = /<img[^>]+conference-2024\.svg[^>]*>/.exec(res.text)![0];
    expect(img).toMatch(/width="1200"/);
    expect(img).toMatch(/height="630"/);
    const alt = decode(/alt="([^"]*)"/.exec(img)![1]!);
    for (const words of ['Sustainable regional economic growth', 'December 18, 2024', 'Samarkand', 'international']) expect(alt).toContain(words);
    expect(res.text).toMatch(/<time dateTime="2024-12-18">December 18, 2024<\/time>/);
    expect(res.text).toMatch(/href="https:\/\/conf\.ztu\.uz\/" target="_blank" rel="noopener noreferrer"/);
    const ru = await request(app).get('/ru/elonlar').expect(200);
    expect(ru.text).toContain('18 декабря 2024 г.');
    expect(ru.text).toContain('Самарканд');
  });

  it('serves the banner image', async () => {
    const res = await request(app).get('/media/announcements/conference-2024.svg').expect(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
  });
});

describe('hostile backend content on the study and news screens', () => {
  let hostileBackend: FakeBackend;
  let hostileApp: ReturnType<typeof testApp>;
  const hostileProgramme = {
    id: 1,
    code: '<b>60110400</b>',
    name_uz: HOSTILE_TITLE,
    name_ru: '<img src=x onerror=alert(1)>',
    name_en: '"><script>alert(1)</script>',
    price: '1e400',
  };

  beforeAll(async () => {
    const hostileNews = [
      newsItem(1, { category: 'public', title_uz: HOSTILE_TITLE, title_ru: '<img src=x onerror=alert(1)>', image: 'javascript:alert(1)' }),
      newsItem(2, { category: 'international', title_en: '<script>alert(2)</script>' }),
      newsItem(3, { category: '<script>alert(3)</script>' }),
    ];
    hostileBackend = await startFakeBackend({
      ...studyRoutes(),
      '/news/yangiliklar/': { json: { count: 3, next: 'javascript:alert(1)', previous: null, results: hostileNews } },
      '/category/yonalishlar/': { json: [hostileProgramme] },
      '/category/yonalishlar-sirtqi/': { json: [hostileProgramme] },
      '/category/yonalishlar-magister/': { json: [hostileProgramme] },
    });
    hostileApp = testApp(hostileBackend.url);
  });
  afterAll(() => hostileBackend.close());

  const URLS = ['/kunduzgi', '/sirtqi', '/magistratura', '/publicNews', '/newsUnversity', '/xalqaroNews', '/qqk', '/qqk/3'];

  for (const { prefix } of LANGS) {
    for (const path of URLS) {
      it(`neutralises script tags, on* handlers and javascript: URLs on ${prefix}${path}`, async () => {
        const res = await request(hostileApp)
          .get(prefix + path)
          .expect(200);
        expect(res.text).not.toMatch(/<script>alert/i);
        expect(res.text).not.toMatch(/<img[^>]*onerror/i);
        // In a tag, that is: escaped text may say anything.
        expect(res.text).not.toMatch(/<[^>]+\son(click|error|mouseover)=/i);
        expect(res.text).not.toMatch(/(href|src)="javascript:/i);
        expect(res.text).not.toContain('<iframe');
        for (const tag of res.text.matchAll(/<script\b[^>]*>/gi))
          expect(tag[0]).toMatch(/type="module"|type="application\/(ld\+)?json"|type="speculationrules"|nonce=/);
      });
    }
  }

  it('shows hostile text as text', async () => {
    const res = await request(hostileApp).get('/kunduzgi').expect(200);
    expect(res.text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // An absurd price is no price.
    expect(row(res.text, '&lt;b&gt;60110400&lt;/b&gt;')).toContain('—');
    const article = await request(hostileApp).get('/qqk/3').expect(200);
    expect(article.text).toContain('hostile-body');
    expect(article.text).not.toContain('alert(&quot;x&quot;)');
    const list = await request(hostileApp).get('/qqk').expect(200);
    expect(list.text).toContain('hostile-body link');
  });
});
