import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cyrillicText } from '../../shared/cyrillic';
import { cyrillicNeedle } from '../helpers/cyrillic-needles';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { homeRoutes, STUDENT_LIFE_PATH } from '../helpers/fixtures-home';
import { imageSource } from '../helpers/image-urls';

let backend: FakeBackend;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  backend = await startFakeBackend(homeRoutes());
  app = testApp(backend.url);
});
afterAll(() => backend.close());

const UZ = {
  lang: 'uz',
  tag: 'uz',
  url: '/',
  card: (id: number) => `Yangilik ${id} uz-needle`,
  plan: 'Sport infratuzilmasi',
  teachers: 'professional oʻqituvchilar',
  field: 'Boshlangʻich taʼlim',
  newsHeading: 'Yangiliklar',
  plans: 'Rejalar - 2030',
};

const LANGS = [
  // Headings and messages the site shows in English on English pages are translated on the others (docs/behaviour.md).
  UZ,
  {
    lang: 'uz-cyrl',
    tag: 'uz-Cyrl',
    url: '/uz-cyrl',
    card: (id: number) => cyrillicText(UZ.card(id)),
    plan: cyrillicNeedle(UZ.plan),
    teachers: cyrillicNeedle(UZ.teachers),
    field: cyrillicText(UZ.field),
    newsHeading: cyrillicNeedle(UZ.newsHeading),
    plans: cyrillicNeedle(UZ.plans),
  },
  {
    lang: 'ru',
    tag: 'ru',
    url: '/ru',
    card: (id: number) => `Новость ${id} ru-needle`,
    plan: 'Спортивная инфраструктура',
    teachers: 'профессиональных преподавателей',
    field: 'Начальное образование',
    newsHeading: 'Новости',
    plans: 'Планы - 2030',
  },
  {
    lang: 'en',
    tag: 'en',
    url: '/en',
    card: (id: number) => `News ${id} en-needle`,
    plan: 'Sports infrastructure',
    teachers: 'professional teachers',
    field: 'Primary Education',
    newsHeading: 'News',
    plans: 'Plans - 2030',
  },
];

/** As a crawler gets it: whole (never streamed), so the DOM can be read without running scripts. */
async function home(url: string, on = app) {
  const res = await request(on).get(url).set('User-Agent', 'Googlebot/2.1 (+http://www.google.com/bot.html)').expect(200);
  return { res, doc: new JSDOM(res.text).window.document };
}

/** The backend image each <img> shows (through the image endpoint). */
const srcs = (doc: Document, selector: string) => [...doc.querySelectorAll<HTMLImageElement>(selector)].map((img) => imageSource(img.getAttribute('src')));

