/**
 * The Nu HTML Checker (the W3C validator's engine, npm `vnu-jar`, needs Java) on the served HTML of
 * every screen in four renditions, in one Java run. Any error fails, printed with the URL, line and
 * message.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process';
import { screenUrls } from '../helpers/site-urls';

const vnuJar = createRequire(import.meta.url)('vnu-jar') as string;

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * The checker (26.9.27, the newest) is behind the HTML standard here: since whatwg/html#9970 (2024) a
 * link's `blocking` attribute is for `rel=stylesheet` and `rel=expect`, and the checker still allows it
 * on stylesheets only. Our one such link (shared/components/Root.tsx) holds the first paint until the
 * page is parsed. Only that message on a `rel="expect"` link is set aside.
 */
const behindTheStandard = (m: VnuMessage) =>
  m.message.includes('“blocking” attribute must have a “rel” attribute') && /<link rel="expect"[^>]*blocking="render"/.test(m.extract ?? '');

let server: RunningServer;
let dir: string;

beforeAll(async () => {
  server = await startServer();
  dir = mkdtempSync(join(tmpdir(), 'vnu-'));
});
afterAll(async () => {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the Nu HTML Checker', () => {
  it('finds no error in the HTML of any screen in uz, uz-cyrl, ru and en', async () => {
    const files = new Map<string, string>();
    for (const [index, url] of screenUrls().entries()) {
      const response = await fetch(server.url + url);
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, await response.text());
      files.set(`file:${file}`, url);
    }
    const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', ...[...files.keys()].map((f) => f.slice(5))], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.error) throw new Error(`java could not run the checker (${run.error.message}); install default-jre-headless`);
    const { messages } = JSON.parse(run.stderr || run.stdout) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => (m.type === 'error' || m.subType === 'fatal') && !behindTheStandard(m))
      .map((m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? '?'}: ${m.message}${m.extract ? ` — ${m.extract.trim().slice(0, 120)}` : ''}`);
    console.log(`vnu: ${files.size} documents checked, ${errors.length} errors`);
    expect(errors).toEqual([]);
  });
});
