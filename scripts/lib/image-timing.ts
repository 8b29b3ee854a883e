/**
 * What one image variant costs the server: a 640w AVIF and WebP of a 4000x3000 camera-like JPEG
 * (photo.ts), made cold (fetched again from a backend on 127.0.0.1, decoded, resized, encoded, written
 * to the disk cache) and then cached (read back from disk), through the endpoint's own ImageVariants.
 * Wall time and CPU time: this process's (the server's part: fetch, disk cache, messages) and that of
 * the encoder processes it starts, where libvips decodes and encodes. Bundled and run by
 * scripts/bench.mjs: speed is a measurement, never a test.
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
import { cameraLikePhoto } from './photo';
import { cpuMicros, treeCpuMicros } from './process-cpu.mjs';

const WIDTH = 640;

export async function imageTiming(): Promise<string> {
  const photo = await cameraLikePhoto();
  const backend = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo));
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'ztu-bench-images-'));
  const config = loadConfig({ BACKEND_URL: origin, SITE_URL: 'https://ztu.example.uz', IMAGE_CACHE_DIR: dir, LOG_LEVEL: 'error' });
  const images = createImages(config, { logger: createLogger('error'), now: Date.now, onSourceChanged: () => {}, onSourceLearnt: () => {} });
  try {
    const source = `${origin}/photo.jpg`;
    // Once per process, libvips loads its codecs: a 160w of each format first, so 640w cold is the
    // cost of a variant (a fetch of the source, its decode, resize and encode), not of a process's first.
    for (const target of ['avif', 'webp'] as Target[]) await images.variants.answer(source, null, 160, target);
    const lines = [`image variants: ${WIDTH}w of a 4000x3000 JPEG (${(photo.length / 1e6).toFixed(1)} MB), one at a time`];
    for (const state of ['cold', 'cached'] as const) {
      for (const target of ['avif', 'webp'] as Target[]) {
        // This process alone, and with its children (live, or ended during the run and waited for).
        const own = cpuMicros([process.pid]);
        const tree = treeCpuMicros(process.pid);
        const started = performance.now();
        const answer = await images.variants.answer(source, null, WIDTH, target);
        const wallMs = performance.now() - started;
        const ownMs = (cpuMicros([process.pid]) - own) / 1000;
        const totalMs = (treeCpuMicros(process.pid) - tree) / 1000;
        lines.push(
          `  ${target} ${state}: ${wallMs.toFixed(1)} ms, CPU ${totalMs.toFixed(0)} ms (server ${ownMs.toFixed(0)}, encoder processes ${(totalMs - ownMs).toFixed(0)}), ${(answer.body.length / 1024).toFixed(1)} KB`,
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
