import { statSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_DIR } from '../../server/paths';
import {
  CHARTER_PAGE_COUNT,
  CODE_OF_CONDUCT_FRAME_HEIGHT_PX,
  LEGAL_DOCUMENT_COUNT,
  STRUCTURE_NAV_DEFAULT_ID,
  STRUCTURE_NAV_ITEMS,
} from '../../shared/constants';
import { CODE_OF_CONDUCT_PDF } from '../../shared/content/code-of-conduct-pdf';
import { cyrillicText } from '../../shared/cyrillic';
import { dict } from '../../shared/i18n';
import { ABOUT_TABS } from '../../shared/nav';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { aboutRoutes, hostileAboutRoutes } from '../helpers/fixtures-about';
import { imageSource } from '../helpers/image-urls';

let backend: FakeBackend;
let app: ReturnType<typeof testApp>;
let hostileBackend: FakeBackend;
let hostileApp: ReturnType<typeof testApp>;

beforeAll(async () => {
  [backend, hostileBackend] = await Promise.all([startFakeBackend(aboutRoutes()), startFakeBackend(hostileAboutRoutes())]);
  app = testApp(backend.url);
  hostileApp = testApp(hostileBackend.url);
});
afterAll(async () => {
  await Promise.all([backend.close(), hostileBackend.close()]);
});

const LANGS = [
  { lang: 'uz', tag: 'uz', prefix: '' },
  { lang: 'uz-cyrl', tag: 'uz-Cyrl', prefix: '/uz-cyrl' },
  { lang: 'ru', tag: 'ru', prefix: '/ru' },
  { lang: 'en', tag: 'en', prefix: '/en' },
] as const;
type Lang = (typeof LANGS)[number]['lang'];

/**
 * Pages are fetched as a crawler: crawlers always get the whole page with its true status, so a cold
 * start (module compile, first upstream call) past the 100 ms head start cannot turn content into a
 * streamed Suspense boundary outside <main>. Streaming itself is covered by the resilience tests.
 */
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function page(url: string, status = 200, server = app): Promise<{ html: string; doc: Document }> {
  const res = await request(server).get(url).set('user-agent', CRAWLER).expect(status);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return { html: res.text, doc: new JSDOM(res.text).window.document };
}

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((el) => el.textContent?.trim() ?? '');

/** Each screen with what its page must show in each language (needles from fixtures-about.ts). */
const uzCyrl = dict('uz-cyrl');
const SCREENS: Array<{ path: string; needles: Record<Lang, string[]> }> = withCyrillicNeedles([
  {
    path: '/department',
    needles: {
      uz: ['Iqtisodiyot uz-fac1', 'Moliya uz-kaf11', 'Pedagogika uz-fac2'],
      ru: ['Экономика ru-fac1', 'Финансы ru-kaf11', 'Педагогика ru-fac2'],
      en: ['Economics en-fac1', 'Finance en-kaf11', 'Pedagogy en-fac2'],
    },
  },
  {
    path: '/department/1',
    needles: {
      uz: ['Karimov Anvar uz-staff1', 'Dotsent uz-pos1', 'Tajriba uz-details1', 'Karimov Anvar uz-staff2'],
      ru: ['Каримов Анвар ru-staff1', 'Доцент ru-pos1', 'Опыт ru-details1', 'Каримов Анвар ru-staff2'],
      en: ['Anvar Karimov en-staff1', 'Associate professor en-pos1', 'Experience en-details1', 'Anvar Karimov en-staff2'],
    },
  },
  { path: '/rules', needles: { uz: ['Umumiy qoidalar uz-labour'], ru: ['Общие положения ru-labour'], en: ['General provisions en-labour'] } },
  { path: '/rulesEtika', needles: { uz: ['Axloq kodeksi uz-ethics'], ru: ['Кодекс этики ru-ethics'], en: ['Code of ethics en-ethics'] } },
  { path: '/regulation', needles: { uz: ['Ustav, 3-sahifa'], ru: ['Устав, страница 3'], en: ['Charter, page 3'] } },
  { path: '/tashkiliytuzilmasi', needles: { uz: ['Tashkiliy tuzilma'], ru: ['Организационная структура'], en: ['Organisational structure'] } },
  { path: '/qoidalar', needles: { uz: ['Oliy taʼlimni tartibga soluvchi'], ru: ['Основные законы'], en: ['Documents on education', 'The main laws'] } },
]);

