/**
 * Images inside rich text (news, articles, about, rules, staff details) against a fake backend that
 * serves a camera-sized JPEG: pages show them through the image endpoint, the variant is small, other
 * origins stay as they are, hostile markup stays harmless, the same HTML is rewritten once, and a page
 * stored before its images' sources were seen is made again once one is.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACES } from '../../shared/pictures';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, newsItem } from '../helpers/fixtures';
import { aboutRoutes, labourCode, staffMember } from '../helpers/fixtures-about';
import { articles } from '../helpers/fixtures-study';
import { getBytes, imageSource } from '../helpers/image-urls';

const KEY = 'k'.repeat(32);
const AVIF = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const CURL = 'curl/8';
const FORGED = Buffer.from('https://evil.example/x.jpg').toString('base64url');
/** A news text as an editor might paste it, with what a hostile backend might add. */
const DESC = [
  '<p>Matn uz-rich</p>',
  `<img src="/media/rt/big.jpg" alt='Zal "> <b>bold</b> &quot;q&quot;'>`,
  '<img src="https://elsewhere.example/x.jpg" alt="away">',
  '<img src="javascript:alert(1)" alt="js">',
  `<img src="/media/rt/scripted.jpg" alt='"><script>alert(2)</script>'>`,
  `<img data-rich-img="${FORGED}.1.1" src="/media/rt/small.jpg" alt="forged">`,
  `<p data-rich-img="${FORGED}..">&lt;img data-rich-img="${FORGED}.."</p>`,
].join('');

let dir: string;
let backend: FakeBackend;

type App = ReturnType<typeof testApp>;

function app(): App {
  return testApp(backend.url, { IMAGE_SIGNING_KEY: KEY, IMAGE_CACHE_DIR: join(dir, 'cache'), BACKEND_TIMEOUT_MS: '120000' });
}

async function page(site: App, path: string) {
  const res = await request(site).get(path).set('user-agent', CURL).expect(200);
  await site.locals.pageCache.settled();
  return { text: res.text, doc: new JSDOM(res.text).window.document };
}

const proseImages = (doc: Document) => [...doc.querySelectorAll<HTMLImageElement>('.prose img')];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ztu-rich-images-'));
  const camera = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .jpeg({ quality: 92 })
    .toBuffer();
  const small = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#1f3a93' } })
    .jpeg()
    .toBuffer();
  backend = await startFakeBackend({
    ...coreRoutes(),
    ...aboutRoutes(),
    '/news/yangiliklar/5/': { json: newsItem(5, { desc_uz: DESC }) },
    '/category/obuniversitet/': { json: [{ id: 1, title_uz: 'Biz haqimizda', desc_uz: '<p>Tarix</p><img src="/media/rt/small.jpg" alt="Bino">' }] },
    '/category/universitetichkitartibqonunlari/': { json: [{ ...labourCode[0], descriptions_uz: '<p>Qoida</p><img src="/media/rt/small.jpg">' }] },
    '/category/kafedrakontent/by-kafedra/1/': {
      json: [staffMember(1, { kafedra_malumotlari_uz: '<p>Tajriba</p><img src="/media/rt/small.jpg" width="120">' })],
    },
    '/news/maqolalar/1': { json: { ...articles[0], desc_uz: '<p>Maqola</p><img src="/media/rt/small.jpg" alt="Chizma">' } },
    '/media/rt/big.jpg': { body: camera, contentType: 'image/jpeg' },
    '/media/rt/small.jpg': { body: small, contentType: 'image/jpeg' },
  });
});

