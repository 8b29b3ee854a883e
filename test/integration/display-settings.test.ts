/**
 * The accessibility panel's settings on the server: the /accessibility endpoint, POSTed from the site's
 * own pages only, stores them in a cookie and sends the visitor back to a path of this site only; pages
 * are rendered in them (attributes on <html>, images as their text) and stored per variant, so a warm
 * page in any settings is served without rendering and a default visitor never gets another visitor's
 * variant.
 */
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { pagesStored, testApp } from '../helpers/app';

let backend: FakeBackend | null = null;
afterEach(async () => {
  await backend?.close();
  backend = null;
});

async function setup() {
  backend = await startFakeBackend(coreRoutes());
  return testApp(backend.url);
}

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? '';

/** The site's origin in the test app (test/helpers/app.ts SITE_URL). */
const SITE = 'https://ztu.example.uz';
/** What Chromium sends with the panel's form, submitted on one of the site's pages. */
const OWN_FORM = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', origin: SITE };
/** What Chromium sends when a link or a form on another site leads here. */
const CROSS_SITE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' };

/** The panel's form as a browser submits it (application/x-www-form-urlencoded). */
function submit(app: ReturnType<typeof testApp>, form: string, headers: Record<string, string> = OWN_FORM) {
  return request(app).post('/accessibility').set(headers).type('form').send(form);
}