/**
 * The uz-cyrl needles: backend data in the site's own transliteration; the dictionary's words (the
 * charter, structure and documents pages) as the Cyrillic dictionary writes them.
 */
function withCyrillicNeedles(screens: Array<{ path: string; needles: Omit<Record<Lang, string[]>, 'uz-cyrl'> }>) {
  const fromDictionary: Record<string, string[]> = {
    '/regulation': [uzCyrl.charter.pageAlt(3)],
    '/tashkiliytuzilmasi': [uzCyrl.pages.tashkiliytuzilmasi.title],
    '/qoidalar': [uzCyrl.educationDocuments.intro],
  };
  return screens.map(({ path, needles }) => ({ path, needles: { ...needles, 'uz-cyrl': fromDictionary[path] ?? needles.uz.map(cyrillicText) } }));
}

describe('about group screens in four renditions', () => {
  for (const { lang, tag, prefix } of LANGS) {
    for (const screen of SCREENS) {
      it(`GET ${prefix}${screen.path} is a whole ${lang} page with its own data`, async () => {
        const { html, doc } = await page(prefix + screen.path);
        expect(html).toContain(`<html lang="${tag}"`);
        expect(doc.querySelectorAll('h1')).toHaveLength(1);
        const body = doc.querySelector('main')!.textContent;
        const alt = [...doc.querySelectorAll('main img')].map((img) => img.getAttribute('alt')).join('\n');
        for (const needle of screen.needles[lang]) expect(body + alt).toContain(needle);
        // No other language's needles leak into the page.
        for (const other of LANGS.filter((l) => l.lang !== lang)) {
          for (const needle of screen.needles[other.lang]) expect(body + alt).not.toContain(needle);
        }
        expect(html).toContain(`<link rel="canonical" href="https://ztu.example.uz${prefix}${screen.path}"/>`);
      });
    }
  }
});

describe('/department', () => {
  it('links every faculty to its staff page in the page language and lists its departments', async () => {
    const { doc } = await page('/ru/department');
    const links = [...doc.querySelectorAll('.faculty-card h2 a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Экономика ru-fac1', '/ru/department/1'],
      ['Педагогика ru-fac2', '/ru/department/2'],
    ]);
    expect(texts(doc, '.faculty-card__departments li')).toEqual(['Финансы ru-kaf11', 'Маркетинг ru-kaf12']);
  });

  it("asks for the first faculty's picture first: the largest paint of the page's top", async () => {
    const { doc } = await page('/ru/department');
    const first = doc.querySelector('.faculty-card__image');
    expect([first?.getAttribute('fetchpriority'), first?.getAttribute('loading')]).toEqual(['high', null]);
    expect(doc.querySelectorAll('img[fetchpriority]')).toHaveLength(1);
  });

  it('shows the tab bar of the About section with the faculties tab active', async () => {
    const { doc } = await page('/en/department');
    expect(doc.querySelectorAll('.tab-bar a')).toHaveLength(ABOUT_TABS.length);
    expect(doc.querySelector('.tab-bar a[aria-current="page"]')?.getAttribute('href')).toBe('/en/department');
  });
});

