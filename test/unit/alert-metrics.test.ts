/**
 * The memory limit the MemoryNearLimit alert measures a replica against (server/alert-metrics.ts): the
 * container's when one is set, the host's otherwise, whichever way Node says "no limit".
 */
import { describe, expect, it } from 'vitest';
import { memoryLimitBytes, residentBytes } from '../../server/alert-metrics';

const GB = 1024 ** 3;

describe('memoryLimitBytes', () => {
  it("is the container's limit where one is set", () => {
    expect(memoryLimitBytes(448 * 1024 ** 2, 16 * GB)).toBe(448 * 1024 ** 2);
  });

  it('is the host\'s memory where Node reports no limit (0, undefined, or the cgroup\'s huge "max")', () => {
    for (const none of [0, undefined, 2 ** 64]) expect(memoryLimitBytes(none, 16 * GB)).toBe(16 * GB);
  });
});

describe('residentBytes', () => {
  it("reads a live process's resident memory, and 0 for one that is gone", () => {
    expect(residentBytes(process.pid)).toBeGreaterThan(10 * 1024 ** 2);
    expect(residentBytes(2 ** 22 + 1)).toBe(0);
  });
});
