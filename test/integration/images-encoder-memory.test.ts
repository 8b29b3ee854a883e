/**
 * What the image encoder processes keep of the memory their work took. libvips's and libaom's threads
 * each allocate, and with one glibc malloc arena per thread a process keeps about one encode's peak per
 * thread, many times what one arena keeps (scripts/encoder-memory.mjs measures both). And a process
 * that holds more than its bound after a job is replaced instead of being given the next one. Memory is
 * read from /proc and asserted loosely; no time is.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { cameraLikePhoto } from '../../scripts/lib/photo';
import { Encoder } from '../../server/images/encoder';
import type { Size, Target } from '../../server/images/formats';

/** Far above what a process keeps with one malloc arena, far below what it keeps with one per thread. */
const KEPT_MB_AT_MOST = 200;
/** What the endpoint asks of a source this size (AVIF stops at AVIF_MAX_WIDTH). */
const VARIANTS: [Size, Target][] = [
  [1920, 'webp'],
  [1280, 'avif'],
  [1280, 'webp'],
  [1920, 'legacy'],
  ['og', 'legacy'],
];

function residentMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

let encoder: Encoder | undefined;
afterEach(() => encoder?.close());

describe('the image encoder processes', () => {
  it('keep about one encode’s memory after many variants of a camera photo, not one per thread', async () => {
    // Never replaced for its memory here: what one process keeps over the jobs is what is measured.
    encoder = new Encoder({ timeoutMs: 120_000, recycleAboveBytes: Infinity });
    const photo = await cameraLikePhoto();
    const source = await encoder.inspect(photo);
    const [pid] = encoder.pids;
    for (let round = 0; round < 2; round++) {
      for (const [width, target] of VARIANTS) await encoder.encode(photo, source, width, target);
    }
    expect(encoder.pids).toEqual([pid]);
    expect(residentMb(pid!)).toBeLessThan(KEPT_MB_AT_MOST);
  }, 300_000);

  it('replace a process that holds more than the bound after a job, and reuse one below it', async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3060c0' } })
      .jpeg()
      .toBuffer();

    encoder = new Encoder({ timeoutMs: 120_000 });
    const source = await encoder.inspect(photo);
    const [first] = encoder.pids;
    await encoder.encode(photo, source, 320, 'webp');
    expect(encoder.pids).toEqual([first]);
    expect(encoder.stats).toMatchObject({ processesStarted: 1, recycledForMemory: 0 });
    encoder.close();

    // Every process is over a bound of one byte: each job gets a fresh one, and none is left holding memory.
    encoder = new Encoder({ timeoutMs: 120_000, recycleAboveBytes: 1 });
    await encoder.inspect(photo);
    expect(encoder.pids).toEqual([]);
    const encoded = await encoder.encode(photo, source, 320, 'webp');
    expect(encoder.pids).toEqual([]);
    expect(encoder.stats).toMatchObject({ processesStarted: 2, recycledForMemory: 2 });
    expect((await sharp(encoded.bytes).metadata()).width).toBe(320);
  });
});
