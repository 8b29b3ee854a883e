/**
 * The built server as a process: bad configuration stops it with one clear line, SIGTERM lets an
 * in-flight request finish before it exits, and kept-alive connections are closed by the proxy in
 * front, never by the replica under it.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { coreRoutes, newsItem } from '../helpers/fixtures';
import { startServer, type RunningServer } from '../helpers/server-process';
import { waitUntil } from '../helpers/wait';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PERSON = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0 Safari/537.36';
let backend: FakeBackend | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  await backend?.close();
  server = undefined;
  backend = undefined;
});

describe('the server process', () => {
  // The messages of every bad value are tested in-process (test/unit/config.test.ts); this is the real
  // command line: exit code 1 and the one line on stderr, no stack trace.
  it.each([['PORT', 'eighty']])(
    'exits 1 with one line naming %s when it is %s',
    (name, value) => {
      const result = spawnSync(process.execPath, ['dist/server/index.js'], {
        cwd: root,
        env: { ...process.env, [name]: value },
        encoding: 'utf8',
        // A bound for a hung process only: loading the bundle takes seconds on a busy machine.
        timeout: 60_000,
      });
      expect(result.status).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Invalid ${name}: `));
      expect(result.stderr).not.toMatch(/\bat .*:\d+/);
    },
    70_000,
  );

  it('finishes an in-flight request after SIGTERM, then exits 0', async () => {
    backend = await startFakeBackend(coreRoutes());
    backend.set('/news/yangiliklar/5/', { json: newsItem(5, { title_uz: 'Kech javob uz-late' }), delayMs: 800 });
    server = await startServer({ BACKEND_URL: backend.url });
    // A first news page warms what every news page needs (the rich-text thread, the render path), so on a
    // loaded machine the in-flight request is left with the backend's delay and its own render, well
    // inside the 10 s the process gives in-flight requests.
    expect((await fetch(`${server.url}/news/4`, { headers: { 'user-agent': 'Googlebot/2.1' } })).status).toBe(200);
    const inFlight = fetch(`${server.url}/news/5`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    // Only this request asks for the item (the start-up warm-up reads lists): once the backend has the
    // call, the request is in the server's hands.
    await backend.requested('/news/yangiliklar/5/');
    const exited = server.stop('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    // A proxy reusing this connection would find it closed and count that against the replica.
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.text()).toContain('Kech javob uz-late');
    expect(await exited).toBe(0);
  });

  it('closes the kept-alive connection of a page streamed before SIGTERM once it ends, and exits 0 before its grace runs out', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    backend = await startFakeBackend(coreRoutes());
    backend.set('/news/yangiliklar/5/', { raw: JSON.stringify(newsItem(5)), until: released });
    server = await startServer({ BACKEND_URL: backend.url, LOG_LEVEL: 'info' });
    // A person's request for an item the backend holds back: the shell goes out with its headers, which
    // said keep-alive before anyone asked the process to stop.
    const response = await fetch(`${server.url}/news/5`, { headers: { 'user-agent': PERSON } });
    expect(response.headers.get('connection')).toBe('keep-alive');
    const exited = server.stop('SIGTERM');
    await waitUntil(() => server!.output().includes('shutting down'));
    release();
    // Whole: with the item, or with the notice in its place where a busy machine let the stream's data
    // deadline come first.
    expect(await response.text()).toMatch(/<\/html>$/);
    // The graceful way ends in 0; an idle kept-alive connection left open ends in the forced exit, 1.
    expect(await exited).toBe(0);
    expect(server.output()).not.toContain('forced exit');
  });

  // A wait longer than the grace is cut short when the process stops: an answer the exit cut off would be,
  // to nginx, a replica that failed (it tries the next one, which in a rolling restart is stopping too).
  it('answers an image still waiting for its source with the default image after SIGTERM, then exits 0', async () => {
    backend = await startFakeBackend({ ...coreRoutes(), '/news/yangiliklar/5/': { json: newsItem(5) }, '/media/news/n5.jpg': { hang: true } });
    // Waits far longer than the grace: without the cut, the answer would end with the process.
    server = await startServer({ BACKEND_URL: backend.url, IMAGE_WAIT_S: '600', BACKEND_TIMEOUT_MS: '120000', LOG_LEVEL: 'info' });
    const page = await (await fetch(`${server.url}/news/5`, { headers: { 'user-agent': PERSON } })).text();
    const source = Buffer.from(`${backend.url}/media/news/n5.jpg`).toString('base64url');
    const image = new RegExp(`/_img/[\\w-]{16}/\\d+/_/${source}`).exec(page)?.[0];
    expect(image).toBeDefined();
    const inFlight = fetch(`${server.url}${image}`, { headers: { accept: 'image/webp,*/*' } });
    await backend.requested('/media/news/n5.jpg');
    const exited = server.stop('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(response.headers.get('x-image-fallback')).toBe('too-slow');
    expect(response.headers.get('connection')).toBe('close');
    expect(await exited).toBe(0);
    expect(server.output()).not.toContain('forced exit');
  });

  it("answers a crawler's page still waiting for its data after SIGTERM, then exits 0", async () => {
    backend = await startFakeBackend({ ...coreRoutes(), '/news/yangiliklar/5/': { hang: true } });
    server = await startServer({ BACKEND_URL: backend.url, BACKEND_TIMEOUT_MS: '120000', LOG_LEVEL: 'info' });
    // A crawler waits for the whole page (CRAWLER_WAIT_MS, longer than the grace).
    const inFlight = fetch(`${server.url}/news/5`, { headers: { 'user-agent': 'Googlebot/2.1' } });
    await backend.requested('/news/yangiliklar/5/');
    const exited = server.stop('SIGTERM');
    const response = await inFlight;
    // The data never came: the page says so, and asks the crawler to come back.
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/<\/html>$/);
    expect(await exited).toBe(0);
    expect(server.output()).not.toContain('forced exit');
  });

  it('keeps an idle connection open longer than nginx keeps it, so nginx is the side that closes it', async () => {
    server = await startServer();
    const conf = readFileSync(`${root}/deploy/nginx.conf`, 'utf8');
    const upstream = /upstream site \{([^}]*)\}/.exec(conf)?.[1] ?? '';
    const nginxIdleS = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1]);
    expect(nginxIdleS).toBeGreaterThan(0);
    const response = await fetch(`${server.url}/robots.txt`);
    expect(response.headers.get('connection')).toBe('keep-alive');
    // Node announces its idle timeout (seconds) on every kept-alive response.
    const replicaIdleS = Number(/timeout=(\d+)/.exec(response.headers.get('keep-alive') ?? '')?.[1]);
    // A margin for a busy host, where either side's timer fires late.
    expect(replicaIdleS).toBeGreaterThanOrEqual(nginxIdleS * 2);
  });
  it('keeps answering while nobody reads its log, and writes every line once stdout is read again', async () => {
    server = await startServer({ LOG_LEVEL: 'info' });
    // A container runtime's log reader that falls behind: its socket's buffers fill (a few hundred KiB
    // on Linux) and stay full.
    server.process.stdout!.pause();
    const marker = 'x'.repeat(480);
    const requests = 3000;
    for (let i = 0; i < requests; i++) {
      expect((await fetch(`${server.url}/robots.txt?n=${i}&${marker}`)).status).toBe(200);
    }
    server.process.stdout!.resume();
    await expect.poll(() => server!.output().includes(`/robots.txt?n=${requests - 1}&`), { timeout: 60_000 }).toBe(true);
    for (let i = 0; i < requests; i++) expect(server.output()).toContain(`/robots.txt?n=${i}&`);
  }, 120_000);
});
