import { describe, expect, it } from 'vitest';
import { mainThreadDelay, ownDelayMs, TICK_MS } from '../../server/event-loop';

describe('the event-loop delay the process caused itself', () => {
  it('blames the process for lateness while its thread had a core, and the host for the time it waited for one', () => {
    expect(ownDelayMs(150, 0)).toBe(150);
    // Waited the whole time: all but one interval of the wait is taken off (it may have come before the tick was due).
    expect(ownDelayMs(150, 150)).toBe(TICK_MS);
    expect(ownDelayMs(150, 100)).toBe(150 - (100 - TICK_MS));
    expect(ownDelayMs(5, 400)).toBe(0);
    // A wait within the interval before the tick was due delayed nothing.
    expect(ownDelayMs(80, TICK_MS)).toBe(80);
  });

  const monitor = mainThreadDelay();

  it.skipIf(process.platform !== 'linux')('is measured on Linux, where the kernel counts a thread’s wait for a core', () => {
    expect(monitor).not.toBeNull();
    expect(monitor!.cpuWaitMs()).toBeGreaterThanOrEqual(0);
    // The loop held by the process's own work: test/integration/metrics.test.ts.
  });
});
