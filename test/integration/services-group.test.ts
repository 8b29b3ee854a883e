import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import JSZip from 'jszip';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_DIR, ROOT } from '../../server/paths';
import { CLUB_IMAGE_COUNT, DORMITORY_IMAGE_COUNT, SAMPLE_VACANCY_COUNT, VACANCY_STAGGER_MS } from '../../shared/constants';
import { PAGE_TABLE as PAGES } from '../../shared/page-table';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import {
  CHEMISTRY,
  ECONOMICS,
  HALF_RATE,
  hostileCoreRoutes,
  LANG_PREFIXES,
  SERVICE_SCREENS,
  vacanciesOnDisk,
  type VacancyRecord,
} from '../helpers/fixtures-services';

let backend: FakeBackend;
let hostileBackend: FakeBackend;
let app: ReturnType<typeof testApp>;
let hostileApp: ReturnType<typeof testApp>;

beforeAll(async () => {
  [backend, hostileBackend] = await Promise.all([startFakeBackend(coreRoutes()), startFakeBackend(hostileCoreRoutes())]);
  app = testApp(backend.url);
  hostileApp = testApp(hostileBackend.url);
});
afterAll(async () => {
  await Promise.all([backend.close(), hostileBackend.close()]);
});

/** Crawlers get the whole page at once, so content never streams outside the first response chunk. */
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function page(url: string, status = 200, server = app): Promise<{ html: string; doc: Document; csp: string }> {
  const res = await request(server).get(url).set('user-agent', CRAWLER).expect(status);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return { html: res.text, doc: new JSDOM(res.text).window.document, csp: res.headers['content-security-policy'] ?? '' };
}

const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map((el) => el.textContent?.trim() ?? '');
const vacancyTitles = (doc: Document) => texts(doc, '.vac-card__title').sort();
const titlesOf = (list: VacancyRecord[]) => list.map((v) => v.title).sort();