describe('/department/:id', () => {
  it('shows position, name, tel: and mailto: links, details and the default photo', async () => {
    const { doc } = await page('/en/department/1');
    const cards = doc.querySelectorAll('.person-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(first.querySelector('.person-card__role')?.textContent).toBe('Associate professor en-pos1');
    expect(first.querySelector('.person-card__name')?.textContent).toBe('Anvar Karimov en-staff1');
    expect(first.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+998662331001');
    // Shown as one unbreakable word: no-break spaces and non-breaking hyphens.
    expect(first.querySelector('a[href^="tel:"]')?.textContent).toBe('+998\u00a0(66)\u00a0233\u201110\u201101');
    expect(first.querySelector('a[href^="mailto:"]')?.getAttribute('href')).toBe('mailto:staff1@ztu.example.uz');
    expect(first.querySelector('.prose')?.innerHTML).toBe('<p>Experience en-details1</p>');
    expect(first.querySelector('img')?.getAttribute('src')).toBe('/media/default/person.svg');
    expect(imageSource(cards[1]!.querySelector('img')?.getAttribute('src'))).toBe('https://cdn.example.org/p2.jpg');
  });

  it('titles the page with the faculty name', async () => {
    const { doc } = await page('/ru/department/1');
    expect(doc.querySelector('h1')?.textContent).toBe('Экономика ru-fac1');
    expect(doc.title).toMatch(/^Экономика ru-fac1 — /);
  });

  it('lists all faculties in the sidebar and marks only the current one', async () => {
    for (const id of [1, 2]) {
      const { doc } = await page(`/en/department/${id}`);
      const links = [...doc.querySelectorAll('.side-nav a')];
      expect(links.map((a) => a.getAttribute('href'))).toEqual(['/en/department', '/en/department/1', '/en/department/2']);
      const active = links.filter((a) => a.getAttribute('aria-current') === 'page');
      expect(active.map((a) => a.getAttribute('href'))).toEqual([`/en/department/${id}`]);
    }
  });

  it('is a 404 for a faculty the backend does not know', async () => {
    for (const url of ['/department/99', '/ru/department/99', '/en/department/99']) {
      const { doc } = await page(url, 404);
      expect(doc.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
      expect(doc.querySelector('.person-card')).toBeNull();
    }
  });

  it('is a 404 for a malformed id, without asking the backend', async () => {
    backend.resetCalls();
    for (const url of ['/department/abc', '/ru/department/abc', '/en/department/0', '/department/1.5', '/department/-1']) {
      await page(url, 404);
    }
    expect(backend.calls()).toBe(0);
  });
});

describe('/rulesEtika', () => {
  it('embeds the bundled PDF 1000 px high with a title and a link labelled with its real size', async () => {
    for (const { lang, prefix } of LANGS) {
      const { doc } = await page(`${prefix}/rulesEtika`);
      const frame = doc.querySelector('main iframe')!;
      expect(frame.getAttribute('src')).toBe('/docs/odob-axloq-qoidalari.pdf');
      expect(frame.getAttribute('height')).toBe(String(CODE_OF_CONDUCT_FRAME_HEIGHT_PX));
      expect(frame.getAttribute('title')).toBeTruthy();
      const link = doc.querySelector('main a[href="/docs/odob-axloq-qoidalari.pdf"]')!;
      const kb = Math.round(statSync(join(PUBLIC_DIR, 'docs', 'odob-axloq-qoidalari.pdf')).size / 1024);
      expect(link.textContent).toContain(dict(lang).codeOfConduct.size(String(kb)));
    }
  });

  it('describes the PDF that is actually served (the generated constant matches the file)', async () => {
    const file = join(PUBLIC_DIR, 'docs', 'odob-axloq-qoidalari.pdf');
    expect(CODE_OF_CONDUCT_PDF.bytes).toBe(statSync(file).size);
    const res = await request(app)
      .get(CODE_OF_CONDUCT_PDF.href)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lets the page frame its own PDF (CSP frame-src and frame-ancestors allow self)', async () => {
    const res = await request(app).get('/rulesEtika').expect(200);
    const csp = res.headers['content-security-policy'] ?? '';
    expect(csp).toMatch(/frame-src 'self'/);
    expect(csp).toMatch(/frame-ancestors 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    const pdf = await request(app).get('/docs/odob-axloq-qoidalari.pdf').expect(200);
    expect(pdf.headers['x-frame-options'] ?? 'SAMEORIGIN').toMatch(/SAMEORIGIN/i);
  });

  it('still shows the PDF when the backend does not know the code-of-conduct endpoint', async () => {
    const other = await startFakeBackend({});
    try {
      const { doc } = await page('/rulesEtika', 200, testApp(other.url));
      expect(doc.querySelector('main iframe')).not.toBeNull();
      expect(doc.querySelector('.code-of-conduct__title')).toBeNull();
    } finally {
      await other.close();
    }
  });
});

describe('/regulation', () => {
  it('shows the ten charter pages with sizes, per-language alt text, and lazy loading after the first', async () => {
    for (const { lang, prefix } of LANGS) {
      const { doc } = await page(`${prefix}/regulation`);
      const images = [...doc.querySelectorAll<HTMLImageElement>('.charter-pages img')];
      expect(images).toHaveLength(CHARTER_PAGE_COUNT);
      images.forEach((img, index) => {
        const n = index + 1;
        expect(img.getAttribute('src')).toBe(`/media/charter/page-${String(n).padStart(2, '0')}.svg`);
        expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(img.getAttribute('height'))).toBeGreaterThan(Number(img.getAttribute('width')));
        expect(img.getAttribute('alt')).toBe(
          { uz: `Ustav, ${n}-sahifa`, 'uz-cyrl': uzCyrl.charter.pageAlt(n), ru: `Устав, страница ${n}`, en: `Charter, page ${n}` }[lang],
        );
        expect(img.getAttribute('loading')).toBe(n === 1 ? 'eager' : 'lazy');
      });
    }
  });

  it('serves every charter page image', async () => {
    for (let n = 1; n <= CHARTER_PAGE_COUNT; n++) {
      const res = await request(app)
        .get(`/media/charter/page-${String(n).padStart(2, '0')}.svg`)
        .expect(200);
      expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    }
  });
});

describe('/tashkiliytuzilmasi', () => {
  it('has the 8 About links from the navigation data, with the structure entry (id 8) active', async () => {
    for (const { prefix } of LANGS) {
      const { doc } = await page(`${prefix}/tashkiliytuzilmasi`);
      const links = [...doc.querySelectorAll('.side-nav a')];
      expect(links).toHaveLength(STRUCTURE_NAV_ITEMS);
      expect(links.map((a) => a.getAttribute('href'))).toEqual(ABOUT_TABS.map((tab) => (tab.kind === 'page' ? prefix + tab.path : '')));
      const active = links.filter((a) => a.getAttribute('aria-current') === 'page');
      expect(active).toHaveLength(1);
      expect(links.indexOf(active[0]!) + 1).toBe(STRUCTURE_NAV_DEFAULT_ID);
      expect(active[0]!.getAttribute('href')).toBe(`${prefix}/tashkiliytuzilmasi`);
    }
  });

  it('labels the side links in the page language', async () => {
    const uz = texts((await page('/tashkiliytuzilmasi')).doc, '.side-nav a');
    const ru = texts((await page('/ru/tashkiliytuzilmasi')).doc, '.side-nav a');
    const en = texts((await page('/en/tashkiliytuzilmasi')).doc, '.side-nav a');
    expect(uz[0]).toBe('Universitet haqida');
    expect(ru[0]).toBe('Об университете');
    expect(en[0]).toBe('About the university');
    expect(en[7]).toBe('Organisational structure');
  });

  it('shows the two structure charts with sizes and a describing alt text per language', async () => {
    const alts = new Set<string>();
    for (const { prefix } of LANGS) {
      const { doc } = await page(`${prefix}/tashkiliytuzilmasi`);
      const images = [...doc.querySelectorAll('.structure-chart img')];
      expect(images.map((img) => img.getAttribute('src'))).toEqual(['/media/structure/structure-1.svg', '/media/structure/structure-2.svg']);
      for (const img of images) {
        expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
        expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
        expect(img.getAttribute('alt')!.length).toBeGreaterThan(40);
        alts.add(img.getAttribute('alt')!);
      }
    }
    expect(alts.size).toBe(2 * LANGS.length);
    for (const n of [1, 2]) await request(app).get(`/media/structure/structure-${n}.svg`).expect(200);
  });
});

describe('/qoidalar', () => {
  const HEADINGS = {
    uz: 'Taʼlim toʻgʻrisidagi hujjatlar',
    'uz-cyrl': uzCyrl.pages.qoidalar.title,
    ru: 'Taʼlim toʻgʻrisidagi hujjatlar',
    en: 'Documents on education',
  };

  it('has its heading per language and exactly the 10 legal documents, numbered', async () => {
    for (const { lang, prefix } of LANGS) {
      const { doc } = await page(`${prefix}/qoidalar`);
      expect(doc.querySelector('h1')?.textContent).toBe(HEADINGS[lang]);
      const items = doc.querySelectorAll('main ol.legal-documents > li');
      expect(items).toHaveLength(LEGAL_DOCUMENT_COUNT);
    }
  });

  it('gives each document its Uzbek title as an external link and its English title marked lang="en"', async () => {
    const { doc } = await page('/ru/qoidalar');
    for (const item of doc.querySelectorAll('main ol.legal-documents > li')) {
      const link = item.querySelector('a')!;
      expect(link.getAttribute('href')).toMatch(/^https:\/\//);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link.closest('[lang="uz"]')).not.toBeNull();
      expect(item.querySelector('[lang="en"]')?.textContent?.length).toBeGreaterThan(10);
    }
  });

  it('gives the Uzbek titles in Cyrillic, marked uz-Cyrl, on the uz-cyrl page, with the same links', async () => {
    const latin = (await page('/qoidalar')).doc.querySelectorAll('main ol.legal-documents > li a');
    const cyrillic = (await page('/uz-cyrl/qoidalar')).doc.querySelectorAll('main ol.legal-documents > li a');
    expect([...cyrillic].map((a) => a.getAttribute('href'))).toEqual([...latin].map((a) => a.getAttribute('href')));
    expect([...cyrillic].map((a) => a.textContent)).toEqual([...latin].map((a) => cyrillicText(a.textContent)));
    for (const link of cyrillic) expect(link.closest('[lang="uz-Cyrl"]')).not.toBeNull();
  });
});

describe('hostile backend content on the about screens', () => {
  const URLS = ['/department', '/department/7', '/rules', '/rulesEtika'];

  it('never lets backend text run or close a script', async () => {
    for (const url of URLS) {
      const { html, doc } = await page(url, 200, hostileApp);
      expect(html).not.toContain('<script>alert');
      expect(html).not.toMatch(/<img[^>]*onerror/i);
      expect(html).not.toMatch(/onclick=/i);
      expect(html).not.toMatch(/(?:href|src)="javascript:/i);
      expect(doc.querySelector('main iframe:not(.code-of-conduct__frame)')).toBeNull();
      // Executable scripts are our module or nonce-bearing React runtime; the rest are JSON data (the
      // speculation rules among them).
      for (const script of doc.querySelectorAll('script')) {
        const type = script.getAttribute('type');
        const data = type === 'application/json' || type === 'application/ld+json' || type === 'speculationrules';
        expect(type === 'module' || data || script.hasAttribute('nonce')).toBe(true);
      }
    }
  });

  it('keeps the harmless part of the staff details and shows hostile names as text', async () => {
    const { doc } = await page('/department/7', 200, hostileApp);
    const details = doc.querySelector('.person-card .prose')!;
    expect(details.textContent).toContain('ok-hostile');
    expect(details.querySelector('script, iframe, [onclick], [onerror]')).toBeNull();
    expect(doc.querySelector('.person-card__name')?.textContent).toBe('</script><script>alert(10)</script>');
    expect(doc.querySelector('.person-card img')?.getAttribute('src')).toBe('/media/default/person.svg');
    expect(doc.querySelector('.person-card a[href^="tel:"]')?.getAttribute('href')).toBe('tel:12');
    const faculties = await page('/department', 200, hostileApp);
    expect(faculties.doc.querySelector('.faculty-card h2')?.textContent).toBe('<script>alert(7)</script>');
    expect(faculties.doc.querySelector('.faculty-card img')).toBeNull();
  });
});