describe('home page in four renditions', () => {
  for (const { lang, tag, url, card, plan, teachers, field, newsHeading, plans: plansHeading } of LANGS) {
    it(`${url} has the statistics, 3 latest news, 19 fields, the plans, slider images and partner logos (${lang})`, async () => {
      const { res, doc } = await home(url);
      expect(res.text).toContain(`<html lang="${tag}"`);

      const stats = [...doc.querySelectorAll('.stats__list li')].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
      expect(stats).toHaveLength(3);
      expect(stats[0]).toBe(`180 ${teachers}`);
      expect(stats[1]).toMatch(/^40 /);
      expect(stats[2]).toMatch(/^7124 /);

      expect(doc.querySelector('#home-news-title')?.textContent).toBe(newsHeading);
      const cards = [...doc.querySelectorAll('#home-news .news-card__title')].map((h) => h.textContent);
      expect(cards).toEqual([23, 22, 21].map((id): unknown => expect.stringContaining(card(id))));

      const codes = [...doc.querySelectorAll('#home-fields .field-card__code')].map((p) => p.textContent?.replace(/\D/g, ''));
      expect(new Set(codes).size).toBe(19);
      expect(codes.every((code) => /^\d{8}$/.test(code ?? ''))).toBe(true);
      expect(doc.querySelector('#home-fields')?.textContent).toContain(field);

      expect(doc.querySelector('#home-plans')?.textContent).toBe(plansHeading);
      const plans = [...doc.querySelectorAll('.plans > li')];
      expect(plans.map((li) => li.querySelector('.plan__number')?.textContent)).toEqual(['01', '02', '03', '04']);
      expect(plans[1]?.querySelector('h3')?.textContent).toBe(plan);

      const slides = srcs(doc, '.slider--images img');
      expect(slides).toEqual([`${backend.url}/media/test/slide-alpha.jpg`, 'https://cdn.example.org/slide-beta.png']);
      const logos = srcs(doc, '.slider--partners img');
      expect(logos).toEqual(['alpha', 'sly', 'gamma'].map((p) => `${backend.url}/media/test/partner-${p}.png`));
      expect(srcs(doc, '.marquee img')).toEqual([...logos, ...logos]);
    });
  }

  it('drops a javascript: partner link but keeps the logo, unlinked; hostile names stay text', async () => {
    const { res, doc } = await home('/en');
    expect(res.text).not.toMatch(/javascript:/i);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    const logo = (name: string) => doc.querySelector<HTMLImageElement>(`.slider--partners img[alt^="${name}"]`);
    expect(logo('Partner Sly')).not.toBeNull();
    expect(logo('Partner Sly')?.closest('a')).toBeNull();
    expect(logo('Partner Alpha')?.closest('a')?.getAttribute('href')).toBe('https://alpha.example.org/');
    expect(logo('Partner Alpha')?.closest('a')?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(logo('Partner <script>')?.getAttribute('alt')).toBe('Partner <script>alert(1)</script>');
  });

  it('renders each slide once in server HTML, with room reserved and carousel semantics', async () => {
    const { doc } = await home('/ru');
    const slides = [...doc.querySelectorAll('.slider--images .swiper-slide')];
    expect(slides).toHaveLength(2);
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 из 2', '2 из 2']);
    for (const img of doc.querySelectorAll('.slider img, .marquee img, .life-grid img, .news-card img, .field-card img')) {
      expect(img.getAttribute('width')).toMatch(/^\d+$/);
      expect(img.getAttribute('height')).toMatch(/^\d+$/);
      expect(img.getAttribute('loading')).toBe('lazy');
    }
    const bullets = [...doc.querySelectorAll('.slider--images .slider__bullet')].map((b) => b.getAttribute('aria-label'));
    expect(bullets).toEqual(['Перейти к слайду 1', 'Перейти к слайду 2']);
  });

  it('fetches the hero image first and never renders the loading screen on the server', async () => {
    const { res, doc } = await home('/');
    const hero = [...doc.querySelectorAll<HTMLImageElement>('.hero img')];
    expect(hero).toHaveLength(2);
    expect(hero[0]?.getAttribute('fetchpriority')).toBe('high');
    for (const img of hero) expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '900']);
    expect(res.text).not.toContain('home-loader');
  });

  it("asks for React's code in the head for the hero's island, which wakes at once; an idle island's code waits for the paint", async () => {
    const { doc } = await home('/');
    const inHead = [...doc.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
    expect(inHead.some((href) => /\/react-root-[^/]+\.js$/.test(href ?? ''))).toBe(true);
    // The header (idle) names its chunks for after the first paint: none of them is only in the head.
    const header = doc.querySelector('ztu-island[data-island="Header"]')?.getAttribute('data-chunks')?.split(' ') ?? [];
    expect(header.some((href) => /\/Header-[^/]+\.js$/.test(href))).toBe(true);
    expect(inHead.some((href) => /\/Header-[^/]+\.js$/.test(href ?? ''))).toBe(false);
  });

  it('shows the video as a facade: no frame in the page, a link to the video instead', async () => {
    const { doc } = await home('/en');
    expect(doc.querySelector('iframe[src*="youtube"]')).toBeNull();
    const facade = doc.querySelector('#home-video a.video__facade');
    expect(facade?.getAttribute('href')).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(facade?.textContent).toContain('Watch the video');
  });

  it('has the side panels closed: toggles with aria-expanded, dialogs whose bodies are made when first opened', async () => {
    const { doc } = await home('/ru');
    const toggles = [...doc.querySelectorAll('.side-panels__toggle')];
    expect(toggles.map((b) => [b.getAttribute('aria-expanded'), b.getAttribute('aria-controls')])).toEqual([
      ['false', 'panel-students'],
      ['false', 'panel-menu'],
    ]);
    // Only script opens them (test/e2e/home.test.ts checks what they hold): no closed body in the page.
    for (const id of ['panel-students', 'panel-menu']) {
      const panel = doc.getElementById(id)!;
      expect(panel.getAttribute('role')).toBe('dialog');
      expect(panel.querySelectorAll('a')).toHaveLength(0);
    }
  });

  it('has the admission form mock: every field labelled, asterisks, date bounds, nothing that could send data', async () => {
    const { doc } = await home('/en');
    const form = doc.querySelector('form.admission-form')!;
    const controls = [...form.querySelectorAll('input, select')];
    expect(controls).toHaveLength(14);
    for (const control of controls) {
      expect(form.querySelector(`label[for="${control.id}"]`)).not.toBeNull();
      expect(control.hasAttribute('name')).toBe(false);
      expect(control.hasAttribute('required')).toBe(false);
    }
    expect(form.querySelectorAll('input[type="file"]')).toHaveLength(3);
    const birth = form.querySelector('input[type="date"]')!;
    expect([birth.getAttribute('min'), birth.getAttribute('max')]).toEqual(['1900-01-01', '2024-12-31']);
    const starred = [...form.querySelectorAll('label')].filter((l) => l.querySelector('.adm-field__star')).map((l) => l.getAttribute('for'));
    expect(starred).toEqual([
      'adm-surname',
      'adm-first-name',
      'adm-passport',
      'adm-phone',
      'adm-birth-date',
      'adm-sex',
      'adm-residence',
      'adm-study-form',
      'adm-programme',
      'adm-passport-file',
      'adm-photo-file',
      'adm-certificate-file',
    ]);
    expect(form.querySelector('label[for="adm-surname"]')?.textContent).toBe('Surname * (required)');
    expect(form.querySelectorAll('#adm-residence option')).toHaveLength(15);
    expect(form.querySelectorAll('#adm-programme option')).toHaveLength(20);
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '#admission-note']);
    expect(form.hasAttribute('novalidate')).toBe(true);
    const note = doc.querySelector('#admission-note');
    expect(note?.getAttribute('role')).toBe('status');
    expect(note?.querySelector('a')?.getAttribute('href')).toBe('https://qabul.ztu.uz/');
  });

  it('takes the student-life gallery from the embedded content when STUDENT_LIFE_PATH is unset', async () => {
    const { doc } = await home('/en');
    expect(doc.querySelector('#home-life')?.textContent).toContain('Navruz festival in the university courtyard');
    expect(backend.calls(STUDENT_LIFE_PATH)).toBe(0);
  });

  it('takes the student-life gallery from the backend path STUDENT_LIFE_PATH names', async () => {
    const withPath = testApp(backend.url, { STUDENT_LIFE_PATH });
    const { doc } = await home('/ru', withPath);
    const life = doc.querySelector('#home-life')!;
    expect(life.textContent).toContain('Весна ru-life');
    expect(life.querySelector('a')?.getAttribute('href')).toBe('https://www.instagram.com/backend_profile');
  });
});