describe('services screens in four renditions', () => {
  for (const { lang, tag, prefix } of LANG_PREFIXES) {
    for (const screen of SERVICE_SCREENS) {
      const url = prefix + screen.path;
      it(`GET ${url} is a whole ${lang} page with its content${screen.mock ? ', kept out of search engines' : ''}`, async () => {
        const { html, doc } = await page(url);
        expect(doc.documentElement.lang).toBe(tag);
        expect(doc.querySelector('main')?.textContent).toContain(screen.needles[lang]);
        expect(doc.querySelectorAll('main h1')).toHaveLength(1);
        expect(doc.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`https://ztu.example.uz${url}`);
        const robots = doc.querySelector('meta[name="robots"]')?.getAttribute('content');
        if (screen.mock) expect(robots).toBe('noindex');
        else expect(robots ?? null).toBeNull();
        expect(html).not.toMatch(/Loading\.\.\.|Yuklanmoqda\.\.\.|Загрузка\.\.\./);
      });
    }
  }

  it('matches the routes case-insensitively (/vacancies, /ru/ttj, /EN/XQQ)', async () => {
    for (const url of ['/vacancies', '/ru/ttj', '/EN/XQQ', '/ypk']) await page(url);
  });

  it('marks every mock route noindex in the route table and nothing else of the group', () => {
    const mocks = new Set(['university', 'form', 'entry', 'sdf', 'test', 'test2', 'study']);
    for (const path of ['Vacancies', 'TTJ', 'XQQ', 'YPK', ...mocks]) {
      const def = PAGES.find((p) => p.path === path);
      expect(def, path).toBeDefined();
      expect(Boolean(def!.noindex), path).toBe(mocks.has(path));
    }
  });

  it('answers 404 with the fallback page below these pages', async () => {
    for (const url of ['/Vacancies/6', '/TTJ/1', '/ru/XQQ/page', '/en/YPK/x', '/test/3']) {
      const { doc } = await page(url, 404);
      expect(doc.querySelector('h1')?.textContent).toBe('Unexpected Application Error!');
    }
  });

  it('renders the same pages, free of injected markup, when the backend is hostile', async () => {
    for (const screen of SERVICE_SCREENS) {
      const { html, doc } = await page(screen.path, 200, hostileApp);
      expect(doc.querySelector('main')?.textContent).toContain(screen.needles.uz);
      expect(html).not.toMatch(/<script>alert|onerror=|onclick=|href="javascript:/i);
    }
  });
});

describe('/Vacancies', () => {
  const all = vacanciesOnDisk();

  it('shows the five built-in vacancies with their texts in Uzbek', async () => {
    expect(all).toHaveLength(SAMPLE_VACANCY_COUNT);
    const { doc } = await page('/Vacancies');
    expect(doc.querySelector('h1')?.textContent).toBe('Universitet vakansiyalari');
    expect(vacancyTitles(doc)).toEqual(titlesOf(all));
    expect(doc.querySelector('select[name="department"] option')?.textContent).toBe('Barcha kafedralar');
    expect(doc.querySelector('select[name="type"] option')?.textContent).toBe('Har qanday bandlik');
    expect(texts(doc, '.vac-filters a')).toContain('Filtrlarni tozalash');
    // Options are built from the data present.
    expect(texts(doc, 'select[name="department"] option').slice(1).sort()).toEqual([...new Set(all.map((v) => v.department))].sort());
    expect(texts(doc, 'select[name="type"] option').slice(1).sort()).toEqual([...new Set(all.map((v) => v.employmentType))].sort());
    // Each card: title, date, description, department and employment tags.
    const card = [...doc.querySelectorAll('.vac-card')].find((el) => el.textContent?.includes(all[0]!.title))!;
    expect(card.textContent).toContain(all[0]!.description);
    expect(texts(card, '.vac-tag')).toEqual([all[0]!.department, all[0]!.employmentType]);
  });

  it('is a plain GET form that works without JavaScript, in the page language', async () => {
    const { doc } = await page('/ru/Vacancies');
    const form = doc.querySelector('form.vac-filters')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/ru/Vacancies');
    expect(form.querySelector('button[type="submit"]')).not.toBeNull();
    expect(doc.querySelector('.vac-back')?.getAttribute('href')).toBe('/ru/about');
    expect(texts(doc, 'select[name="type"] option')).toEqual(['Любая занятость', 'Полная занятость', 'Полставки']);
    expect(texts(doc, '.vac-filters a')).toContain('Сбросить фильтры');
  });

  it('hands the board to its island with only what it shows: the vacancies, the options, the filters and its words', async () => {
    const { doc } = await page(`/en/Vacancies?type=${encodeURIComponent(HALF_RATE)}`);
    const island = doc.querySelector('ztu-island[data-island="VacancyBoard"]')!;
    const props = JSON.parse(island.getAttribute('data-props')!) as Record<string, unknown> & { vacancies: unknown[]; selected: unknown };
    expect(Object.keys(props).sort()).toEqual(['base', 'departments', 'selected', 'types', 'vacancies', 'words']);
    expect(props.vacancies).toHaveLength(SAMPLE_VACANCY_COUNT);
    expect(props.selected).toEqual({ department: '', type: HALF_RATE });
    expect(props.base).toBe('/en/Vacancies');
    // The back link is an island of its own; the title between them stays server HTML.
    expect(doc.querySelector('ztu-island[data-island="BackLink"] a.vac-back')?.getAttribute('href')).toBe('/en/about');
    expect(doc.querySelector('h1')?.closest('ztu-island')).toBeNull();
  });

  it(`?department=${CHEMISTRY} shows only the chemistry vacancies`, async () => {
    const { doc } = await page(`/Vacancies?department=${encodeURIComponent(CHEMISTRY)}`);
    const expected = all.filter((v) => v.department === CHEMISTRY);
    expect(expected.length).toBeGreaterThan(0);
    expect(vacancyTitles(doc)).toEqual(titlesOf(expected));
    expect(doc.querySelector<HTMLSelectElement>('select[name="department"] option[selected]')?.value).toBe(CHEMISTRY);
  });

  it(`?type=${HALF_RATE} shows only half-rate vacancies`, async () => {
    const { doc } = await page(`/Vacancies?type=${encodeURIComponent(HALF_RATE)}`);
    const expected = all.filter((v) => v.employmentType === HALF_RATE);
    expect(expected.length).toBeGreaterThan(0);
    expect(vacancyTitles(doc)).toEqual(titlesOf(expected));
  });

  it('applies both filters together (a form submit with both fields)', async () => {
    const { doc } = await page(`/Vacancies?department=${encodeURIComponent(ECONOMICS)}&type=${encodeURIComponent(HALF_RATE)}`);
    const expected = all.filter((v) => v.department === ECONOMICS && v.employmentType === HALF_RATE);
    expect(expected).toHaveLength(1);
    expect(vacancyTitles(doc)).toEqual(titlesOf(expected));
  });

  it("shows 'Vakansiyalar topilmadi' when nothing matches", async () => {
    expect(all.some((v) => v.department === CHEMISTRY && v.employmentType === HALF_RATE)).toBe(false);
    const { doc } = await page(`/Vacancies?department=${encodeURIComponent(CHEMISTRY)}&type=${encodeURIComponent(HALF_RATE)}`);
    expect(doc.querySelectorAll('.vac-card')).toHaveLength(0);
    expect(doc.querySelector('.vac-empty')?.textContent).toContain('Vakansiyalar topilmadi');
    expect(doc.querySelector('.vac-empty')?.textContent).toContain('Iltimos, boshqa filtrlarni tanlang.');
    const en = await page(`/en/Vacancies?department=${encodeURIComponent(CHEMISTRY)}&type=${encodeURIComponent(HALF_RATE)}`);
    expect(en.doc.querySelector('.vac-empty')?.textContent).toContain('No vacancies found');
  });

  it('treats unknown, empty and hostile filter values as "all", without echoing them', async () => {
    const hostile = '"><script>alert(1)</script>';
    for (const query of ['department=Fizika+kafedrasi&type=Soatbay', 'department=&type=', `department=${encodeURIComponent(hostile)}`, 'type=yarim+stavka']) {
      const { html, doc } = await page(`/Vacancies?${query}`);
      expect(vacancyTitles(doc), query).toEqual(titlesOf(all));
      expect(html).not.toContain('<script>alert(1)');
      // The language switch keeps the query (escaped); the board itself never shows an unknown value.
      expect(doc.querySelector('main')!.innerHTML).not.toMatch(/Fizika|Soatbay|alert/);
      expect(doc.querySelector('select[name="department"] option[selected]')?.textContent).toBe('Barcha kafedralar');
    }
  });

  it('formats posted dates on the server in the uz-UZ long format, in every language', async () => {
    const uzDate = (iso: string) =>
      new Intl.DateTimeFormat('uz-UZ', { dateStyle: 'long', timeZone: 'Asia/Tashkent' }).format(new Date(`${iso}T00:00:00+05:00`));
    for (const prefix of ['', '/en']) {
      const { doc } = await page(`${prefix}/Vacancies`);
      for (const v of all) {
        const time = doc.querySelector(`time[datetime="${v.postedDate}"]`);
        expect(time?.textContent, v.postedDate).toBe(uzDate(v.postedDate));
      }
    }
    expect(uzDate('2026-02-20')).toBe('20-fevral, 2026');
  });

  it('staggers the cards by VACANCY_STAGGER_MS', async () => {
    const { doc } = await page('/Vacancies');
    const delays = [...doc.querySelectorAll('.vac-card')].map((card) => card.getAttribute('style'));
    expect(delays).toEqual(all.map((_, i) => `animation-delay:${i * VACANCY_STAGGER_MS}ms`));
  });

  it('keeps its styles in its own stylesheet with the vac- prefix', () => {
    const css = readFileSync(join(ROOT, 'shared/styles/vacancies.css'), 'utf8');
    const selectors = css
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/@keyframes[^{]*\{(?:[^{}]*\{[^}]*\})*[^}]*\}/g, '')
      .match(/(^|})\s*([^{}@]+)\{/g)!
      .map((s) =>
        s
          .replace(/^}?\s*/, '')
          .replace(/\{$/, '')
          .trim(),
      );
    expect(selectors.length).toBeGreaterThan(10);
    for (const selector of selectors) for (const part of selector.split(',')) expect(part.trim(), part).toMatch(/^\.vac-/);
  });
});