afterAll(async () => {
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('images in rich text', () => {
  it('go through the endpoint with a srcset and the column’s sizes; the variant is a small AVIF of the camera JPEG', async () => {
    const site = app();
    const { text, doc } = await page(site, '/news/5');
    const [big, away, scripted, forged, ...rest] = proseImages(doc);
    expect(rest).toEqual([]);

    expect(imageSource(big!.getAttribute('src'))).toBe(`${backend.url}/media/rt/big.jpg`);
    expect(big!.getAttribute('src')).toMatch(/^\/_img\/[\w-]{16}\/960\/_\//);
    const set = big!
      .getAttribute('srcset')!
      .split(', ')
      .map((entry) => entry.split(' '));
    expect(set.map(([, descriptor]) => descriptor)).toEqual(['320w', '480w', '640w', '960w', '1280w', '1920w']);
    expect(set.every(([url]) => imageSource(url) === `${backend.url}/media/rt/big.jpg`)).toBe(true);
    expect(big!.getAttribute('sizes')).toBe(PLACES.richText.sizes);
    expect(big!.getAttribute('alt')).toBe('Zal "> <b>bold</b> "q"');
    expect([big!.getAttribute('loading'), big!.getAttribute('decoding')]).toEqual(['lazy', 'async']);

    // Another origin: as the backend named it (the CSP's img-src allows https images; nothing fetches it for us).
    expect(away!.getAttribute('src')).toBe('https://elsewhere.example/x.jpg');
    expect(away!.hasAttribute('srcset')).toBe(false);
    // The alt that closed a script is dropped by DOMPurify; the image stays.
    expect(imageSource(scripted!.getAttribute('src'))).toBe(`${backend.url}/media/rt/scripted.jpg`);
    expect(scripted!.getAttribute('alt')).toBe('');
    // The backend's own mark is gone: the image is its src's, not the mark's.
    expect(imageSource(forged!.getAttribute('src'))).toBe(`${backend.url}/media/rt/small.jpg`);
    expect(forged!.getAttribute('alt')).toBe('forged');

    expect(doc.querySelectorAll('[data-rich-img]')).toHaveLength(0);
    expect(/javascript:|evil\.example/.test(text)).toBe(false);
    expect(doc.querySelectorAll('.prose script, .prose b')).toHaveLength(0);
    expect(doc.querySelector('.prose p:last-child')!.textContent).toBe(`<img data-rich-img="${FORGED}.."`);

    const variant = set.find(([, descriptor]) => descriptor === '640w')![0]!;
    const res = await getBytes(site, variant, AVIF).expect(200);
    expect(res.headers['content-type']).toBe('image/avif');
    const body = res.body as Buffer;
    expect(body.length).toBeLessThan(60_000);
    expect(await sharp(body).metadata()).toMatchObject({ width: 640, height: 480 });
  });

  it('are rewritten once: the same HTML rendered again is taken from memory', async () => {
    const site = app();
    const { text } = await page(site, '/news/5');
    expect(text).toMatch(/<div class="prose">[^]*srcset="\/_img\//);
    const { hits, misses } = site.locals.images.richText.stats;
    // Rendered again from the same data (the stored page dropped), the item's HTML is not rewritten
    // again: one hit for each field with images, the uz text and its uz-cyrl rendition.
    (site.locals.pageCache as { clear(): void }).clear();
    await page(site, '/news/5');
    expect(site.locals.images.richText.stats).toEqual({ hits: hits + 2, misses });
  });

  it('get their size once the source is seen: the stored page is made again', async () => {
    const site = app();
    const first = await page(site, '/news/5');
    const img = proseImages(first.doc)[0]!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual([null, null]);
    const renders = site.locals.renders;
    await page(site, '/news/5');
    expect(site.locals.renders).toBe(renders);

    await request(site).get(img.getAttribute('src')!).set('accept', AVIF).expect(200);
    const again = proseImages((await page(site, '/news/5')).doc)[0]!;
    expect(site.locals.renders).toBe(renders + 1);
    expect(again.getAttribute('src')).toMatch(/^\/_img\/[\w-]{16}\/960\/[\w-]{16}\//);
    expect([again.getAttribute('width'), again.getAttribute('height')]).toEqual(['4000', '3000']);
  });

  it('go through the endpoint on articles, about and rules entries and staff details', async () => {
    const site = app();
    for (const [path, selector] of [
      ['/qqk/1', '.prose img'],
      ['/about', '.prose img'],
      ['/rules', '.prose img'],
      ['/department/1', '.person-card__details img'],
    ] as const) {
      const img = (await page(site, path)).doc.querySelector(selector);
      expect(imageSource(img?.getAttribute('src')), path).toBe(`${backend.url}/media/rt/small.jpg`);
      expect(img!.getAttribute('srcset'), path).toContain('/_img/');
    }
    // The editor's 120 px: the drawn width and sizes.
    const staff = (await page(site, '/department/1')).doc.querySelector('.person-card__details img')!;
    expect([staff.getAttribute('width'), staff.getAttribute('sizes')]).toEqual(['120', '(max-width: 152px) calc(100vw - 32px), 120px']);
  });
});
