/**
 * How late the main thread's event loop runs because of this process's own work. The event-loop delay
 * Node measures (prom-client's nodejs_eventloop_lag_*) counts every millisecond a timer ran late,
 * also those the thread spent ready to run while another process held every core: on a host whose
 * cores are all busy it rises although nothing in this process got slower. Linux counts, per thread,
 * the time it spent runnable but waiting for a core (the second field of /proc/<pid>/task/<tid>/schedstat).
 * A timer ticking every TICK_MS takes its own lateness less the main thread's wait for a core since the
 * previous tick: what is left is the time the loop was held by the process's own work (JavaScript,
 * garbage collection, a synchronous call; time it slept inside that work counts too, such as waiting
 * for its collector's helper threads, which may themselves wait for a core). The metrics show both, so
 * that a sysadmin can tell "the site blocks its loop" from "the host has too little CPU for what runs
 * on it". The timer ticks while requests come, and stops two seconds after the last: waking an idle
 * process costs more than a tick's work, and a delay nobody waited through delayed nobody.
 */
import { openSync, readSync } from 'node:fs';
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

/** Ticks of the timer whose lateness is measured; the estimate errs by at most one, towards blaming the process. */
export const TICK_MS = 20;

/**
 * The part of a tick's lateness (ms) that the wait for a core does not explain. The wait counted since
 * the previous tick may include up to one interval before this tick was due, which delayed nothing: that
 * part is not taken off, so the estimate errs towards blaming the process, never the host.
 */
export function ownDelayMs(lateMs: number, waitMs: number, tickMs = TICK_MS): number {
  return Math.min(lateMs, Math.max(0, lateMs - Math.max(0, waitMs - tickMs)));
}

export interface MainThreadDelay {
  /** The lateness the process's own work caused, in µs per tick, since it was last reset. */
  readonly own: RecordableHistogram;
  /** Milliseconds the main thread has spent waiting for a core since the process started. */
  cpuWaitMs(): number;
  /** A request was answered: measure for a while (an idle process is not woken to be measured). */
  requestSeen(): void;
}

/** How long the timer keeps ticking after the last request. */
export const AWAKE_AFTER_REQUEST_MS = 2_000;

/** Milliseconds thread `tid` of this process has spent runnable but waiting for a core, read on each call; null without schedstats. */
function cpuWaitReader(tid: number): (() => number) | null {
  let fd: number;
  try {
    fd = openSync(`/proc/self/task/${tid}/schedstat`, 'r');
  } catch {
    return null;
  }
  const buffer = Buffer.alloc(96);
  return () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return Number(buffer.toString('latin1', 0, length).split(' ')[1]) / 1e6;
  };
}

let monitor: MainThreadDelay | null | undefined;

/**
 * The process's one monitor of its main thread, started on first use; null where the kernel does not
 * say how long a thread waited for a core (no /proc, or a kernel built without schedstats).
 */
export function mainThreadDelay(): MainThreadDelay | null {
  if (monitor !== undefined) return monitor;
  // The main thread's id is the process id.
  const waitMs = cpuWaitReader(process.pid);
  if (!waitMs || !Number.isFinite(waitMs())) return (monitor = null);
  const own = createHistogram();
  let timer: NodeJS.Timeout | null = null;
  let lastWait = waitMs();
  let lastAt = 0;
  let lastRequestAt = 0;
  const tick = () => {
    const now = performance.now();
    const wait = waitMs();
    const lateMs = Math.max(0, now - lastAt - TICK_MS);
    // A histogram records whole numbers from 1: microseconds, a tick on time as 1 µs.
    own.record(Math.max(1, Math.round(ownDelayMs(lateMs, wait - lastWait) * 1000)));
    lastWait = wait;
    lastAt = now;
    if (now - lastRequestAt > AWAKE_AFTER_REQUEST_MS) {
      clearInterval(timer!);
      timer = null;
    }
  };
  const requestSeen = () => {
    lastRequestAt = performance.now();
    if (timer) return;
    lastWait = waitMs();
    lastAt = lastRequestAt;
    timer = setInterval(tick, TICK_MS).unref();
  };
  return (monitor = { own, cpuWaitMs: waitMs, requestSeen });
}