describe('home page when a backend call fails or is empty', () => {
  let other: FakeBackend;
  afterAll(() => other?.close());

  it("shows 'No images available' for an empty slider list", async () => {
    other = await startFakeBackend({ ...homeRoutes(), '/api/homecontent/': { json: [] } });
    const { doc } = await home('/en', testApp(other.url));
    expect(doc.querySelector('#home-slider')?.textContent).toContain('No images available');
    expect(doc.querySelector('.slider--images')).toBeNull();
    await other.close();
  });

  it('stays 200 with everything else when the slider call fails', async () => {
    other = await startFakeBackend({ ...homeRoutes(), '/api/homecontent/': { status: 500 } });
    const { res, doc } = await home('/', testApp(other.url));
    expect(doc.querySelector('#home-slider')?.textContent).toContain('Rasmlar mavjud emas');
    expect(doc.querySelectorAll('#home-news .news-card')).toHaveLength(3);
    expect(doc.querySelectorAll('.slider--partners img')).toHaveLength(3);
    expect(res.headers['cache-control']).toBe('no-store');
    await other.close();
  });

  it('stays 200 with everything else when the partners call fails', async () => {
    other = await startFakeBackend({ ...homeRoutes(), '/api/hamkorlar/': { raw: 'not json' } });
    const { doc } = await home('/ru', testApp(other.url));
    expect(doc.querySelector('#home-partners .notice')).not.toBeNull();
    expect(doc.querySelector('.slider--partners')).toBeNull();
    expect(doc.querySelectorAll('.slider--images img')).toHaveLength(2);
    expect(doc.querySelectorAll('#home-fields .field-card')).toHaveLength(19);
    await other.close();
  });

  for (const [why, answer] of [
    ['answer 500', { status: 500 }],
    ['answer 404 (no list)', { status: 404 }],
  ] as const) {
    it(`stays 200 when the news, slider and partner calls all ${why}`, async () => {
      other = await startFakeBackend({ '/news/yangiliklar/': answer, '/api/homecontent/': answer, '/api/hamkorlar/': answer });
      const { doc } = await home('/en', testApp(other.url));
      expect(doc.querySelector('#home-plans')?.textContent).toBe('Plans - 2030');
      expect(doc.querySelector('#home-slider')?.textContent).toContain('No images available');
      expect(doc.querySelectorAll('#home-fields .field-card')).toHaveLength(19);
      expect(doc.querySelectorAll('.admission-form select')).toHaveLength(4);
      await other.close();
    });
  }
});
