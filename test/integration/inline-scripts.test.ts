/**
 * Every executable inline script of every page response is allowed by that response's own CSP, and a
 * response with no inline script names no nonce: pages streamed to people, rendered whole, replayed from
 * the page cache, sent to crawlers, and pages whose content React reveals by script although they had
 * all their data (a component suspending: test/helpers/late-await.tsx), each asked for again.
 */
import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';

const mode = vi.hoisted(() => ({ late: false }));
vi.mock('../../shared/components/Await', async (original) => (await import('../helpers/late-await')).lateAwait(await original(), () => mode.late));

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PATHS = ['/', '/about', '/ru/rektorat', '/news/5', '/en/newsAll?page=2', '/nowhere'];
/** Script types a browser runs; the rest (JSON data, JSON-LD) are data blocks the CSP does not govern. */
const EXECUTABLE = new Set(['', 'text/javascript', 'module']);

let backend: FakeBackend;
beforeAll(async () => {
  backend = await startFakeBackend(coreRoutes());
});
afterAll(() => backend.close());

interface Checked {
  inline: number;
  nonce: boolean;
}

/** Checks one response; says how many inline scripts it carried and whether its CSP names a nonce. */
function check(label: string, html: string, csp: string): Checked {
  const sources = (/(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '').split(/\s+/);
  const nonces = sources.filter((s) => s.startsWith("'nonce-")).map((s) => s.slice("'nonce-".length, -1));
  const hashes = sources.filter((s) => s.startsWith("'sha256-")).map((s) => s.slice("'sha256-".length, -1));
  const document = new JSDOM(html).window.document;
  const scripts = [...document.querySelectorAll('script:not([src])')].filter((s) => EXECUTABLE.has((s.getAttribute('type') ?? '').toLowerCase()));
  for (const script of scripts) {
    const hash = createHash('sha256').update(script.textContent).digest('base64');
    const allowed = nonces.includes(script.getAttribute('nonce') ?? '') || hashes.includes(hash);
    expect(allowed, `${label}: ${script.outerHTML.slice(0, 80)} under ${csp}`).toBe(true);
  }
  // Speculation rules are a JSON block the browser reads only where the CSP allows them: by their hash,
  // whether or not the policy also names a nonce.
  for (const rules of document.querySelectorAll('script[type="speculationrules"]')) {
    expect(hashes, `${label}: speculation rules under ${csp}`).toContain(createHash('sha256').update(rules.textContent).digest('base64'));
  }
  // A nonce no script uses protects nothing; a CSP reviewer expects none there.
  if (scripts.length === 0) expect(nonces, `${label}: a nonce with no inline script`).toEqual([]);
  return { inline: scripts.length, nonce: nonces.length > 0 };
}

async function visit(app: ReturnType<typeof testApp>, label: string, path: string, userAgent: string): Promise<Checked> {
  const res = await request(app).get(path).set('user-agent', userAgent);
  expect(res.headers['content-type'], label).toMatch(/^text\/html/);
  const checked = check(`${label} ${path}`, res.text, res.headers['content-security-policy'] ?? '');
  // Whatever the page cache does with the page has happened before the next request.
  await app.locals.pageCache.settled();
  return checked;
}

describe('inline scripts and the CSP', () => {
  it('allows every inline script of every page by its own response, streamed, whole or stored', async () => {
    mode.late = false;
    const app = testApp(backend.url, {}, { headStartMs: 0 });
    let streamed = 0;
    for (const path of PATHS) {
      // Cold: the data is later than the head start, so people get the page streamed.
      streamed += (await visit(app, 'cold', path, PERSON)).inline > 0 ? 1 : 0;
      await visit(app, 'warm', path, PERSON);
      await visit(app, 'again', path, PERSON);
      await visit(app, 'crawler', path, CRAWLER);
    }
    expect(streamed).toBeGreaterThan(0);
    expect(app.locals.pageCache.stats.hits).toBeGreaterThan(0);
  });

  it('allows them also on pages React reveals by script although all their data was there', async () => {
    mode.late = true;
    try {
      const app = testApp(backend.url);
      let revealed = 0;
      for (const path of PATHS) {
        for (const label of ['first', 'again', 'once more']) revealed += (await visit(app, label, path, PERSON)).inline > 0 ? 1 : 0;
        await visit(app, 'crawler', path, CRAWLER);
      }
      expect(revealed).toBeGreaterThan(PATHS.length);
    } finally {
      mode.late = false;
    }
  });
});
