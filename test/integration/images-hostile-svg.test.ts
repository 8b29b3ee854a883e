/**
 * One hostile SVG among the backend's images: a 7000x7000 drawing whose every shape has a turbulence
 * filter of a thousand octaves and a wide blur, minutes of libvips work at the larger widths. What a
 * sysadmin must see: the variant asked gets the default image once the encode time limit has passed,
 * the process that drew it is gone, the source's other variants waiting behind it fail with it
 * without fetching it again, and other sources' cold variants are still made. No time is asserted:
 * the test waits for answers and conditions.
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENCODER_NICENESS } from '../../server/images/encoder';
import { SHARE_CROP } from '../../shared/seo';
import { testApp } from '../helpers/app';
import { startFakeBackend, type FakeBackend } from '../helpers/fake-backend';
import { memoryHungrySvg } from '../../scripts/lib/hostile-images';
import { expectDefaultImage, getBytes, hostileSvg } from '../helpers/image-urls';
import { waitUntil } from '../helpers/wait';

const OLD = 'image/*,*/*;q=0.8';
const WEBP = 'image/webp,*/*';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let dir: string;
let backend: FakeBackend;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ztu-images-hostile-'));
  const photo = (width: number) =>
    sharp({ create: { width, height: 600, channels: 3, background: '#3060c0' } })
      .jpeg()
      .toBuffer();
  backend = await startFakeBackend({
    '/media/hostile.svg': { body: hostileSvg(), contentType: 'image/svg+xml' },
    '/media/hungry.svg': { body: memoryHungrySvg(), contentType: 'image/svg+xml' },
    '/media/calm-1.jpg': { body: await photo(800), contentType: 'image/jpeg' },
    '/media/calm-2.jpg': { body: await photo(900), contentType: 'image/jpeg' },
  });
});