describe('/TTJ and /YPK', () => {
  const GALLERIES = [
    { path: '/TTJ', count: DORMITORY_IMAGE_COUNT, dir: '/media/dormitory/' },
    { path: '/YPK', count: CLUB_IMAGE_COUNT, dir: '/media/club/' },
  ];
  for (const { path, count, dir } of GALLERIES) {
    it(`${path} has a ${count}-image gallery: described images that link to the full picture`, async () => {
      const alts = new Set<string>();
      for (const { prefix } of LANG_PREFIXES) {
        const { doc } = await page(prefix + path);
        const thumbs = [...doc.querySelectorAll('.gallery__thumb')];
        expect(thumbs).toHaveLength(count);
        for (const thumb of thumbs) {
          const img = thumb.querySelector('img')!;
          expect(thumb.getAttribute('href')).toBe(img.getAttribute('src'));
          expect(img.getAttribute('src')).toMatch(new RegExp(`^${dir}`));
          expect(img.getAttribute('alt')!.length).toBeGreaterThan(10);
          expect(img.getAttribute('width')).toBeTruthy();
          expect(img.getAttribute('height')).toBeTruthy();
          alts.add(img.getAttribute('alt')!);
        }
        // The modal is a closed native dialog until a thumbnail is clicked.
        expect(doc.querySelector('dialog.gallery__dialog')?.hasAttribute('open')).toBe(false);
      }
      expect(alts.size).toBe(count * LANG_PREFIXES.length);
    });

    it(`${path} serves its gallery images`, async () => {
      const { doc } = await page(path);
      for (const img of doc.querySelectorAll('.gallery__thumb img')) {
        const res = await request(app).get(img.getAttribute('src')!).expect(200);
        expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
      }
    });
  }

  it('/TTJ states its facts and is signed by the vice-rector for youth affairs', async () => {
    const uz = (await page('/TTJ')).doc.querySelector('main')!.textContent;
    for (const fact of ['528', '5', '2025-yil mart', '25.08.2025', '250 nafar', 'ikki baravar', '100 foiz']) expect(uz).toContain(fact);
    expect(uz).toMatch(/Yoshlar masalalari[^.]*prorektor/);
    const ru = (await page('/ru/TTJ')).doc.querySelector('main')!.textContent;
    for (const fact of ['528', 'марте 2025', '25.08.2025', '250 студентов', 'вдвое', '100 процентов', 'роректор по делам молодёжи']) expect(ru).toContain(fact);
    const en = (await page('/en/TTJ')).doc.querySelector('main')!.textContent;
    for (const fact of ['528', 'March 2025', '25.08.2025', '250 students', 'double', '100 percent', 'vice-rector for youth affairs'])
      expect(en.toLowerCase()).toContain(fact.toLowerCase());
  });

  it('/TTJ is signed by a vice-rector of /rektorat, and the demo news of the opening tells the same facts (embedded content)', async () => {
    const demo = testApp(null);
    const text = async (url: string) => new JSDOM((await request(demo).get(url).expect(200)).text).window.document.querySelector('main')!.textContent;
    for (const [prefix, surname, facts] of [
      ['', 'Ergashev', ['528', 'besh qavatli']],
      ['/ru', 'Эргашев', ['528', 'пятиэтажное']],
      ['/en', 'Ergashev', ['528', 'five-storey']],
    ] as const) {
      expect(await text(`${prefix}/TTJ`)).toContain(surname);
      expect(await text(`${prefix}/rektorat`)).toContain(surname);
      const news = await text(`${prefix}/news/9`);
      for (const fact of facts) expect(news).toContain(fact);
    }
  });

  it('/YPK links to the anonymous help bot in a new tab and shows dashes for the unpublished contacts', async () => {
    const { doc } = await page('/en/YPK');
    const bot = doc.querySelector<HTMLAnchorElement>('a[href^="https://t.me/"]')!;
    expect(bot.textContent).toContain('anonymous help bot');
    expect(bot.getAttribute('target')).toBe('_blank');
    expect(bot.getAttribute('rel')).toContain('noopener');
    const contacts = doc.querySelector('.svc-contacts')!;
    const value = (label: string) => [...contacts.querySelectorAll('dt')].find((dt) => dt.textContent === label)?.nextElementSibling?.textContent;
    expect(value('Phone')).toBe('—');
    expect(value('E-mail')).toBe('—');
    const photo = doc.querySelector<HTMLImageElement>('.svc-profile img')!;
    expect(photo.getAttribute('alt')).toBe('Madina Rustamova');
    await request(app).get(photo.getAttribute('src')!).expect(200);
  });
});

