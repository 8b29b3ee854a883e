/**
 * deploy/nginx.conf with real nginx (Debian's package; .ci/run installs it) in front of the built
 * app, both on free ports. Skipped, with a message, where nginx is not installed locally; with
 * REQUIRE_NGINX=1 (set by .ci/run) a missing nginx is a failure, so CI can never skip it silently.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Signer } from '../../server/images/signing';
import { imagePath } from '../../server/images/urls';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, newsItem } from '../helpers/fixtures';
import { getWithHeaderLines, NGINX, startNginx, type RunningNginx } from '../helpers/nginx';
import { DISPLAY_ATTRIBUTES, displayFrom, displayVariant } from '../../shared/display';
import { startServer, type RunningServer } from '../helpers/server-process';
import { waitUntil } from '../helpers/wait';

let backend: FakeBackend;
let app: RunningServer;
let nginx: RunningNginx;
let base: string;
let imageDir: string | undefined;
const PURGE_TOKEN = 'p'.repeat(32);
const IMAGE_KEY = 'i'.repeat(32);
/**
 * Cookie headers naming the display cookie in spellings that readers disagree on (letter case, tab and
 * comma separators, repeats, an empty value first, an encoded name, a space before `=`, quotes, two
 * Cookie lines), each with the settings the app reads from it (shared/display.ts: the name `a11y`
 * exactly, whitespace trimmed, the first one).
 */
const SPELLINGS: Array<{ lines: string[]; app: string }> = [
  { lines: ['A11Y=; a11y=images:off|size:200'], app: 'size:200|images:off' },
  { lines: ['x=1;\ta11y=contrast:black'], app: 'contrast:black' },
  { lines: ['A11Y=size:200'], app: '' },
  { lines: ['A11y=contrast:yellow; x=1'], app: '' },
  { lines: ['x=1, a11y=size:150'], app: '' },
  { lines: ['a11y=size:150, x=1'], app: '' },
  { lines: ['a11y=size:200; a11y=contrast:black'], app: 'size:200' },
  { lines: ['a11y=; a11y=size:200'], app: '' },
  { lines: ['a%311y=size:200'], app: '' },
  { lines: ['%61%31%31%79=contrast:black'], app: '' },
  { lines: ['a11y =size:125'], app: '' },
  { lines: ['a11y="size:200"'], app: '' },
  { lines: ['x=1', 'a11y=images:off'], app: 'images:off' },
  { lines: ['A11Y=size:200', 'a11y=motion:none'], app: 'motion:none' },
];
/** The well-formed cookies of the settings above: each person must get their own settings. */
const CANONICAL = ['size:200|images:off', 'contrast:black', 'contrast:yellow', 'size:150', 'size:200', 'size:125', 'images:off', 'motion:none'];

const cookieLines = (lines: string[]): Array<[string, string]> => lines.map((line) => ['Cookie', line]);
/** The display settings a page was rendered in, read from its <html> tag, as their variant string. */
function variantOfPage(html: string): string {
  const tag = /<html[^>]*>/.exec(html)?.[0] ?? '';
  return displayVariant(displayFrom((name) => new RegExp(` ${DISPLAY_ATTRIBUTES[name]}="([^"]*)"`).exec(tag)?.[1]));
}

let releaseArticle!: () => void;
const articleReleased = new Promise<void>((resolve) => (releaseArticle = resolve));

