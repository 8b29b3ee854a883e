/**
 * Waiting in the soak test: every wait ends when its time is up or when the run is stopped (the
 * deadline, or Ctrl-C), so no loop outlives the run.
 */

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export function sleep(ms, signal) {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Checks `condition` every `everyMs` until it holds (true), `timeoutMs` passes or `signal` aborts
 * (false). A throwing check counts as not yet.
 */
export async function waitUntil(condition, { timeoutMs, everyMs = 100, signal }) {
  const until = Date.now() + timeoutMs;
  while (!signal?.aborted && Date.now() < until) {
    if (
      await Promise.resolve()
        .then(condition)
        .catch(() => false)
    )
      return true;
    await sleep(everyMs, signal);
  }
  return false;
}

/**
 * Runs `body` every `everyMs` until `signal` aborts, at most `maxRuns` times: the shape of every
 * sampling and checking loop of the run.
 */
export async function every(everyMs, signal, maxRuns, body) {
  for (let run = 0; run < maxRuns && !signal.aborted; run++) {
    await body(run);
    await sleep(everyMs, signal);
  }
}

/** A fetch bounded by `timeoutMs` and by the run's signal. */
export function boundedFetch(url, { timeoutMs = 10_000, signal, ...init } = {}) {
  const signals = [AbortSignal.timeout(timeoutMs), ...(signal ? [signal] : [])];
  return fetch(url, { ...init, signal: AbortSignal.any(signals) });
}

/** Milliseconds since the run's clock started (`Clock`), for every timestamp in the report. */
export class Clock {
  constructor() {
    this.startedAt = Date.now();
  }

  now() {
    return Date.now() - this.startedAt;
  }
}
