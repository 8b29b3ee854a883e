/**
 * What one image variant costs the server: a 640w AVIF and WebP of a 4000x3000 camera-like JPEG
 * (photo.ts), made cold (fetched again from a backend on 127.0.0.1, decoded, resized, encoded, written
 * to the disk cache) and then cached (read back from disk), through the endpoint's own ImageVariants.
 * Wall time and CPU time: this process's (the server's part: fetch, disk cache, messages; and the test
 * backend's sending) and that of the encoder processes it starts, where libvips decodes and encodes.
 * Bundled and run by scripts/bench.mjs: speed is a measurement, never a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { createImages } from '../../server/images';
import type { Target } from '../../server/images/formats';
import { createLogger } from '../../server/logger';
import { Stopping } from '../../server/stopping';
import { cameraLikePhoto } from './photo';
import { cpuMicros, treeCpuMicros } from './process-cpu.mjs';

const WIDTH = 640;
const SETTLE_STEP_MS = 100;
const SETTLE_TRIES = 30;

/**
 * CPU (microseconds) of this process's children (live, or ended and waited for), read once they have
 * used none for a moment: what an encoder process does after its answer (freeing the image, collecting
 * garbage) belongs to the variant before, not to the next one measured.
 */
async function settledChildrenCpu(): Promise<number> {
  const children = () => treeCpuMicros(process.pid) - cpuMicros([process.pid]);
  let last = children();
  for (let tries = 0; tries < SETTLE_TRIES; tries++) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS));
    const now = children();
    if (now === last) break;
    last = now;
  }
  return last;
}

export async function imageTiming(): Promise<string> {
  const photo = await cameraLikePhoto();
  const backend = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo));
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'ztu-bench-images-'));
  const config = loadConfig({ BACKEND_URL: origin, SITE_URL: 'https://ztu.example.uz', IMAGE_CACHE_DIR: dir, LOG_LEVEL: 'error' });
  const images = createImages(config, {
    logger: createLogger('error'),
    now: Date.now,
    onSourceChanged: () => {},
    onSourceLearnt: () => {},
    stopping: new Stopping(),
  });
  try {
    const source = `${origin}/photo.jpg`;
    // Once per process, libvips loads its codecs: a 160w of each format first, so 640w cold is the
    // cost of a variant (a fetch of the source, its decode, resize and encode), not of a process's first.
    for (const target of ['avif', 'webp'] as Target[]) await images.variants.answer(source, null, 160, target);
    const lines = [`image variants: ${WIDTH}w of a 4000x3000 JPEG (${(photo.length / 1e6).toFixed(1)} MB), one at a time`];
    for (const state of ['cold', 'cached'] as const) {
      for (const target of ['avif', 'webp'] as Target[]) {
        const children = await settledChildrenCpu();
        const own = process.cpuUsage();
        const started = performance.now();
        const answer = await images.variants.answer(source, null, WIDTH, target);
        const wallMs = performance.now() - started;
        const { user, system } = process.cpuUsage(own);
        const ownMs = (user + system) / 1000;
        const childrenMs = ((await settledChildrenCpu()) - children) / 1000;
        lines.push(
          `  ${target} ${state}: ${wallMs.toFixed(1)} ms, CPU ${(ownMs + childrenMs).toFixed(1)} ms (server ${ownMs.toFixed(1)}, encoder processes ${childrenMs.toFixed(0)}), ${(answer.body.length / 1024).toFixed(1)} KB`,
        );
      }
    }
    return lines.join('\n');
  } finally {
    images.encoder.close();
    backend.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
