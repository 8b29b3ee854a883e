import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { cyrillicText } from '../../shared/cyrillic';
import { testApp } from '../helpers/app';

let backend: FakeBackend;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  backend = await startFakeBackend(coreRoutes());
  app = testApp(backend.url);
  // The home page reads five data sources; in a cold process (first fetch, first sanitising) they can
  // miss the 100 ms head start, and a page that streams is rightly no-store. Warm the process once so
  // the checks below see whole pages.
  await request(app).get('/en').set('User-Agent', 'Googlebot/2.1');
});
afterAll(() => backend.close());

const LANG_CASES = [
  { lang: 'uz', tag: 'uz', prefix: '' },
  { lang: 'uz-cyrl', tag: 'uz-Cyrl', prefix: '/uz-cyrl' },
  { lang: 'ru', tag: 'ru', prefix: '/ru' },
  { lang: 'en', tag: 'en', prefix: '/en' },
] as const;

/** Text as React escapes it in HTML. */
const escaped = (text: string) => text.replace(/'/g, '&#x27;');

/** Each page's needle per language; the uz-cyrl one is the uz text in the site's own transliteration. */
function needles(byLang: { uz: string; ru: string; en: string }) {
  const all: Record<string, string> = { ...byLang, 'uz-cyrl': cyrillicText(byLang.uz) };
  return (l: string) => escaped(all[l]!);
}

const CORE = [
  { path: '/', needle: needles({ uz: 'Yangilik 23 uz-needle', ru: 'Новость 23 ru-needle', en: 'News 23 en-needle' }) },
  { path: '/about', needle: needles({ uz: 'Tarix uz-about', ru: 'История ru-about', en: 'History en-about' }) },
  { path: '/rektorat', needle: needles({ uz: 'Rektor uz-rector', ru: 'Ректор ru-rector', en: 'Rector en-rector' }) },
  { path: '/departments', needle: needles({ uz: "Qabul bo'limi uz-dept", ru: 'Приёмная комиссия ru-dept', en: 'Admissions office en-dept' }) },
  { path: '/newsAll', needle: needles({ uz: 'Yangilik 14 uz-needle', ru: 'Новость 14 ru-needle', en: 'News 14 en-needle' }) },
  { path: '/news/5', needle: needles({ uz: 'Matn 5 uz-body', ru: 'Текст 5 ru-body', en: 'Text 5 en-body' }) },
];

describe('core pages in four renditions', () => {
  for (const { lang, tag, prefix } of LANG_CASES) {
    for (const page of CORE) {
      const url = page.path === '/' ? prefix || '/' : prefix + page.path;
      it(`GET ${url} is a whole ${lang} page with its data, canonical and hreflang`, async () => {
        const res = await request(app).get(url).expect(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.text).toMatch(/^<!DOCTYPE html>/);
        expect(res.text).toContain(`<html lang="${tag}"`);
        expect(res.text).toContain(page.needle(lang));
        const canonicalPath = page.path === '/' ? prefix || '/' : prefix + page.path;
        expect(res.text).toContain(`<link rel="canonical" href="https://ztu.example.uz${canonicalPath}"/>`);
        for (const alt of ['uz', 'uz-Cyrl', 'ru', 'en', 'x-default']) {
          expect(res.text).toMatch(new RegExp(`<link rel="alternate" hrefLang="${alt}" href="https://ztu\\.example\\.uz[^"]*"/>`, 'i'));
        }
        expect(res.headers['cache-control']).toMatch(/s-maxage=\d+/);
      });
    }
  }

  it('serves the same page for a differently cased path (/ABOUT, /ru/NEWSALL)', async () => {
    await request(app).get('/ABOUT').expect(200);
    const res = await request(app).get('/ru/NEWSALL').expect(200);
    expect(res.text).toContain('<html lang="ru"');
  });

  it('shows news cards with the default image, a cut title and "none date" (in the page language) when the backend omits them', async () => {
    backend.set('/news/yangiliklar/?page=9', {
      json: {
        count: 1,
        next: null,
        previous: null,
        results: [{ id: 901, image: null, title_uz: 'A'.repeat(150), title_ru: '', title_en: '', desc_uz: '', created_at: null, views: 0 }],
      },
    });
    const res = await request(app).get('/newsAll?page=9').expect(200);
    expect(res.text).toContain('/media/default/news.svg');
    expect(res.text).toContain(`${'A'.repeat(100)}...`);
    expect(res.text).not.toContain('A'.repeat(101));
    expect(res.text).toContain('sana koʻrsatilmagan');
  });

  it('renders "Default Title" for a news item without any title', async () => {
    backend.set('/news/yangiliklar/777/', { json: { id: 777, image: '', created_at: '2026-01-01T00:00:00Z', views: 1 } });
    const res = await request(app).get('/en/news/777').expect(200);
    expect(res.text).toContain('Default Title');
  });

  it('pages /newsAll without JavaScript: a ?page=2 link that renders the next page', async () => {
    const first = await request(app).get('/newsAll').expect(200);
    expect(first.text).toContain('href="/newsAll?page=2"');
    const second = await request(app).get('/newsAll?page=2').expect(200);
    expect(second.text).toContain('Yangilik 13 uz-needle');
    expect(second.text).not.toContain('Yangilik 14 uz-needle');
    const third = await request(app).get('/newsAll?page=3').expect(200);
    expect(third.text).toContain('Yangilik 1 uz-needle');
    expect(third.text).not.toContain('href="/newsAll?page=4"');
  });

  it('formats dates on the server in the page language', async () => {
    const uz = await request(app).get('/news/5').expect(200);
    expect(uz.text).toMatch(/15-iyun, 2026/);
    const ru = await request(app).get('/ru/news/5').expect(200);
    expect(ru.text).toMatch(/15 июня 2026/);
    const en = await request(app).get('/en/news/5').expect(200);
    expect(en.text).toMatch(/June 15, 2026/);
  });

  it('shows the "more news" block with the first 5 items on a news page', async () => {
    const res = await request(app).get('/en/news/2').expect(200);
    const more = res.text.slice(res.text.indexOf('id="more-news"'));
    for (const id of [23, 22, 21, 20, 19]) expect(more).toContain(`href="/en/news/${id}"`);
    expect(more).not.toContain('href="/en/news/18"');
  });
});