describe.skipIf(!NGINX)('deploy/nginx.conf in front of the app', () => {
  beforeAll(async () => {
    backend = await startFakeBackend(coreRoutes());
    // The article's answer is held until the streaming test has seen the page's first bytes.
    backend.set('/news/yangiliklar/8/', { raw: JSON.stringify(newsItem(8)), until: articleReleased });
    // With a token the app's purge endpoint is live, so only nginx stands between it and the public.
    // The backend timeout is long so that a held answer is waited for however busy the machine is.
    imageDir = mkdtempSync(join(tmpdir(), 'ztu-app-images-'));
    app = await startServer({
      BACKEND_URL: backend.url,
      CACHE_PURGE_TOKEN: PURGE_TOKEN,
      BACKEND_TIMEOUT_MS: '120000',
      IMAGE_SIGNING_KEY: IMAGE_KEY,
      IMAGE_CACHE_DIR: imageDir,
    });
    nginx = await startNginx([app.port]);
    base = nginx.url;
  });

  afterAll(async () => {
    nginx?.stop();
    await app?.stop();
    await backend?.close();
    if (imageDir) rmSync(imageDir, { recursive: true, force: true });
  });

  it('proxies pages with the forwarded headers and keeps the app compression', async () => {
    const res = await fetch(`${base}/ru/about`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('<html lang="ru"');
    const raw = spawnSync('curl', ['-s', '-H', 'accept-encoding: br', '-o', '/dev/null', '-w', '%{http_code} %header{content-encoding}', `${base}/en/about`], {
      encoding: 'utf8',
    });
    if (raw.status === 0) expect(raw.stdout).toBe('200 br');
  });

  it('keeps accessibility variants apart: a default visitor never gets a 200 % page', async () => {
    const get = (cookie?: string) => fetch(`${base}/en/rektorat`, { headers: cookie ? { cookie } : {} });
    const htmlTag = async (res: Response) => /<html[^>]*>/.exec(await res.text())?.[0];
    // The large-text page is asked for twice (the second would be nginx's hit if it stored it), then the default one.
    for (let i = 0; i < 2; i++) expect(await htmlTag(await get('a11y=size:200'))).toContain('data-text-size="200"');
    const plain = await get('theme=dark');
    expect(await htmlTag(plain)).toBe('<html lang="en" dir="ltr">');
    expect(await htmlTag(await get('a11y=size:200'))).toContain('data-text-size="200"');
  });

  it('never hands a page made for a display cookie, however it is spelt, to a visitor without one', async () => {
    for (const [n, { lines, app }] of SPELLINGS.entries()) {
      const url = `${base}/en/about?spelling=${n}`;
      // Twice: the second would be nginx's hit of the first.
      for (let i = 0; i < 2; i++) expect(variantOfPage((await getWithHeaderLines(url, cookieLines(lines))).body), lines.join(' + ')).toBe(app);
      for (const visitor of [[], cookieLines(['theme=dark'])]) {
        const plain = await getWithHeaderLines(url, visitor);
        expect(/<html[^>]*>/.exec(plain.body)?.[0], `after ${JSON.stringify(lines)}`).toBe('<html lang="en" dir="ltr">');
        // The default page is still nginx's to keep: the second visitor gets the first one's.
        if (visitor.length) expect(plain.headers['x-cache']).toMatch(/^(HIT|STALE|UPDATING)$/);
      }
    }
  });

  it('gives every display cookie, however it is spelt, the page the app reads from it, never a stored one', async () => {
    for (const [n, { lines, app }] of SPELLINGS.entries()) {
      const url = `${base}/en/rektorat?spelling=${n}`;
      // A default page in the cache first, which a reader of the cookie other than the app's could serve.
      expect(variantOfPage((await getWithHeaderLines(url, [])).body)).toBe('');
      for (let i = 0; i < 2; i++) {
        const res = await getWithHeaderLines(url, cookieLines(lines));
        expect(variantOfPage(res.body), JSON.stringify(lines)).toBe(app);
        expect(res.headers['x-cache'], JSON.stringify(lines)).not.toBe('HIT');
      }
      for (const variant of CANONICAL) {
        const res = await getWithHeaderLines(url, cookieLines([`a11y=${variant}`]));
        expect(variantOfPage(res.body), `a11y=${variant} after ${JSON.stringify(lines)}`).toBe(variant);
      }
    }
  });

  it('serves hashed assets with the immutable header', async () => {
    const page = await (await fetch(`${base}/`)).text();
    const entry = /<script type="module" src="([^"]+)"/.exec(page)![1]!;
    const asset = await fetch(base + entry);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('passes a streamed page through: the shell arrives while the upstream still holds the article', async () => {
    const res = await fetch(`${base}/news/8`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/140.0', 'accept-encoding': 'identity' } });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    // nginx may pass the shell on in several pieces: read until its header is through.
    let shell = '';
    while (!shell.includes('</header>')) {
      const chunk = await reader.read();
      if (chunk.done) break;
      shell += decoder.decode(chunk.value, { stream: true });
    }
    expect(shell).toContain('</header>');
    expect(shell).not.toContain('Matn 8 uz-body');
    releaseArticle();
    let rest = '';
    for (let c = await reader.read(); !c.done; c = await reader.read()) rest += decoder.decode(c.value, { stream: true });
    expect(rest).toContain('Matn 8 uz-body');
    expect(res.headers.get('x-cache')).not.toBe('HIT');
  });

  it('caches image variants, one per Accept: a second AVIF request is a hit, a browser without AVIF still gets PNG', async () => {
    const url = base + imagePath(new Signer(IMAGE_KEY), { width: 320, version: null, source: '/media/default/share.png' });
    const get = (accept: string) => fetch(url, { headers: { accept } });
    const avif = 'image/avif,image/webp,*/*;q=0.8';
    const first = await get(avif);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/avif');
    await first.arrayBuffer();
    const second = await get(avif);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('content-type')).toBe('image/avif');
    await second.arrayBuffer();
    const old = await get('image/*,*/*;q=0.8');
    expect(old.headers.get('content-type')).toBe('image/png');
    await old.arrayBuffer();
  });

  it('does not expose the cache purge endpoint (in any letter case) or metrics', async () => {
    // Express routes case-insensitively by default; nginx's own 404 is told from the app's answers by
    // the headers the app puts on every response.
    for (const path of ['/_cache/purge', '/_CACHE/purge', '/_Cache/purge', '/_cache', '/%5Fcache/purge', '//_cache/purge']) {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${PURGE_TOKEN}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-content-type-options'), path).toBeNull();
    }
    for (const path of ['/metrics', '/METRICS']) expect((await fetch(base + path)).status, path).toBe(404);
  });

  it('still serves a page it cached while the app is stopped', async () => {
    const first = await fetch(`${base}/en/rektorat`, { headers: { 'accept-encoding': 'gzip' } });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    await app.stop();
    // nginx keeps it fresh for 5 s, then serves the stale copy because the app does not answer: every
    // answer until then and after is the page.
    let state: string | null = null;
    await waitUntil(async () => {
      const res = await fetch(`${base}/en/rektorat`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status).toBe(200);
      // fetch decodes the gzip body itself.
      expect(await res.text()).toContain('Rector en-rector');
      state = res.headers.get('x-cache');
      return state === 'STALE' || state === 'UPDATING';
    });
    expect(state).toMatch(/^(STALE|UPDATING)$/);
  });
});