describe('the display settings endpoint', () => {
  it('stores the chosen settings in a year-long Lax cookie and answers 303 back to the page', async () => {
    const app = await setup();
    const res = await submit(app, 'size=150&contrast=yellow&images=off&motion=none&back=%2Fru%2Fabout%3Fx%3D1').expect(303);
    expect(res.headers.location).toBe('/ru/about?x=1');
    const cookie = res.headers['set-cookie']![0]!;
    expect(cookie).toMatch(/^a11y=size:150\|contrast:yellow\|images:off\|motion:none; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('ignores unknown names and values, and stores nothing for default settings', async () => {
    const app = await setup();
    const res = await submit(app, 'size=300&contrast=pink&motion=none&evil=1&back=/about').expect(303);
    expect(res.headers['set-cookie']![0]).toMatch(/^a11y=motion:none;/);
    const none = await submit(app, 'size=100&contrast=site&back=/about').expect(303);
    expect(none.headers['set-cookie']![0]).toMatch(/^a11y=; Path=\/; Max-Age=0/);
  });

  it('resets: the cookie is removed whatever else the form sent', async () => {
    const app = await setup();
    const res = await submit(app, 'size=200&reset=1&back=/en').expect(303);
    expect(res.headers.location).toBe('/en');
    expect(res.headers['set-cookie']![0]).toMatch(/^a11y=; Path=\/; Max-Age=0/);
  });

  it.each([
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['https://evil.example/', '/'],
    ['http:evil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/ru/about\r\nSet-Cookie: x=1', '/'],
    ['/\t/evil.example', '/'],
    ['evil.example', '/'],
    ['/a/../..//evil.example', '/'],
    ['', '/'],
  ])('never sends the visitor off the site: back=%j goes to %j', async (back, location) => {
    const app = await setup();
    const res = await submit(app, `contrast=black&back=${encodeURIComponent(back)}`).expect(303);
    expect(res.headers.location).toBe(location);
  });

  it('treats a repeated back as no back at all', async () => {
    const app = await setup();
    const res = await submit(app, 'back=/about&back=//evil.example').expect(303);
    expect(res.headers.location).toBe('/');
  });

  it('changes nothing on a GET, as a link on another site sends it: the visitor only goes on to the page', async () => {
    const app = await setup();
    for (const headers of [CROSS_SITE, { ...CROSS_SITE, 'sec-fetch-site': 'same-origin' }, {}]) {
      const res = await request(app).get('/accessibility?size=200&images=off&back=%2Fru%2Fabout').set(headers).expect(303);
      expect(res.headers.location).toBe('/ru/about');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses, with 403 and no cookie, a form that another site posts here', async () => {
    const app = await setup();
    const refused: Array<Record<string, string>> = [
      { ...CROSS_SITE, origin: 'https://evil.example' },
      { ...CROSS_SITE, 'sec-fetch-site': 'same-site', origin: 'https://news.ztu.example.uz' },
      // A browser without Sec-Fetch-Site still says where a POST comes from.
      { origin: 'https://evil.example' },
      { origin: 'null' },
      // Sec-Fetch-Site is what counts where it is sent: the Origin header alone is not enough.
      { 'sec-fetch-site': 'cross-site', origin: SITE },
    ];
    for (const headers of refused) {
      const res = await submit(app, 'size=200&back=/ru/about', headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
    }
    // The site's own form, from a browser that sends only Origin, or from one that sends neither.
    for (const headers of [{ origin: SITE }, {}] as Array<Record<string, string>>) {
      expect((await submit(app, 'size=200&back=/ru/about', headers).expect(303)).headers['set-cookie']![0]).toMatch(/^a11y=size:200;/);
    }
  });

  it('answers another method with 405 and what it allows, and an oversized form with 413', async () => {
    const app = await setup();
    const res = await request(app).put('/accessibility').expect(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    const big = await submit(app, `size=200&back=/${'a'.repeat(20_000)}`);
    expect(big.status).toBe(413);
    expect(big.headers['set-cookie']).toBeUndefined();
  });
});

describe('pages in the display settings', () => {
  it('renders <html> with the settings of a valid cookie, and nothing for a default or nonsense one', async () => {
    const app = await setup();
    const page = await request(app).get('/en/about').set('cookie', 'theme=x; a11y=size:200|contrast:black|images:off|motion:none').expect(200);
    expect(htmlTag(page.text)).toBe('<html lang="en" dir="ltr" data-text-size="200" data-contrast="black" data-images="off" data-motion="none">');
    expect(page.headers['cache-control']).toMatch(/^private, /);
    for (const cookie of ['a11y=size:999|contrast:<script>', 'a11y=', `a11y=${'size:200|'.repeat(20)}`, 'xa11y=size:200']) {
      const plain = await request(app).get('/en/about').set('cookie', cookie).expect(200);
      expect(htmlTag(plain.text)).toBe('<html lang="en" dir="ltr">');
      // The default settings, yet private: a cache that reads the cookie its own way must not keep it.
      expect(plain.headers['cache-control']).toBe('private, max-age=0');
    }
    expect((await request(app).get('/en/about').set('cookie', 'theme=x').expect(200)).headers['cache-control']).toMatch(/^public, /);
  });

  it('sends a private page to every request whose cookies name the display cookie in any spelling, kept apart from the shared one', async () => {
    const app = await setup();
    for (const cookie of ['A11Y=size:200', 'x=1, a11y=size:150', 'a11y=', '%61%31%31%79=size:200']) {
      const odd = await request(app).get('/en/about').set('cookie', cookie).expect(200);
      expect(htmlTag(odd.text), cookie).toBe('<html lang="en" dir="ltr">');
      expect(odd.headers['cache-control'], cookie).toBe('private, max-age=0');
    }
    await pagesStored(app, 1);
    // The shared page was never stored from those: the first plain visitor's is rendered, and public.
    const renders = app.locals.renders;
    const plain = await request(app).get('/en/about').set('cookie', 'theme=dark').expect(200);
    expect(app.locals.renders).toBe(renders + 1);
    expect(plain.headers['cache-control']).toMatch(/^public, /);
    await pagesStored(app, 2);
    const again = await request(app).get('/en/about').set('cookie', 'A11Y=size:200').expect(200);
    expect(app.locals.renders).toBe(renders + 1);
    expect(again.headers['cache-control']).toBe('private, max-age=0');
    expect((await request(app).get('/en/about').expect(200)).headers['cache-control']).toMatch(/^public, /);
  });

  it('leaves images out of a page whose visitor hides them (nothing is fetched)', async () => {
    const app = await setup();
    const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    const shown = await request(app).get('/en/news/1').expect(200);
    expect(main(shown.text).includes('<img ')).toBe(true);
    const hidden = await request(app).get('/en/news/1').set('cookie', 'a11y=images:off').expect(200);
    expect(main(hidden.text).includes('<img ')).toBe(false);
  });

  it('serves a warm page of each variant from the page cache, and never one variant to another', async () => {
    const app = await setup();
    await request(app).get('/en/about').set('cookie', 'a11y=size:200').expect(200);
    await pagesStored(app, 1);
    const renders = app.locals.renders;
    const { hits } = app.locals.pageCache.stats;
    const warm = await request(app).get('/en/about').set('cookie', 'a11y=size:200').expect(200);
    expect(app.locals.renders).toBe(renders);
    expect(app.locals.pageCache.stats.hits).toBe(hits + 1);
    expect(htmlTag(warm.text)).toContain('data-text-size="200"');

    const plain = await request(app).get('/en/about').expect(200);
    expect(htmlTag(plain.text)).toBe('<html lang="en" dir="ltr">');
    expect(app.locals.renders).toBe(renders + 1);
    await pagesStored(app, 2);
    // The same settings in another spelling are the same variant.
    await request(app).get('/en/about').set('cookie', 'a11y=size:200|images:on').expect(200);
    expect(app.locals.renders).toBe(renders + 1);
  });
});
