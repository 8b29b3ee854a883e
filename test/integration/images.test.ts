/**
 * The image endpoint (issue 14) against a fake backend serving real image bytes made here with sharp:
 * widths, formats, orientation, metadata, what is refused (unsigned, forged, other origins, wrong
 * types, a decompression bomb, SVG, slow or missing sources), single flight, validators, the disk
 * cache's bound and the work queue's limit. Answers are read back with sharp. No test waits for a
 * time: slow sources are held by a promise, and the queue and checks are watched until they settle.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import pino from 'pino';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVIF_MAX_WIDTH } from '../../server/images/formats';
import { Signer } from '../../server/images/signing';
import { imagePath } from '../../server/images/urls';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { expectDefaultImage, getBytes } from '../helpers/image-urls';
import { freePort } from '../helpers/server-process';
import { waitUntil } from '../helpers/wait';

const KEY = 'k'.repeat(32);
const AVIF = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const WEBP = 'image/webp,*/*';
const OLD = 'image/*,*/*;q=0.8';

let dir: string;
let backend: FakeBackend;
let other: FakeBackend;

type App = ReturnType<typeof testApp>;

function app(env: Record<string, string> = {}, deps: Parameters<typeof testApp>[2] = {}): App {
  return testApp(backend.url, { IMAGE_SIGNING_KEY: KEY, IMAGE_CACHE_DIR: join(dir, 'cache'), BACKEND_TIMEOUT_MS: '120000', ...env }, deps);
}

/** The answer's bytes, whatever its type. */
const get = (site: App, url: string, accept = OLD) => getBytes(site, url, accept);

/** The variants in a cache directory (its lock file, `.owner`, aside). */
const variantFiles = (cache: string) => readdirSync(cache).filter((name) => !name.startsWith('.'));

/** The URL of one width of `source`, as pages get it. */
function urlOf(site: App, source: string, width = 320): string {
  return site.locals.images.urls.imageSet(source, [width]).src;
}

async function shape(body: Buffer) {
  const meta = await sharp(body).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, hasAlpha: meta.hasAlpha, exif: meta.exif, orientation: meta.orientation };
}

/** A PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([head, data, crc]);
}

/** A 74-byte PNG that claims 30000x30000 RGBA pixels (3.6 GB decoded): signature, IHDR, a token IDAT, IEND. */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1000))), chunk('IEND', Buffer.alloc(0))]);
}

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 120, b: 40, alpha: channels === 4 ? 0.5 : 1 } } });
const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 95 })
    .toBuffer();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ztu-images-'));
  const photo = await solid(4000, 3000).jpeg().toBuffer();
  backend = await startFakeBackend({
    // The pages' data too, for the test of stored pages.
    ...coreRoutes(),
    '/media/photo.jpg': { body: photo, contentType: 'image/jpeg' },
    '/media/small.jpg': { body: await solid(500, 300).jpeg().toBuffer(), contentType: 'image/jpeg' },
    '/media/alpha.png': { body: await solid(800, 600, 4).png().toBuffer(), contentType: 'image/png' },
    // Stored 600x400, shown 400x600 (orientation 6: turned 90° clockwise), with EXIF that must not reach visitors.
    '/media/rotated.jpg': {
      body: await solid(600, 400)
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Copyright: 'Photographer' } })
        .jpeg()
        .toBuffer(),
      contentType: 'image/jpeg',
    },
    '/media/mislabelled.jpg': { body: await solid(640, 480).jpeg().toBuffer(), contentType: 'text/html' },
    '/media/page.jpg': { body: Buffer.from('<!doctype html><title>not an image</title>'), contentType: 'image/jpeg' },
    '/media/bomb.png': { body: pngBomb(), contentType: 'image/png' },
    '/media/script.svg': {
      body: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><script>alert(document.domain)</script><rect width="200" height="100" fill="#1f3a93"/></svg>',
      ),
      contentType: 'image/svg+xml',
    },
    '/media/square.svg': {
      body: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><rect width="7000" height="7000" fill="#1f3a93"/></svg>'),
      contentType: 'image/svg+xml',
    },
    '/media/away.jpg': { body: Buffer.alloc(0), status: 302, headers: { location: 'http://evil.invalid/x.jpg' } },
  });
  other = await startFakeBackend({ '/x.jpg': { body: photo, contentType: 'image/jpeg' } });
});