describe('/XQQ', () => {
  const DOCX = '/docs/xotin-qizlar-qomitasi.docx';

  it('sends the description and a download link (new tab) in the server HTML', async () => {
    for (const { lang, prefix } of LANG_PREFIXES) {
      const { doc } = await page(`${prefix}/XQQ`);
      const link = doc.querySelector<HTMLAnchorElement>(`main a[href="${DOCX}"]`)!;
      expect(link, lang).not.toBeNull();
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(doc.querySelector('.xqq-intro')?.textContent?.length).toBeGreaterThan(60);
      // The viewer is empty and hidden until its island, which wakes once the page is interactive,
      // draws the document; its code is neither announced nor named to the browser before then.
      expect(doc.querySelector('.xqq-document')?.childElementCount).toBe(0);
      expect(doc.querySelector('.xqq-document')?.hasAttribute('hidden')).toBe(true);
      const island = doc.querySelector('ztu-island[data-island="DocumentViewer"]');
      expect(island?.getAttribute('data-wake')).toBe('settled');
      expect(island?.hasAttribute('data-chunks')).toBe(false);
      expect(doc.querySelector('link[href*="/DocumentViewer-"], link[href*="/docx-preview-"]')).toBeNull();
      expect(island?.querySelector('button')).toBeNull();
    }
    const uz = await page('/XQQ');
    expect(uz.doc.querySelector(`main a[href="${DOCX}"]`)?.textContent).toContain('Hujjatni yuklab olish');
  });

  it('serves a real Word document: headings, a table, an image and Uzbek text on several pages', async () => {
    const res = await request(app)
      .get(DOCX)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/officedocument\.wordprocessingml\.document/);
    const zip = await JSZip.loadAsync(res.body as Buffer);
    const xml = await zip.file('word/document.xml')!.async('string');
    expect(xml).toMatch(/w:pStyle w:val="Heading1"/);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('<w:drawing>');
    expect(xml.match(/w:br w:type="page"/g)?.length).toBeGreaterThanOrEqual(2);
    expect(xml).toContain('Xotin-qizlar qoʻmitasi');
    expect(Object.keys(zip.files).some((name) => name.startsWith('word/media/'))).toBe(true);
  });
});

