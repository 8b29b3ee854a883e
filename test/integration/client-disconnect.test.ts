/**
 * A visitor who leaves before the response is complete is an everyday event, not a fault: the request
 * log says so once, at info level, with no stack trace, and nothing else about it reaches warn or error.
 */
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { waitUntil } from '../helpers/wait';

const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

interface Line {
  level: number;
  msg?: string;
  path?: string;
  status?: number;
  err?: { stack?: string };
}

let backend: FakeBackend | null = null;
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  await backend?.close();
  backend = close = null;
});

/** A site on a backend whose `hanging` path never answers, logging at debug level into `lines`. */
async function site(hanging: string, headStartMs: number) {
  backend = await startFakeBackend(coreRoutes());
  backend.set(hanging, { hang: true });
  const lines: Line[] = [];
  const logger = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Line);
        callback();
      },
    }),
  );
  const app = testApp(backend.url, { BACKEND_TIMEOUT_MS: '60000' }, { logger, headStartMs });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
}

/** Waits until the upstream call nobody waits for any more is closed, then checks the log. */
async function expectOneQuietLine(origin: string, lines: Line[], path: string): Promise<void> {
  await waitUntil(() => backend!.open() === 0);
  // What the request's end set off has run once another request has come and gone.
  await (await fetch(`${origin}/healthz`)).text();
  const about = lines.filter((line) => line.path === path && line.level >= 30);
  expect(about).toHaveLength(1);
  expect(about[0]).toMatchObject({ level: 30, status: 499, msg: 'client closed the connection' });
  expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  expect(lines.filter((line) => JSON.stringify(line).includes('stack'))).toEqual([]);
}

describe('a visitor who leaves before the response is complete', () => {
  it('is logged once, at info, without a stack trace, when a crawler leaves while the page waits for the backend', async () => {
    const { origin, lines } = await site('/category/rektorot/', 60_000);
    const controller = new AbortController();
    const pending = fetch(`${origin}/rektorat`, { signal: controller.signal, headers: { 'user-agent': CRAWLER } }).catch(() => null);
    await backend!.requested('/category/rektorot/');
    controller.abort();
    await pending;
    await expectOneQuietLine(origin, lines, '/rektorat');
  });

  it('is logged once, at info, without a stack trace, when a person leaves in the middle of a streamed page', async () => {
    const { origin, lines } = await site('/news/yangiliklar/9/', 0);
    await new Promise<void>((resolve) => {
      const request = get(`${origin}/news/9`, { headers: { 'user-agent': PERSON } }, (res) => {
        // The shell has arrived; the item is still being waited for.
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => resolve());
    });
    await expectOneQuietLine(origin, lines, '/news/9');
  });
});
