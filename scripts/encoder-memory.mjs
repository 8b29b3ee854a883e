/**
 * `node scripts/encoder-memory.mjs`: what one image encoder process (server/images/encoder-process.mjs)
 * holds while it makes variants one after another, with glibc's malloc as it comes and with the arena
 * limit server/images/encoder.ts gives its processes, one run after the other on the same jobs. Two
 * sequences: the site's own media (its photos and PNGs, and 20 of its SVGs, at six sizes and formats
 * each), and a 4000x3000 camera-like JPEG (scripts/lib/photo.ts) at the same six, twice. Printed per
 * run: the process's resident memory when idle, its peak (VmHWM) and what it still held after the last
 * job (VmRSS), from /proc. A process is never replaced here, so what it keeps is seen whole; the server
 * replaces one that keeps more than its bound. Linux only; figures depend on the machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withBundled } from './lib/bundled.mjs';
import { SHARE_CROP, startEncoder } from './lib/encoder-child.mjs';
import { root } from './lib/site-process.mjs';

const MEDIA = join(root, 'public', 'media');
/** The variants of each source: the endpoint's widths and targets, and the share crop. */
const VARIANTS = [
  [320, 'avif'],
  [640, 'webp'],
  [960, 'avif'],
  [1920, 'webp'],
  [1280, 'avif'],
  ['og', 'legacy'],
];
const ALLOCATORS = { 'glibc as it comes': {}, 'MALLOC_ARENA_MAX=1': { MALLOC_ARENA_MAX: '1' } };

function mediaFiles() {
  const files = readdirSync(MEDIA, { recursive: true })
    .map((name) => join(MEDIA, String(name)))
    .sort();
  return [...files.filter((f) => /\.(jpe?g|png)$/.test(f)), ...files.filter((f) => f.endsWith('.svg')).slice(0, 20)];
}

/** Runs `jobs` ([bytes, width, target]) in one new encoder process with `env` added; returns its memory. */
async function measure(jobs, env) {
  const encoder = await startEncoder(env);
  const idle = encoder.memory().rss;
  const started = performance.now();
  for (const [bytes, width, target] of jobs) {
    const source = await encoder.ask({ op: 'inspect', bytes });
    await encoder.ask({ op: 'encode', bytes, source, width, target, shareCrop: SHARE_CROP });
  }
  const seconds = (performance.now() - started) / 1000;
  const { rss, hwm } = encoder.memory();
  encoder.kill();
  return { idle, hwm, rss, seconds };
}

const camera = await withBundled('photo', (module) => module.cameraLikePhoto());
const sequences = {
  'site media': mediaFiles().flatMap((file) => VARIANTS.map(([width, target]) => [readFileSync(file), width, target])),
  '4000x3000 JPEG, twice': [...VARIANTS, ...VARIANTS].map(([width, target]) => [camera, width, target]),
};
const fixed = (value) => value.toFixed(0).padStart(6);
console.log(
  `${'sequence'.padEnd(24)}${'allocator'.padEnd(22)}${'jobs'.padStart(5)}${'idle MB'.padStart(9)}${'peak MB'.padStart(9)}${'kept MB'.padStart(9)}${'wall s'.padStart(8)}`,
);
for (const [name, jobs] of Object.entries(sequences)) {
  for (const [allocator, env] of Object.entries(ALLOCATORS)) {
    const { idle, hwm, rss, seconds } = await measure(jobs, env);
    console.log(
      `${name.padEnd(24)}${allocator.padEnd(22)}${String(jobs.length).padStart(5)}   ${fixed(idle)}   ${fixed(hwm)}   ${fixed(rss)}  ${fixed(seconds)}`,
    );
  }
}