describe('the style-src relaxation for docx-preview', () => {
  const styleSrc = (csp: string) => /(?:^|;)\s*style-src ([^;]*)/.exec(csp)?.[1] ?? '';

  it('allows inline <style> on /XQQ only, in every language and case', async () => {
    for (const url of ['/XQQ', '/xqq', '/ru/XQQ', '/en/xqq', '/EN/Xqq']) {
      const { csp } = await page(url);
      expect(styleSrc(csp), url).toBe("'self' 'unsafe-inline'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('keeps every other page strict', async () => {
    for (const url of ['/about', '/TTJ', '/Vacancies', '/ru/YPK', '/']) {
      const { csp } = await page(url);
      expect(styleSrc(csp), url).toBe("'self'");
    }
    for (const url of ['/XQQX', '/XQQ/extra', '/de/XQQ']) {
      const res = await request(app).get(url).set('user-agent', CRAWLER).expect(404);
      expect(styleSrc(res.headers['content-security-policy'] ?? ''), url).toBe("'self'");
    }
  });
});

describe('mock screens', () => {
  it('/test lists every page of the route table, in the page language', async () => {
    const { doc } = await page('/ru/test');
    const hrefs = new Set([...doc.querySelectorAll('main a')].map((a) => a.getAttribute('href')?.toLowerCase()));
    const staticPages = PAGES.filter((p) => !p.path.includes(':'));
    expect(staticPages.length).toBeGreaterThan(20);
    for (const p of staticPages) expect(hrefs, p.path).toContain((p.path ? `/ru/${p.path}` : '/ru').toLowerCase());
    expect(texts(doc, 'main h2')).toContain('Университет');
  });

  it('/test2 explains keyboard use, languages and whom to contact', async () => {
    const { doc } = await page('/en/test2');
    expect(texts(doc, 'main h2')).toEqual(expect.arrayContaining(['Using the keyboard', 'Languages', 'Contacts']));
    expect(doc.querySelector('main a[href^="tel:"]')).not.toBeNull();
    expect(doc.querySelector('main a[href^="mailto:"]')).not.toBeNull();
  });

  it('/form submits nothing: no field has a name, and the note is shown only after a submit', async () => {
    const { doc } = await page('/form');
    const form = doc.querySelector('main form')!;
    expect(form.querySelectorAll('input, select, textarea').length).toBeGreaterThan(5);
    expect(form.querySelectorAll('[name]')).toHaveLength(0);
    // Without JavaScript the submit goes to the note's fragment on this page, where CSS shows it.
    const note = doc.querySelector('.svc-form__note')!;
    expect(form.getAttribute('action')).toBe(`/form#${note.id}`);
    expect(note.textContent).toMatch(/ariza yuborilmadi/);
    expect(note.classList.contains('is-shown')).toBe(false);
  });

  it('/entry has two image buttons: full-time study and the online admission site', async () => {
    const { doc } = await page('/ru/entry');
    const buttons = [...doc.querySelectorAll('.svc-entry__button')];
    expect(buttons).toHaveLength(2);
    expect(buttons[0]!.getAttribute('href')).toBe('/ru/kunduzgi');
    expect(buttons[1]!.getAttribute('href')).toMatch(/^https:\/\//);
    for (const button of buttons) {
      const img = button.querySelector('img')!;
      await request(app).get(img.getAttribute('src')!).expect(200);
    }
  });

  it('/study and /university show placeholder rows only', async () => {
    for (const url of ['/study', '/university']) {
      const { doc } = await page(url);
      const cells = texts(doc, '.svc-table tbody td:not(:first-child)');
      expect(cells.length).toBeGreaterThan(8);
      expect(new Set(cells)).toEqual(new Set(['—']));
    }
  });

  it('/sdf renders every section in the server HTML (the reveal is a client enhancement)', async () => {
    const { doc } = await page('/sdf');
    expect(doc.querySelectorAll('.svc-scroll__item')).toHaveLength(6);
    expect(doc.querySelectorAll('.svc-scroll__item.is-hidden')).toHaveLength(0);
  });
});

describe('generated artwork', () => {
  it('keeps the group files small and original (made by scripts/generate-*.mjs)', () => {
    const files = [
      ...Array.from({ length: DORMITORY_IMAGE_COUNT }, (_, i) => `media/dormitory/ttj-${i + 1}.svg`),
      ...Array.from({ length: CLUB_IMAGE_COUNT }, (_, i) => `media/club/ypk-${i + 1}.svg`),
      'media/club/psychologist.svg',
      'media/entry/kunduzgi.svg',
      'media/entry/online.svg',
      'docs/xotin-qizlar-qomitasi.docx',
    ];
    let total = 0;
    for (const file of files) total += readFileSync(join(PUBLIC_DIR, file)).length;
    expect(total).toBeLessThan(100 * 1024);
  });
});
