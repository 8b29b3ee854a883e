/**
 * What a replica's memory was made of at its highest sample in a soak run (scripts/lib/soak/memory.mjs):
 * the report's answer to "why was this replica near its bound".
 */
import { describe, expect, it } from 'vitest';
import { memoryAtPeak } from '../../scripts/lib/soak/memory.mjs';

const rss = (replica: string, tMs: number, totalMb: number, serverPssMb: number) => ({
  replica,
  tMs,
  start: 0,
  sinceStartMs: tMs,
  mb: serverPssMb + 40,
  totalMb,
  serverPssMb,
});
const scrape = (replica: string, tMs: number, heapMb: number, sanitizer: boolean) => ({
  replica,
  tMs,
  heapMb,
  externalMb: 38,
  pageCacheMb: 32,
  dataCacheMb: 16,
  sanitizer,
});

describe("the soak report's memory at each replica's peak", () => {
  it('splits the highest sample into server and encoders, with the scrape nearest it', () => {
    const run = {
      replicaNames: ['replica-1'],
      samples: {
        rss: [rss('replica-1', 10_000, 240, 230), rss('replica-1', 12_000, 296, 250), rss('replica-1', 14_000, 250, 249)],
        heap: [scrape('replica-1', 5_000, 80, false), scrape('replica-1', 10_500, 95, true), scrape('replica-1', 15_500, 90, false)],
      },
    };
    const figure = memoryAtPeak(run)[0]!;
    expect(figure.peak).toEqual({ tMs: 12_000, totalMb: 296, serverPssMb: 250, encodersMb: 46 });
    expect(figure.parts).toMatchObject({ tMs: 10_500, heapMb: 95, sanitizer: true });
  });

  it('takes no sample whose smaps_rollup could not be read for a peak, nor for a zero', () => {
    const unread = { ...rss('replica-1', 12_000, 0, 0), totalMb: null, serverPssMb: null };
    const run = { replicaNames: ['replica-1'], samples: { rss: [unread, rss('replica-1', 14_000, 180, 170)], heap: [] } };
    expect(memoryAtPeak(run)[0]?.peak).toMatchObject({ tMs: 14_000, totalMb: 180 });
    expect(memoryAtPeak({ ...run, samples: { rss: [unread], heap: [] } })[0]?.peak).toBeNull();
  });

  it('says nothing of the parts when no scrape came near the peak, and nothing at all without samples', () => {
    const run = {
      replicaNames: ['replica-1', 'replica-2'],
      samples: { rss: [rss('replica-1', 60_000, 200, 190)], heap: [scrape('replica-1', 10_000, 80, true), scrape('replica-2', 60_000, 80, true)] },
    };
    const [lonely, absent] = memoryAtPeak(run);
    expect(lonely?.peak?.totalMb).toBe(200);
    expect(lonely?.parts).toBeNull();
    expect(absent).toEqual({ name: 'replica-2', peak: null, parts: null });
  });
});
