/**
 * `node scripts/encoder-job-memory.mjs`: how much memory of its own (RssAnon: pixels, the allocator's
 * arenas; not the code pages it shares with the server) one image encoder process takes at its peak for
 * one variant, each job in a fresh process, for the sources a replica may meet: a camera's 12 MP JPEG
 * (landscape, portrait, saved progressive), large PNGs, AVIF sources, a huge progressive JPEG, the soak
 * test's pathological SVG and a 1 KB SVG whose filter keeps forty results. Read from /proc every 10 ms
 * while the job runs; a job is stopped past 60 s or 1 GB. The last column says whether the job fits
 * IMAGE_ENCODER_MAX_MB (`IMAGE_ENCODER_MAX_MB=… node scripts/encoder-job-memory.mjs` to try another
 * bound; the server's default otherwise). Linux only; figures depend on the machine and libvips.
 */
import sharp from 'sharp';
import { withBundled } from './lib/bundled.mjs';
import { SHARE_CROP, startEncoder } from './lib/encoder-child.mjs';
import { pathologicalSvg } from './lib/soak/hostile.mjs';

const DEFAULT_BOUND_MB = 160;
const bound = Number(process.env.IMAGE_ENCODER_MAX_MB ?? DEFAULT_BOUND_MB);
const SAMPLE_MS = 10;
const GIVE_UP_MS = 60_000;
const GIVE_UP_MB = 1024;

const camera = await withBundled('photo', (module) => module.cameraLikePhoto());
const hungry = await withBundled('hostile-images', (module) => module.memoryHungrySvg());
const sources = {
  '12 MP JPEG (a camera)': camera,
  '12 MP JPEG, portrait': await sharp(camera).rotate(90).jpeg({ quality: 90 }).toBuffer(),
  '12 MP JPEG, progressive': await sharp(camera).jpeg({ quality: 85, progressive: true }).toBuffer(),
  '49 MP PNG': await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#3060c0' } })
    .png({ compressionLevel: 1 })
    .toBuffer(),
  '12 MP PNG, interlaced': await sharp(camera).png({ compressionLevel: 1, progressive: true }).toBuffer(),
  '6 MP AVIF': await sharp(camera).resize(2800).avif({ quality: 60, effort: 2 }).toBuffer(),
  '12 MP AVIF': await sharp(camera).avif({ quality: 60, effort: 2 }).toBuffer(),
  '37 MP JPEG, progressive': await sharp(camera).resize(7000).jpeg({ progressive: true }).toBuffer(),
  'soak pathological SVG': pathologicalSvg(),
  '1 KB SVG, 40 filter results': hungry,
};
/** What the endpoint asks for (AVIF up to 1280 px, WebP wider; formats.ts). */
const VARIANTS = [
  [1920, 'webp'],
  [1280, 'avif'],
  [640, 'avif'],
  ['og', 'legacy'],
];

/** Runs one job in a fresh process; its idle and peak own memory in MB, and seconds. */
async function peak(bytes, width, target) {
  const encoder = await startEncoder({ MALLOC_ARENA_MAX: '1' });
  const idle = encoder.memory().own;
  let most = idle;
  let stopped = '';
  const started = performance.now();
  const watch = setInterval(() => {
    try {
      most = Math.max(most, encoder.memory().own);
    } catch {
      return;
    }
    if (most > GIVE_UP_MB || performance.now() - started > GIVE_UP_MS) {
      stopped = most > GIVE_UP_MB ? `stopped past ${GIVE_UP_MB} MB` : `stopped after ${GIVE_UP_MS / 1000} s`;
      encoder.kill();
    }
  }, SAMPLE_MS);
  try {
    const source = await encoder.ask({ op: 'inspect', bytes });
    await encoder.ask({ op: 'encode', bytes, source, width, target, shareCrop: SHARE_CROP });
  } catch (error) {
    stopped ||= error instanceof Error ? error.message.slice(0, 60) : String(error);
  } finally {
    clearInterval(watch);
    encoder.kill();
  }
  return { idle, most, seconds: (performance.now() - started) / 1000, stopped };
}

const pad = (text, width) => String(text).padEnd(width);
console.log(`${pad('source', 32)}${pad('variant', 12)}${'idle MB'.padStart(8)}${'peak MB'.padStart(9)}${'wall s'.padStart(8)}  within ${bound} MB`);
for (const [name, bytes] of Object.entries(sources)) {
  for (const [width, target] of VARIANTS) {
    const { idle, most, seconds, stopped } = await peak(bytes, width, target);
    const fits = stopped || (most <= bound ? 'yes' : 'no');
    console.log(
      `${pad(name, 32)}${pad(`${width} ${target}`, 12)}${idle.toFixed(0).padStart(8)}${most.toFixed(0).padStart(9)}${seconds.toFixed(1).padStart(8)}  ${fits}`,
    );
  }
}