afterAll(async () => {
  await backend?.close();
  await other?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('variants', () => {
  it('makes the asked width in the format Accept allows, with Vary: Accept', async () => {
    const site = app();
    const url = urlOf(site, `${backend.url}/media/photo.jpg`, 640);
    for (const [accept, format, type] of [
      [AVIF, 'heif', 'image/avif'],
      [WEBP, 'webp', 'image/webp'],
      [OLD, 'jpeg', 'image/jpeg'],
      ['image/avif;q=0, image/webp', 'webp', 'image/webp'],
    ] as const) {
      const res = await get(site, url, accept).expect(200);
      expect(res.headers['content-type'], accept).toBe(type);
      expect(res.headers.vary).toBe('Accept');
      expect(res.headers.etag).toMatch(/^"[\w-]{16}"$/);
      expect(await shape(res.body as Buffer), accept).toMatchObject({ format, width: 640, height: 480 });
    }
    // One fetch for each variant made; the fourth answer was made before (from the disk cache).
    expect(backend.calls('/media/photo.jpg')).toBe(3);
  });

  it('makes AVIF up to the widths phones ask for, and WebP for a wide screen (cheaper to encode, and half the memory)', async () => {
    const site = app();
    const source = `${backend.url}/media/photo.jpg`;
    const phone = await get(site, urlOf(site, source, AVIF_MAX_WIDTH), AVIF).expect(200);
    expect(phone.headers['content-type']).toBe('image/avif');
    expect(await shape(phone.body as Buffer)).toMatchObject({ format: 'heif', width: AVIF_MAX_WIDTH });
    const wide = await get(site, urlOf(site, source, 1920), AVIF).expect(200);
    expect(wide.headers['content-type']).toBe('image/webp');
    expect(wide.headers.vary).toBe('Accept');
    expect(await shape(wide.body as Buffer)).toMatchObject({ format: 'webp', width: 1920, height: 1440 });
    // A browser that names AVIF but not WebP gets the format every browser decodes.
    const avifOnly = await get(site, urlOf(site, source, 1920), 'image/avif').expect(200);
    expect(await shape(avifOnly.body as Buffer)).toMatchObject({ format: 'jpeg', width: 1920 });
  });

  it('never enlarges: a 500-px source asked at 960 answers 500 px', async () => {
    const site = app();
    const res = await get(site, urlOf(site, `${backend.url}/media/small.jpg`, 960)).expect(200);
    expect(await shape(res.body as Buffer)).toMatchObject({ width: 500, height: 300 });
    // Once the size is known, the srcset stops at it and says the true width.
    const set = site.locals.images.urls.imageSet(`${backend.url}/media/small.jpg`);
    expect(set.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['160w', '320w', '480w', '500w']);
    expect(set).toMatchObject({ width: 500, height: 300 });
  });

  it('keeps transparency: PNG for browsers without AVIF or WebP', async () => {
    const site = app();
    const url = urlOf(site, `${backend.url}/media/alpha.png`, 480);
    const png = await get(site, url).expect(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(await shape(png.body as Buffer)).toMatchObject({ format: 'png', width: 480, height: 360, hasAlpha: true });
    const webp = await get(site, url, WEBP).expect(200);
    expect(await shape(webp.body as Buffer)).toMatchObject({ format: 'webp', hasAlpha: true });
  });

  it('applies EXIF orientation and sends no metadata', async () => {
    const site = app();
    for (const accept of [OLD, WEBP, AVIF]) {
      const res = await get(site, urlOf(site, `${backend.url}/media/rotated.jpg`, 320), accept).expect(200);
      const out = await shape(res.body as Buffer);
      expect(out, accept).toMatchObject({ width: 320, height: 480 });
      expect(out.exif, accept).toBeUndefined();
      expect(out.orientation, accept).toBeUndefined();
    }
  });

  it('serves the site’s own /media/ images from public/, without HTTP', async () => {
    const site = app();
    const res = await get(site, urlOf(site, '/media/default/share.png', 640), WEBP).expect(200);
    expect(await shape(res.body as Buffer)).toMatchObject({ format: 'webp', width: 640, height: 336 });
    expect(res.headers['x-image-fallback']).toBeUndefined();
  });
});

describe('versions and validators', () => {
  it('puts the version in URLs once the source was seen: a year, immutable; before: an hour', async () => {
    const site = app();
    const source = `${backend.url}/media/photo.jpg`;
    const first = urlOf(site, source, 480);
    expect(first).toMatch(/^\/_img\/[\w-]{16}\/480\/_\//);
    expect((await get(site, first).expect(200)).headers['cache-control']).toBe('public, max-age=3600');
    const versioned = urlOf(site, source, 480);
    expect(versioned).toMatch(/^\/_img\/[\w-]{16}\/480\/[\w-]{16}\//);
    const res = await get(site, versioned).expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers 304 for If-None-Match with the variant’s tag', async () => {
    const site = app();
    const url = urlOf(site, `${backend.url}/media/photo.jpg`, 160);
    const { etag } = (await get(site, url, WEBP).expect(200)).headers as { etag: string };
    const hit = await get(site, url, WEBP).set('if-none-match', etag).expect(304);
    expect(hit.headers.etag).toBe(etag);
    // Another format is another representation, with its own tag.
    await get(site, url, OLD).set('if-none-match', etag).expect(200);
    const head = await request(site).head(url).set('accept', WEBP).expect(200);
    expect(head.headers.etag).toBe(etag);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
  });

  it('gives a source replaced in place new URLs, and stored pages are made again', async () => {
    let now = 1_000_000;
    const site = app({}, { now: () => now });
    const path = '/media/replaced.jpg';
    backend.set(path, { body: await solid(800, 600).jpeg().toBuffer(), contentType: 'image/jpeg' });
    await get(site, urlOf(site, backend.url + path)).expect(200);
    const before = urlOf(site, backend.url + path);
    const version = before.split('/')[4];
    expect(version).toMatch(/^[\w-]{16}$/);
    await request(site).get('/about').set('user-agent', 'curl/8').expect(200);
    await site.locals.pageCache.settled();
    expect(site.locals.pageCache.size).toBe(1);

    backend.set(path, { body: await solid(800, 400).jpeg().toBuffer(), contentType: 'image/jpeg' });
    now += 11 * 60 * 1000;
    urlOf(site, backend.url + path);
    await waitUntil(() => site.locals.images.versions.checksUnderWay === 0);
    expect(site.locals.pageCache.size).toBe(0);
    const unknown = urlOf(site, backend.url + path);
    expect(unknown.split('/')[4]).toBe('_');
    const res = await get(site, unknown).expect(200);
    expect(await shape(res.body as Buffer)).toMatchObject({ width: 320, height: 160 });
    const after = urlOf(site, backend.url + path);
    expect(after.split('/')[4]).toMatch(/^[\w-]{16}$/);
    expect(after).not.toBe(before);
    // The old URL still answers the old bytes, which it names.
    const old = await get(site, before).expect(200);
    expect(await shape(old.body as Buffer)).toMatchObject({ width: 320, height: 240 });
    expect(old.headers['cache-control']).toContain('immutable');
  });
});

describe('pages', () => {
  it('make the news photo’s link-preview crop: 1200x630 JPEG whatever Accept, cut by attention', async () => {
    const site = app();
    for (const source of [`${backend.url}/media/photo.jpg`, `${backend.url}/media/alpha.png`]) {
      const url = site.locals.images.urls.sharePath(source);
      expect(url).toMatch(/^\/_img\/[\w-]{16}\/og\//);
      const res = await get(site, url, AVIF).expect(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers.vary).toBeUndefined();
      expect(await shape(res.body as Buffer)).toMatchObject({ format: 'jpeg', width: 1200, height: 630, hasAlpha: false });
    }
  });

  it('show backend images through the endpoint; a page stored before its sources were seen is made again once one is', async () => {
    const site = app();
    backend.set('/media/news/n5.jpg', { body: await solid(4000, 3000).jpeg().toBuffer(), contentType: 'image/jpeg' });
    const render = async () => {
      const res = await request(site).get('/news/5').set('user-agent', 'curl/8').expect(200);
      await site.locals.pageCache.settled();
      return new JSDOM(res.text).window.document;
    };
    const photo = (doc: Document) => doc.querySelector<HTMLImageElement>('.news-detail__image')!;

    const first = await render();
    const img = photo(first);
    expect(img.getAttribute('src')).toMatch(/^\/_img\/[\w-]{16}\/1920\/_\//);
    expect(
      img
        .getAttribute('srcset')
        ?.split(', ')
        .map((entry) => entry.split(' ')[1]),
    ).toEqual(['480w', '640w', '800w', '960w', '1280w', '1920w']);
    expect(img.getAttribute('sizes')).toBe('(min-width: 892px) 860px, calc(100vw - 32px)');
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBeNull();
    // Not seen yet: the place's own ratio (the CSS box is fixed either way).
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1200', '800']);
    // Below it, the other news load lazily and nothing else is fetched first.
    expect(first.querySelectorAll('img[fetchpriority]')).toHaveLength(1);
    expect(first.querySelector('.news-card__image')?.getAttribute('loading')).toBe('lazy');
    const preview = first.querySelector('meta[property="og:image"]')!.getAttribute('content')!;
    expect(preview).toMatch(/\/_img\/[\w-]{16}\/og\/_\//);
    const renders = site.locals.renders;

    // The share crop's fetch teaches the server the source: the stored page is made again, with sizes and versions.
    await get(site, new URL(preview).pathname).expect(200);
    const second = photo(await render());
    expect(site.locals.renders).toBe(renders + 1);
    expect(second.getAttribute('src')).toMatch(/^\/_img\/[\w-]{16}\/1920\/[\w-]{16}\//);
    expect([second.getAttribute('width'), second.getAttribute('height')]).toEqual(['4000', '3000']);
    // No source learnt since: served as stored, though the other news' images (404 here) stay unversioned.
    await render();
    expect(site.locals.renders).toBe(renders + 1);
  });
});

describe('what is refused', () => {
  it('404s unsigned, forged, re-signed and malformed URLs, and widths outside the set', async () => {
    const site = app();
    const good = urlOf(site, `${backend.url}/media/photo.jpg`, 320);
    const [, , signature, , version, source] = good.split('/');
    const otherKey = new Signer('o'.repeat(32));
    const mine = new Signer(KEY);
    for (const url of [
      `/_img/${'A'.repeat(16)}/320/${version}/${source}`,
      `/_img/${signature}/640/${version}/${source}`,
      `/_img/${signature}/320/${version}/${Buffer.from('http://127.0.0.1:1/x.jpg').toString('base64url')}`,
      imagePath(otherKey, { width: 320, version: null, source: `${backend.url}/media/photo.jpg` }),
      imagePath(mine, { width: 500, version: null, source: `${backend.url}/media/photo.jpg` }),
      `/_img/${signature}/320/${version}`,
      `/_IMG/${signature}/320/${version}/${source}`,
    ]) {
      const res = await get(site, url);
      expect(res.status, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/^image\//);
    }
  });

  it('signs with a random key when IMAGE_SIGNING_KEY is unset (warning in production on a backend): another process’s URLs are 404', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const env = { NODE_ENV: 'production', IMAGE_CACHE_DIR: join(dir, 'cache') };
    const one = testApp(backend.url, env, { logger });
    expect(lines.join('')).toContain('IMAGE_SIGNING_KEY is unset');
    const two = testApp(backend.url, env);
    const url = urlOf(one, '/media/default/share.png');
    await get(one, url).expect(200);
    await get(two, url).expect(404);
    lines.length = 0;
    testApp(backend.url, { IMAGE_CACHE_DIR: join(dir, 'cache') }, { logger });
    testApp(null, { NODE_ENV: 'production', IMAGE_CACHE_DIR: join(dir, 'cache') }, { logger });
    expect(lines).toEqual([]);
  });

  it('answers the default image for a signed URL of another origin, without fetching it', async () => {
    const site = app();
    const res = await get(site, urlOf(site, `${other.url}/x.jpg`)).expect(200);
    expectDefaultImage(res, 'not-allowed');
    expect(other.calls()).toBe(0);
    // Listed in MEDIA_ORIGINS, the same origin is fetched.
    const allowed = app({ MEDIA_ORIGINS: `https://cdn.example.uz, ${other.url}` });
    const ok = await get(allowed, urlOf(allowed, `${other.url}/x.jpg`)).expect(200);
    expect(ok.headers['x-image-fallback']).toBeUndefined();
    expect(other.calls('/x.jpg')).toBe(1);
  });

  it('does not follow a redirect to another origin', async () => {
    const site = app();
    const res = await get(site, urlOf(site, `${backend.url}/media/away.jpg`)).expect(200);
    expectDefaultImage(res, 'unreachable');
  });

  it('tells the public only a short category in X-Image-Fallback; the origin or errno code goes to the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    // A port nothing listens on: the connection is refused (ECONNREFUSED).
    const closed = `http://127.0.0.1:${await freePort()}`;
    const site = app({ MEDIA_ORIGINS: closed }, { logger });
    const refused = await get(site, urlOf(site, `${closed}/photo.jpg`)).expect(200);
    const redirected = await get(site, urlOf(site, `${backend.url}/media/away.jpg`)).expect(200);
    expect([refused.headers['x-image-fallback'], redirected.headers['x-image-fallback']]).toEqual(['unreachable', 'unreachable']);
    const log = lines.join('');
    expect(log).toContain('ECONNREFUSED');
    expect(log).toContain('redirect to another origin (http://evil.invalid)');
  });

  it('sniffs the bytes: a JPEG sent as text/html is served, HTML sent as image/jpeg is not', async () => {
    const site = app();
    const jpeg = await get(site, urlOf(site, `${backend.url}/media/mislabelled.jpg`)).expect(200);
    expect(jpeg.headers['x-image-fallback']).toBeUndefined();
    expect(await shape(jpeg.body as Buffer)).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    const page = await get(site, urlOf(site, `${backend.url}/media/page.jpg`)).expect(200);
    expectDefaultImage(page, 'not-an-image');
  });

  it('refuses a 30000x30000 PNG header without decoding it', async () => {
    const site = app();
    const rss = process.memoryUsage().rss;
    const res = await get(site, urlOf(site, `${backend.url}/media/bomb.png`), WEBP).expect(200);
    expectDefaultImage(res, 'too-large');
    // Decoding it would take 3.6 GB.
    expect(process.memoryUsage().rss - rss).toBeLessThan(300 * 1024 * 1024);
  });

  it('rasterises an SVG (its script never runs, it is never sent as SVG)', async () => {
    const site = app();
    for (const accept of [OLD, WEBP, AVIF, 'image/svg+xml']) {
      const res = await get(site, urlOf(site, `${backend.url}/media/script.svg`, 640), accept).expect(200);
      expect(res.headers['content-type'], accept).toMatch(/^image\/(png|webp|avif)$/);
      expect(res.headers['x-image-fallback'], accept).toBeUndefined();
      // Drawn at the width asked for: for a vector, that is no enlargement.
      expect(await shape(res.body as Buffer), accept).toMatchObject({ width: 640, height: 320 });
      expect((res.body as Buffer).includes('script')).toBe(false);
    }
  });

  it("draws an SVG at most a 1280 px square's pixels: a square asked at 1920 is 1280 wide, and its srcset says so", async () => {
    const site = app();
    const source = `${backend.url}/media/square.svg`;
    const res = await get(site, urlOf(site, source, 1920), WEBP).expect(200);
    expect(await shape(res.body as Buffer)).toMatchObject({ format: 'webp', width: 1280, height: 1280 });
    const set = site.locals.images.urls.imageSet(source);
    expect(set.srcSet.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['160w', '320w', '480w', '640w', '800w', '960w', '1280w']);
    // A wide one keeps more width for the same pixels: 200x100 is drawn up to 1810 px.
    const wide = `${backend.url}/media/script.svg`;
    expect(await shape((await get(site, urlOf(site, wide, 1920), WEBP).expect(200)).body as Buffer)).toMatchObject({ width: 1810, height: 905 });
    expect(site.locals.images.urls.imageSet(wide).srcSet.split(', ').at(-1)).toMatch(/ 1810w$/);
  });

  it('answers the default image for a missing source, and remembers the failure for a while', async () => {
    let now = 1_000_000;
    const site = app({}, { now: () => now });
    const url = urlOf(site, `${backend.url}/media/missing.jpg`);
    const res = await get(site, url).expect(200);
    expectDefaultImage(res, 'missing');
    // A share crop's link preview wants a raster picture of that shape: the site's share picture.
    expectDefaultImage(await get(site, site.locals.images.urls.sharePath(`${backend.url}/media/missing.jpg`)).expect(200), 'missing', 'share');
    await get(site, url).expect(200);
    await get(site, urlOf(site, `${backend.url}/media/missing.jpg`, 640)).expect(200);
    expect(backend.calls('/media/missing.jpg')).toBe(1);
    now += 61_000;
    await get(site, url).expect(200);
    expect(backend.calls('/media/missing.jpg')).toBe(2);
  });

  it('gives up on a source that does not answer within BACKEND_TIMEOUT_MS, or sends more than 25 MB', async () => {
    backend.set('/media/hangs.jpg', { hang: true });
    backend.set('/media/huge.jpg', { body: Buffer.alloc(26 * 1024 * 1024), contentType: 'image/jpeg' });
    const site = app({ BACKEND_TIMEOUT_MS: '100' });
    const slow = await get(site, urlOf(site, `${backend.url}/media/hangs.jpg`)).expect(200);
    expect(slow.headers['x-image-fallback']).toBe('unreachable');
    const site2 = app();
    const huge = await get(site2, urlOf(site2, `${backend.url}/media/huge.jpg`)).expect(200);
    expect(huge.headers['x-image-fallback']).toBe('too-large');
  });
});

describe('load', () => {
  it('fetches and encodes once for concurrent requests of one variant', async () => {
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    backend.set('/media/slow.jpg', { body: await solid(1000, 800).jpeg().toBuffer(), contentType: 'image/jpeg', until });
    const site = app();
    const url = urlOf(site, `${backend.url}/media/slow.jpg`, 640);
    const answers = Array.from({ length: 10 }, () => get(site, url, WEBP).then((res) => res));
    await backend.requested('/media/slow.jpg');
    release();
    const responses = await Promise.all(answers);
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.headers.etag)).size).toBe(1);
    expect(backend.calls('/media/slow.jpg')).toBe(1);
  });

  it('makes IMAGE_ENCODERS variants at once, lets 16 wait, and answers the default image for a minute past that', async () => {
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const slow = await solid(1000, 800).jpeg().toBuffer();
    backend.set('/media/held-1.jpg', { body: slow, contentType: 'image/jpeg', until });
    backend.set('/media/held-2.jpg', { body: slow, contentType: 'image/jpeg', until });
    backend.set('/media/queued.jpg', { body: await solid(300, 200).jpeg().toBuffer(), contentType: 'image/jpeg' });
    const site = app({ IMAGE_CACHE_DIR: join(dir, 'queue'), IMAGE_ENCODERS: '2' });
    const held = ['/media/held-1.jpg', '/media/held-2.jpg'].map((path) => get(site, urlOf(site, backend.url + path)).then((res) => res));
    await backend.requested('/media/held-1.jpg');
    await backend.requested('/media/held-2.jpg');
    const variants = [160, 320, 480, 640, 960, 1280, 1920].flatMap((width) => [OLD, WEBP, AVIF].map((accept) => ({ width, accept })));
    const waiting = variants
      .slice(0, 16)
      .map(({ width, accept }) => get(site, urlOf(site, `${backend.url}/media/queued.jpg`, width), accept).then((res) => res));
    await waitUntil(() => site.locals.images.variants.queue.stats.queued === 16);
    const { width, accept } = variants[16]!;
    // At once, without a place in the queue: a broken image or an error would be all a visitor got.
    const busy = await get(site, urlOf(site, `${backend.url}/media/queued.jpg`, width), accept).expect(200);
    expectDefaultImage(busy, 'busy');
    expect(site.locals.images.variants.queue.stats).toEqual({ running: 2, queued: 16 });
    expect(site.locals.images.variants.fallbacks.busy).toBe(1);
    // Pages are not in the queue.
    await request(site).get('/healthz').expect(200);
    release();
    const done = await Promise.all([...held, ...waiting]);
    expect(done.map((r) => r.status)).toEqual(Array(18).fill(200));
    expect(done.map((r) => r.headers['x-image-fallback'])).toEqual(Array(18).fill(undefined));
    expect(site.locals.images.variants.queue.stats).toEqual({ running: 0, queued: 0 });
    // Shed, not refused: asked again once the queue has room, the variant is made.
    const later = await get(site, urlOf(site, `${backend.url}/media/queued.jpg`, width), accept).expect(200);
    expect(later.headers['x-image-fallback']).toBeUndefined();
  });

  it('keeps the cache directory within IMAGE_CACHE_MAX_MB, least recently used out, and finds it again after a restart', async () => {
    const cache = join(dir, 'bounded');
    mkdirSync(cache);
    const env = { IMAGE_CACHE_DIR: cache, IMAGE_CACHE_MAX_MB: '1' };
    const paths = ['/media/n1.jpg', '/media/n2.jpg', '/media/n3.jpg', '/media/n4.jpg', '/media/n5.jpg', '/media/n6.jpg'];
    for (const path of paths) backend.set(path, { body: await noise(1920, 1440), contentType: 'image/jpeg' });
    const site = app(env);
    const total = () => variantFiles(cache).reduce((sum, name) => sum + statSync(join(cache, name)).size, 0);
    const files: string[][] = [];
    for (const path of paths) {
      await get(site, urlOf(site, backend.url + path, 1280)).expect(200);
      // The first variant, asked again, is the most recently used: the second goes first.
      await get(site, urlOf(site, backend.url + paths[0]!, 1280)).expect(200);
      expect(total()).toBeLessThanOrEqual(1024 * 1024);
      files.push(variantFiles(cache));
    }
    const sizes = variantFiles(cache).map((name) => statSync(join(cache, name)).size);
    // Noise hardly compresses: each 1280-px variant is over a quarter of the megabyte, so some were deleted.
    expect(Math.min(...sizes)).toBeGreaterThan(256 * 1024);
    expect(sizes.length).toBeLessThan(paths.length);
    const firstFile = files[0]![0]!;
    const secondFile = files[1]!.find((name) => name !== firstFile)!;
    expect(variantFiles(cache)).toContain(firstFile);
    expect(variantFiles(cache)).not.toContain(secondFile);

    // A new process rebuilds its index from the directory: a versioned URL is a hit, no fetch.
    const versioned = urlOf(site, backend.url + paths[0]!, 1280);
    const calls = backend.calls(paths[0]);
    const restarted = app(env);
    const res = await get(restarted, versioned).expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(backend.calls(paths[0])).toBe(calls);
    expect(restarted.locals.images.disk.stats.files).toBe(variantFiles(cache).length);
    // Twelve encodes of a noisy 1920-px photo: a bound for a hang only, on a busy machine.
  }, 240_000);

  it('finds a share crop on disk after a restart, and counts its bytes against the bound', async () => {
    const cache = join(dir, 'share-restart');
    const source = `${backend.url}/media/photo.jpg`;
    const site = app({ IMAGE_CACHE_DIR: cache });
    await get(site, site.locals.images.urls.sharePath(source)).expect(200);
    const versioned = site.locals.images.urls.sharePath(source);
    expect(versioned).toMatch(/^\/_img\/[\w-]{16}\/og\/[\w-]{16}\//);
    const onDisk = variantFiles(cache).reduce((sum, name) => sum + statSync(join(cache, name)).size, 0);
    expect(onDisk).toBeGreaterThan(0);

    const calls = backend.calls('/media/photo.jpg');
    const restarted = app({ IMAGE_CACHE_DIR: cache });
    const res = await get(restarted, versioned).expect(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(backend.calls('/media/photo.jpg')).toBe(calls);
    expect(restarted.locals.images.disk.stats.bytes).toBe(onDisk);
  });
});