afterAll(async () => {
  await backend?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The session a process belongs to (/proc/<pid>/stat's sixth field). */
function sessionOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
}

describe('a hostile SVG', () => {
  it('gets the default image after IMAGE_ENCODE_TIMEOUT_S, its process killed; its waiting variants fail with it; other images are still made', async () => {
    // Answers wait as long as it takes, so that each shows how its own work ended.
    // Two encodes at once: one for the hostile source, one free for the others.
    const site = testApp(backend.url, {
      IMAGE_CACHE_DIR: join(dir, 'cache'),
      IMAGE_ENCODERS: '2',
      IMAGE_ENCODE_TIMEOUT_S: '30',
      IMAGE_WAIT_S: '600',
      BACKEND_TIMEOUT_MS: '120000',
    });
    const { urls, encoder, variants } = site.locals.images;
    const hostile = `${backend.url}/media/hostile.svg`;
    const url = (source: string, width: number) => urls.imageSet(source, [width]).src;

    // The widest variant first: drawing it takes minutes.
    const first = getBytes(site, url(hostile, 1920), OLD).then((res) => res);
    await backend.requested('/media/hostile.svg');
    await waitUntil(() => encoder.pids.length === 1 && variants.queue.stats.running === 1);
    const drawing = encoder.pids;
    // It draws below the server's priority, so that pages are answered first while it burns its time;
    // in a session of its own, whose CPU group (where Linux groups by session) is at that priority too.
    expect(getPriority(drawing[0])).toBe(Math.min(19, getPriority() + ENCODER_NICENESS));
    expect(sessionOf(drawing[0]!)).toBe(drawing[0]);
    if (existsSync(`/proc/${drawing[0]}/autogroup`)) {
      // Set by the process itself as it starts, which may be after the job was queued for it.
      const group = () => readFileSync(`/proc/${drawing[0]}/autogroup`, 'utf8');
      await waitUntil(() => group().endsWith(` nice ${Math.min(19, getPriority() + ENCODER_NICENESS)}\n`));
      expect(readFileSync('/proc/self/autogroup', 'utf8')).not.toBe(group());
    }

    // Its other variants wait behind it; other sources' cold variants take the free slot meanwhile.
    const waiting = [1280, 960, 640, 480, 320].map((width) => getBytes(site, url(hostile, width), OLD).then((res) => res));
    const calm = [
      getBytes(site, url(`${backend.url}/media/calm-1.jpg`, 320), WEBP).then((res) => res),
      getBytes(site, url(`${backend.url}/media/calm-2.jpg`, 480), OLD).then((res) => res),
    ];

    for (const res of await Promise.all(calm)) {
      expect(res.status).toBe(200);
      expect(res.headers['x-image-fallback']).toBeUndefined();
    }
    const [webp, jpeg] = await Promise.all(calm.map(async (res) => sharp((await res).body as Buffer).metadata()));
    expect([webp!.format, webp!.width, jpeg!.format, jpeg!.width]).toEqual(['webp', 320, 'jpeg', 480]);

    const hostileAnswers = await Promise.all([first, ...waiting]);
    for (const res of hostileAnswers) {
      expect(res.status).toBe(200);
      expectDefaultImage(res, 'too-slow');
    }
    // Fetched once for all six variants, and drawn once: the waiting ones failed with the first.
    expect(backend.calls('/media/hostile.svg')).toBe(1);
    expect(encoder.stats.timeouts).toBe(1);
    // The process that drew it is gone, and with it the CPU and memory it held.
    await waitUntil(() => drawing.every((pid) => !alive(pid)));
    expect(encoder.pids).not.toContain(drawing[0]);
    encoder.close();
  }, 300_000);
});

describe('an SVG whose drawing takes more memory than IMAGE_ENCODER_MAX_MB', () => {
  it('gets the default image, its process killed at the bound; the next image gets a new process', async () => {
    // Time cannot end this drawing first: only its memory can.
    const site = testApp(backend.url, {
      IMAGE_CACHE_DIR: join(dir, 'hungry-cache'),
      IMAGE_ENCODER_MAX_MB: '96',
      IMAGE_ENCODE_TIMEOUT_S: '600',
      IMAGE_WAIT_S: '600',
      BACKEND_TIMEOUT_MS: '120000',
    });
    const { urls, encoder } = site.locals.images;
    const url = (source: string, width: number) => urls.imageSet(`${backend.url}/media/${source}`, [width]).src;

    const hungry = getBytes(site, url('hungry.svg', 1920), WEBP).then((res) => res);
    await waitUntil(() => encoder.pids.length === 1);
    const [drawing] = encoder.pids;
    const res = await hungry;
    expect(res.status).toBe(200);
    expectDefaultImage(res, 'too-large');
    expect(encoder.stats.memoryKills).toBe(1);
    await waitUntil(() => !alive(drawing!));

    // A sysadmin sees it on the metrics port.
    expect(await site.locals.metrics.registry.metrics()).toMatch(/^site_image_encode_memory_kills_total 1$/m);

    // A photo is made as before, in a process of its own.
    const calm = await getBytes(site, url('calm-1.jpg', 640), WEBP);
    expect(calm.headers['x-image-fallback']).toBeUndefined();
    expect((await sharp(calm.body as Buffer).metadata()).width).toBe(640);
    expect(encoder.pids).not.toContain(drawing);
    encoder.close();
  }, 300_000);
});

describe('a source slower than IMAGE_WAIT_S', () => {
  /** A backend whose photos are held until the test releases them: only the wait can end an answer. */
  async function heldBackend(names: string[]) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#30a060' } })
      .jpeg()
      .toBuffer();
    const backend = await startFakeBackend(
      Object.fromEntries(names.map((name) => [`/media/${name}`, { body: photo, contentType: 'image/jpeg', until: held }])),
    );
    return { backend, release };
  }

  it('gets the default image when the wait is over, before a proxy would give up on the replica, and its variant on a later request', async () => {
    const { backend: slow, release } = await heldBackend(['slow.jpg']);
    try {
      const site = testApp(slow.url, { IMAGE_CACHE_DIR: join(dir, 'slow-cache'), IMAGE_WAIT_S: '1', BACKEND_TIMEOUT_MS: '120000' });
      const url = site.locals.images.urls.imageSet(`${slow.url}/media/slow.jpg`, [320]).src;

      const first = await getBytes(site, url, WEBP);
      expect(first.status).toBe(200);
      expect(first.headers['x-image-fallback']).toBe('too-slow');
      expect(first.headers['cache-control']).toBe('public, max-age=60');

      release();
      // The variant was still made: once it is on disk, it is the answer.
      await waitUntil(async () => (await getBytes(site, url, WEBP)).headers['x-image-fallback'] === undefined);
      const later = await getBytes(site, url, WEBP);
      expect((await sharp(later.body as Buffer).metadata()).width).toBe(320);
      expect(slow.calls('/media/slow.jpg')).toBe(1);
      site.locals.images.encoder.close();
    } finally {
      release();
      await slow.close();
    }
  });

  it('answers the default image without waiting for the queue, while the queue waits for a slow source', async () => {
    const { backend: slow, release } = await heldBackend(['slow-1.jpg', 'slow-2.jpg']);
    try {
      const site = testApp(slow.url, { IMAGE_CACHE_DIR: join(dir, 'busy-cache'), IMAGE_WAIT_S: '1', BACKEND_TIMEOUT_MS: '120000' });
      const { urls, variants } = site.locals.images;
      const url = (n: number, width: number) => urls.imageSet(`${slow.url}/media/slow-${n}.jpg`, [width]).src;

      // The queue's one place (IMAGE_ENCODERS=1) waits for a source that does not come...
      const holding = getBytes(site, url(1, 320), WEBP).then((res) => res);
      await slow.requested('/media/slow-1.jpg');
      // ...so another source's variant waits in line past IMAGE_WAIT_S: the default image comes instead.
      const second = await getBytes(site, url(2, 960), WEBP);
      expect(second.status).toBe(200);
      expectDefaultImage(second, 'too-slow');
      expect(variants.queue.stats).toEqual({ running: 1, queued: 1 });

      release();
      expect((await holding).status).toBe(200);
      await waitUntil(() => variants.queue.stats.running === 0 && variants.queue.stats.queued === 0);
      site.locals.images.encoder.close();
    } finally {
      release();
      await slow.close();
    }
  });

  it('answers the default image in every format with no encoder at all, so that a starved host still answers in time', async () => {
    const { backend: slow, release } = await heldBackend(['slow-1.jpg', 'slow-2.jpg', 'slow-3.jpg', 'slow-4.jpg']);
    try {
      const site = testApp(slow.url, { IMAGE_CACHE_DIR: join(dir, 'stand-in-cache'), IMAGE_WAIT_S: '1', BACKEND_TIMEOUT_MS: '120000' });
      const { urls, variants, encoder } = site.locals.images;
      const url = (n: number, width: number) => urls.imageSet(`${slow.url}/media/slow-${n}.jpg`, [width]).src;
      const holding = getBytes(site, url(1, 320), WEBP).then((res) => res);
      await slow.requested('/media/slow-1.jpg');
      // Every format's first fallback at once (a replica just started): an encode for any of them would
      // wait for a CPU the host may not give it, past the proxy's read timeout.
      const answers = await Promise.all([getBytes(site, url(2, 960), 'image/avif,*/*'), getBytes(site, url(3, 960), WEBP), getBytes(site, url(4, 960), OLD)]);
      for (const res of answers) expectDefaultImage(res, 'too-slow');
      expect(encoder.stats.processesStarted).toBe(0);

      release();
      expect((await holding).status).toBe(200);
      await waitUntil(() => variants.queue.stats.running === 0 && variants.queue.stats.queued === 0);
      encoder.close();
    } finally {
      release();
      await slow.close();
    }
  });
});

describe('an encoder process whose server goes away', () => {
  it('ends at once, also in the middle of drawing a hostile source, instead of drawing on for nobody', async () => {
    const child = fork(new URL('../../server/images/encoder-process.mjs', import.meta.url), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    const drawing = new Promise<void>((resolve) =>
      child.on('message', (reply: { ready?: boolean }) => {
        if (!reply.ready) return;
        child.send({
          id: 1,
          op: 'encode',
          bytes: hostileSvg(),
          source: { format: 'svg', width: 7000, height: 7000, hasAlpha: true },
          width: 1920,
          target: 'avif',
          shareCrop: SHARE_CROP,
        });
        resolve();
      }),
    );
    await drawing;
    // libvips has the job on its threads once the process has used some CPU on it.
    await waitUntil(() => cpuTicks(child.pid!) > 50);
    // What the child sees when the server exits or is killed: its IPC channel closes.
    child.disconnect();
    await waitUntil(() => !alive(child.pid!));
  });
});

/** User + system CPU of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}
