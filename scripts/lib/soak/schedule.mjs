/**
 * When each fault runs. The faults are planned within the first half of the drive (disruptive ones
 * wait for each other and run over), so that the last third shows whether the stack settles (memory
 * flat, no errors) after them. A short run (CI) runs every
 * fault once; a long one repeats the list as many times as fit with room between them. Disruptive
 * faults run one at a time (each waits for the one before); the others start at their planned time
 * whatever runs.
 */
import { sleep } from './time.mjs';

/** A rough length of one pass over the list, for deciding how many passes a long run holds. */
const PASS_ESTIMATE_S = 180;

/** Planned start (ms from the drive's start) of each fault, over as many passes as fit. */
export function plan(list, driveMs) {
  const windowMs = driveMs / 2;
  const passes = Math.max(1, Math.floor(windowMs / 1000 / (2 * PASS_ESTIMATE_S)));
  const slots = list.length * passes;
  const firstMs = Math.min(10_000, windowMs / (slots + 1));
  const stepMs = (windowMs - firstMs) / slots;
  return Array.from({ length: slots }, (_, i) => ({ fault: list[i % list.length], atMs: firstMs + i * stepMs }));
}

/**
 * Runs the planned faults; resolves when all have ended (or the run stopped). `runFault` runs one and
 * records it.
 */
export async function runSchedule(planned, { startedAt, signal, runFault }) {
  let chain = Promise.resolve();
  const all = [];
  for (const slot of planned) {
    const waitMs = startedAt + slot.atMs - Date.now();
    if (waitMs > 0) await sleep(waitMs, signal);
    if (signal.aborted) break;
    if (slot.fault.disruptive) {
      chain = chain.then(() => (signal.aborted ? null : runFault(slot.fault)));
      all.push(chain);
    } else {
      all.push(runFault(slot.fault));
    }
  }
  await Promise.allSettled(all);
}
