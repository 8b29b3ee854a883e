/**
 * A crawl of the running site from the home page in each language: every internal link, image (src
 * and srcset), script, stylesheet, preload, icon, alternate (feeds, hreflang), og:image and frame must
 * answer below 400. HTML pages are crawled in turn; external URLs are listed, never fetched.
 *
 * Our own small crawler rather than linkinator: linkinator's current release needs Node 22 (this
 * project supports Node 20), and it does not read og:image or hreflang alternates, which are links
 * that crawlers and link previews follow. jsdom, already a dependency, parses the pages.
 */
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type RunningServer } from '../helpers/server-process';

/** Attributes that hold a URL, by selector. */
const URL_ATTRIBUTES: Array<[string, string]> = [
  ['a[href]', 'href'],
  ['link[href]', 'href'],
  ['script[src]', 'src'],
  ['img[src]', 'src'],
  ['iframe[src]', 'src'],
  ['source[src]', 'src'],
  ['video[poster]', 'poster'],
  ['form[action]', 'action'],
  ['meta[property="og:image"]', 'content'],
  ['meta[property="og:url"]', 'content'],
];
const SRCSET = ['img[srcset]', 'source[srcset]'];
/** Never fetched even on our origin: it answers POST only, by design. */
const NOT_CRAWLED = /^\/_cache\//;
const MAX_URLS = 3000;

let server: RunningServer;

beforeAll(async () => {
  // Canonical, hreflang and og:url are absolute from SITE_URL: point it at this server so they are
  // checked as the internal links they are.
  const port = await freePort();
  server = await startServer({ PORT: String(port), SITE_URL: `http://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server?.stop();
});

function urlsIn(html: string, base: string): string[] {
  const { document } = new JSDOM(html, { url: base }).window;
  const found: string[] = [];
  for (const [selector, attribute] of URL_ATTRIBUTES) {
    for (const element of document.querySelectorAll(selector)) found.push(element.getAttribute(attribute)!);
  }
  for (const selector of SRCSET) {
    for (const element of document.querySelectorAll(selector)) {
      for (const candidate of element.getAttribute('srcset')!.split(',')) found.push(candidate.trim().split(/\s+/)[0]!);
    }
  }
  return found.filter(Boolean).map((url) => new URL(url, base).href.replace(/#.*$/, ''));
}

describe('a crawl of the site', () => {
  // About 500 URLs one after another: a bound for a hang, far above the minutes a crawl takes beside the
  // other browser tiers on a busy machine.
  it('finds no broken internal link, image, script, stylesheet or frame from /, /uz-cyrl, /ru and /en', { timeout: 900_000 }, async () => {
    const origin = new URL(server.url).origin;
    const queue = ['/', '/uz-cyrl', '/ru', '/en'].map((path) => origin + path);
    const referrer = new Map<string, string>(queue.map((url) => [url, '(start)']));
    const external = new Set<string>();
    const broken: string[] = [];
    let checked = 0;
    while (queue.length > 0 && checked < MAX_URLS) {
      const url = queue.shift()!;
      checked++;
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status >= 400) {
        broken.push(`${response.status} ${url.slice(origin.length)} (linked from ${referrer.get(url)})`);
        continue;
      }
      if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) {
        await response.arrayBuffer();
        continue;
      }
      for (const link of urlsIn(await response.text(), url)) {
        const target = new URL(link);
        if (target.protocol === 'mailto:' || target.protocol === 'tel:') continue;
        if (target.origin !== origin) {
          external.add(link);
          continue;
        }
        if (referrer.has(link) || NOT_CRAWLED.test(target.pathname)) continue;
        referrer.set(link, url.slice(origin.length));
        queue.push(link);
      }
    }
    console.log(`crawl: ${checked} internal URLs checked, ${broken.length} broken; ${external.size} external links (not fetched):`);
    console.log(
      [...external]
        .sort()
        .map((link) => `  ${link}`)
        .join('\n'),
    );
    expect(queue.length, `more than ${MAX_URLS} internal URLs: is a link generating new URLs?`).toBe(0);
    expect(broken).toEqual([]);
  });
});
